package org.gpumem.debug.core;

import org.gpumem.sim.Fault;
import org.gpumem.sim.check.Finding;

/**
 * Where and why the simulator stopped.
 *
 * @param warp           the warp that hit the breakpoint or watchpoint, finished the step or
 *                       faulted; null for {@link StopReason#SUSPEND} without a particular warp
 *                       and for {@link StopReason#EXITED}
 * @param fault          the fault report for {@link StopReason#FAULT}, else null
 * @param breakpoint     the breakpoint the warp reached for {@link StopReason#BREAKPOINT}, else null
 * @param lane           the lane that made the stop: the first lane where the breakpoint's
 *                       condition holds, the lane that wrote a watched byte, the lane whose
 *                       access the memory checks found; -1 when no lane in particular did (the
 *                       focus then keeps its rule)
 * @param watch          what a {@link StopReason#WATCHPOINT} stop caught, else null
 * @param conditionError why the breakpoint's condition could not be evaluated (the stop is then
 *                       made so that the user sees it), else null
 * @param finding        what the memory checks found for a {@link StopReason#FINDING} stop, else null
 */
public record Stop(StopReason reason, WarpId warp, Fault fault, BreakpointSpec breakpoint, int lane, WatchHit watch,
        String conditionError, Finding finding) {

    /** A stop that is no {@link StopReason#FINDING}. */
    public Stop(StopReason reason, WarpId warp, Fault fault, BreakpointSpec breakpoint, int lane, WatchHit watch,
            String conditionError) {
        this(reason, warp, fault, breakpoint, lane, watch, conditionError, null);
    }

    /** A stop without a lane of its own. */
    public Stop(StopReason reason, WarpId warp, Fault fault, BreakpointSpec breakpoint) {
        this(reason, warp, fault, breakpoint, -1, null, null, null);
    }

    /** The lane that made the stop, or null (see {@link #lane()}). */
    public LaneId laneId() {
        return lane >= 0 && warp != null ? new LaneId(warp, lane) : null;
    }
}
