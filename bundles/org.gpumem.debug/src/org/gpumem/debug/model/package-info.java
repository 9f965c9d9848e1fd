/**
 * The Eclipse Platform debug model of a simulated kernel, as the PDA example lays one out:
 * target, one thread per warp, stack frames, variables, watch expressions' values (with their
 * members and elements as children), the breakpoint manager's line breakpoints and watchpoints
 * installed in the session, and memory blocks by address space. Every
 * class here converts: run control, focus, frames, variables and memory reads are the debug
 * core's {@code DebugSession} and {@code KernelEngine}, reached through {@link
 * org.gpumem.debug.model.SessionCalls}.
 *
 * <p>Promises: commands return at once (they enqueue on the session's executor); getters answer
 * from the last stop and never touch the simulator; reads of a running or ended kernel are
 * {@code DebugException}s with {@link org.gpumem.debug.model.SessionCalls#NOT_STOPPED}; one
 * debug event set per stop, fired after the stop's state is recorded.
 */
package org.gpumem.debug.model;
