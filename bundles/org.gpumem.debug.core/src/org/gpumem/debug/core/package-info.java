/**
 * The debug core: one kernel launch on the simulator under debugger control, for every front
 * end (the Eclipse debug model, {@code gpumem exec --break}, the DAP server). It owns stops, run
 * control (resume, step over/into/out, run to line, suspend, terminate), breakpoints (with
 * conditions evaluated per lane and hit counts: {@link org.gpumem.debug.core.BreakpointSpec}),
 * watchpoints on any space ({@link org.gpumem.debug.core.WatchpointSpec}, caught as a
 * {@link org.gpumem.debug.core.WatchHit}), a stop at the first memory check finding of a
 * checked launch ({@link org.gpumem.debug.core.DebugSession#stopAtFirstFinding}, right after the
 * access, the finding in {@link org.gpumem.debug.core.Stop#finding()}), the CUDA focus (CTA, warp, lane; a stop moves it to
 * the lane that made it: {@link org.gpumem.debug.core.Stop#lane()}), frames, variables,
 * expressions (package {@code expr}: {@link org.gpumem.debug.core.KernelEngine#evaluate},
 * across a warp {@link org.gpumem.debug.core.KernelEngine#evaluateWarp}, memory monitors
 * {@link org.gpumem.debug.core.KernelEngine#memoryReference}; a texture or surface object leads
 * to the memory it reads, {@link org.gpumem.debug.core.KernelEngine#textureMemory}), and memory
 * reads and writes by model {@code Location} through the stop's model state. No Eclipse in it;
 * it runs on a plain classpath.
 *
 * <p>Promises: {@link org.gpumem.debug.core.DebugSession} has one executor thread per session,
 * and every {@link org.gpumem.debug.core.ConfinedToSession} method of
 * {@link org.gpumem.debug.core.KernelEngine} throws when called from another thread; reads of a
 * running or ended kernel fail at once with {@link org.gpumem.debug.core.NotStoppedException},
 * never wait for it; a stop's warps, model state and focus are recorded before its listener
 * hears of it; a suspend or terminate is always honoured; a breakpoint whose condition holds in
 * no active lane, or whose hit count is not reached, lets the warp go on without a stop being
 * recorded (the warp does not stop again at that instruction, the others still do); no
 * watchpoint costs the simulator nothing (it then runs as without a debugger's watch).
 */
package org.gpumem.debug.core;
