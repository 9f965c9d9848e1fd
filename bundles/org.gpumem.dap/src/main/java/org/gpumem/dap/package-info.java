/**
 * {@code gpumem dap}: the Debug Adapter Protocol server over the debug core. {@link DapEndpoint}
 * frames DAP with Eclipse LSP4J over standard input and output or loopback connections, one
 * {@link DapServer} per client; the server debugs one CUDA program (each kernel launch in turn,
 * through the core's program debugger) or one kernel launch file ({@code Debuggee}), and serves
 * the stopped kernel (warps as threads, frames, variables, memory by address space and context,
 * the CUDA focus) in DAP's terms and in gpumem's extension ({@code org.gpumem.dap.protocol},
 * docs/DAP-ADDRESS-SPACES.md). Expressions ({@code evaluate}, {@code gpumem/lanes}), breakpoint
 * conditions and hit counts, and data breakpoints are the debug core's evaluator, watchpoints and
 * breakpoint counting: the server only converts DAP's arguments and answers. A launch's {@code
 * check} runs the simulator's memory checks (compute-sanitizer's tool names), whose findings go to
 * the console when the debuggee ends; with {@code stopAtFirstFinding} the first one stops the
 * kernel as an {@code exception} in the lane that made the access (the core's finding stop).
 *
 * <p>Contract: a request is answered, never left hanging: with its result, with an error saying
 * why it is refused (bad arguments, a running kernel, a context that is not resident: {@code
 * Refusal}), or, for a bug, with the line that names the log holding the trace
 * ({@link InternalErrorLog}); malformed messages are skipped and the server goes on. Nothing but
 * DAP is written to its output. Reads of the kernel never wait for it to stop (the debug core's
 * rule); memory references are read in the space and context they name, through the stop's model
 * state, so gpumem's views and every DAP client see the same bytes.
 */
package org.gpumem.dap;
