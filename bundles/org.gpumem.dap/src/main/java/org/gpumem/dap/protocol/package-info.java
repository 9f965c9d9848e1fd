/**
 * gpumem's extension of the Debug Adapter Protocol, as {@code docs/DAP-ADDRESS-SPACES.md}
 * specifies it: the memory-reference notation ({@link SpaceReference}: space, context, offset),
 * the requests {@code gpumem/addressSpaces}, {@code gpumem/focus} and {@code gpumem/lanes}
 * ({@link GpumemDebugServer}) and the event {@code gpumem/focusChanged}
 * ({@link GpumemDebugClient}), with their arguments and bodies as plain classes that LSP4J's JSON
 * handler (gson) writes and reads. Nothing here knows the debugger: the server in
 * {@code org.gpumem.dap} fills these from the debug core.
 */
package org.gpumem.dap.protocol;
