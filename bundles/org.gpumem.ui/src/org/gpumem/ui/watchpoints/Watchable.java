package org.gpumem.ui.watchpoints;

import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;

/**
 * Bytes the user asked to watch, before the accesses and context are chosen: what an expression
 * designates in frame {@code level} of {@code lane} (a variable of the Variables view), or
 * {@code length} bytes at {@code offset} of {@code space} as {@code lane} sees them (a selection
 * of the address-space table; {@code expression} is then null).
 */
public record Watchable(KernelDebugTarget target, LaneId lane, String expression, int level, String space, long offset,
        long length) {

    /** A variable or array element of the Variables view, in the lane its frame shows. */
    public static Watchable of(KernelVariable variable) {
        PtxStackFrame frame = variable.frame();
        WarpThread thread = (WarpThread) frame.getThread();
        return new Watchable((KernelDebugTarget) variable.getDebugTarget(), new LaneId(thread.warpId(), frame.lane()),
                variable.expression(), frame.callFrame().level(), null, 0, 0);
    }

    /** {@code length} bytes at {@code offset} of {@code space} as {@code lane} sees them. */
    public static Watchable range(KernelDebugTarget target, LaneId lane, String space, long offset, long length) {
        return new Watchable(target, lane, null, 0, space, offset, length);
    }

    /**
     * The debug core's watchpoint on these bytes for {@code kind} accesses, as the session makes
     * it (the space that stores them, their type). Waits for the session's executor: never on the
     * UI thread.
     *
     * @throws NotStoppedException when the kernel runs or ended
     * @throws org.gpumem.debug.core.expr.ExpressionException when there is nothing that can be watched
     */
    public WatchpointSpec spec(WatchpointSpec.Kind kind) throws NotStoppedException {
        return expression != null ? target.session().watchpoint(expression, lane, level, kind)
                : target.session().watchpoint(space, offset, length, lane, kind);
    }
}
