package org.gpumem.sim.debug;

import org.gpumem.sim.Fault;
import org.gpumem.sim.LaunchResult;

/**
 * Something the debug session reports to its listeners: the launch resumed, suspended (at a
 * breakpoint, after a step, or on request), faulted, or exited. {@code warp} is the warp that
 * caused it, where there is one.
 */
public record DebugEvent(Kind kind, CtaView cta, WarpView warp, Breakpoint breakpoint, Fault fault, LaunchResult result) {
    public enum Kind {
        RESUMED, SUSPENDED_BREAKPOINT, SUSPENDED_STEP, SUSPENDED_REQUEST, FAULT, EXITED
    }

    /** True for the kinds after which the session can be resumed or stepped. */
    public boolean isSuspended() {
        return kind == Kind.SUSPENDED_BREAKPOINT || kind == Kind.SUSPENDED_STEP || kind == Kind.SUSPENDED_REQUEST;
    }
}
