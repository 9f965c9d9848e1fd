package org.gpumem.sim.debug;

import org.gpumem.sim.Fault;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.check.Finding;

/**
 * Something the debug session reports to its listeners: the launch resumed, suspended (at a
 * breakpoint, after a watched access, after an access in which the memory checks found something,
 * after a step, or on request), faulted, or exited. {@code warp} is the warp that caused it, where
 * there is one; {@code watch} what a watchpoint caught; {@code finding} what the memory checks
 * found ({@link Kind#SUSPENDED_FINDING}: its access names the lane).
 */
public record DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result,
        Watchpoint.Hit watch, Finding finding) {
    public enum Kind {
        RESUMED, SUSPENDED_BREAKPOINT, SUSPENDED_WATCHPOINT, SUSPENDED_FINDING, SUSPENDED_STEP, SUSPENDED_REQUEST, FAULT,
        EXITED
    }

    /** An event of any kind but {@link Kind#SUSPENDED_FINDING}. */
    public DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result,
            Watchpoint.Hit watch) {
        this(kind, cta, warp, breakpoint, fault, result, watch, null);
    }

    /** An event of any kind but {@link Kind#SUSPENDED_WATCHPOINT} and {@link Kind#SUSPENDED_FINDING}. */
    public DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result) {
        this(kind, cta, warp, breakpoint, fault, result, null, null);
    }

    /** True for the kinds after which the session can be resumed or stepped. */
    public boolean isSuspended() {
        return kind == Kind.SUSPENDED_BREAKPOINT || kind == Kind.SUSPENDED_WATCHPOINT || kind == Kind.SUSPENDED_FINDING
                || kind == Kind.SUSPENDED_STEP || kind == Kind.SUSPENDED_REQUEST;
    }
}
