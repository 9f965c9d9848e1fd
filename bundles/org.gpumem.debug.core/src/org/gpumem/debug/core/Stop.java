package org.gpumem.debug.core;

import org.gpumem.sim.Fault;

/**
 * Where and why the simulator stopped.
 *
 * @param warp  the warp that hit the breakpoint, finished the step or faulted; null for
 *              {@link StopReason#SUSPEND} without a particular warp and for {@link StopReason#EXITED}
 * @param fault the fault report for {@link StopReason#FAULT}, else null
 * @param breakpoint the breakpoint the warp reached for {@link StopReason#BREAKPOINT}, else null
 */
public record Stop(StopReason reason, WarpId warp, Fault fault, BreakpointSpec breakpoint) {
}
