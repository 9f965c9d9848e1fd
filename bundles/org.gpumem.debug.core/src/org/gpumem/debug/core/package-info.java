/**
 * The debug core: one kernel launch on the simulator under debugger control, for every front
 * end (the Eclipse debug model, {@code gpumem exec --break}, the DAP server). It owns stops, run
 * control (resume, step over/into/out, run to line, suspend, terminate), breakpoints, the CUDA
 * focus (CTA, warp, lane), frames, variables, and memory reads and writes by model
 * {@code Location} through the stop's model state. No Eclipse in it; it runs on a plain classpath.
 *
 * <p>Promises: {@link org.gpumem.debug.core.DebugSession} has one executor thread per session,
 * and every {@link org.gpumem.debug.core.ConfinedToSession} method of
 * {@link org.gpumem.debug.core.KernelEngine} throws when called from another thread; reads of a
 * running or ended kernel fail at once with {@link org.gpumem.debug.core.NotStoppedException},
 * never wait for it; a stop's warps, model state and focus are recorded before its listener
 * hears of it; a suspend or terminate is always honoured.
 */
package org.gpumem.debug.core;
