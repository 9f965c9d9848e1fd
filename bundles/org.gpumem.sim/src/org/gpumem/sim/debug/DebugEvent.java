package org.gpumem.sim.debug;

import org.gpumem.sim.Fault;
import org.gpumem.sim.LaunchResult;

/**
 * Something the debug session reports to its listeners: the launch resumed, suspended (at a
 * breakpoint, after a watched access, after a step, or on request), faulted, or exited.
 * {@code warp} is the warp that caused it, where there is one; {@code watch} what a watchpoint
 * caught.
 */
public record DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result,
        Watchpoint.Hit watch) {
    public enum Kind {
        RESUMED, SUSPENDED_BREAKPOINT, SUSPENDED_WATCHPOINT, SUSPENDED_STEP, SUSPENDED_REQUEST, FAULT, EXITED
    }

    /** An event of any kind but {@link Kind#SUSPENDED_WATCHPOINT}. */
    public DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result) {
        this(kind, cta, warp, breakpoint, fault, result, null);
    }

    /** True for the kinds after which the session can be resumed or stepped. */
    public boolean isSuspended() {
        return kind == Kind.SUSPENDED_BREAKPOINT || kind == Kind.SUSPENDED_WATCHPOINT || kind == Kind.SUSPENDED_STEP
                || kind == Kind.SUSPENDED_REQUEST;
    }
}
