/**
 * CUDA programs under the debug core: {@link org.gpumem.debug.core.program.ProgramDebugger} runs
 * each kernel launch of a program started by the host bundle under a session of its own, the
 * program waiting in its launch call until that session ends. The IDE (debug and run mode),
 * {@code gpumem exec --break} and the DAP server are its front ends.
 */
package org.gpumem.debug.core.program;
