package org.gpumem.debug.core;

import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;

/**
 * One lane's answer when an expression is evaluated across a warp (Warp Watch,
 * {@link KernelEngine#evaluateWarp}).
 *
 * @param lane  the lane's index in its warp
 * @param state whether the lane executes the warp's next instruction
 * @param value its value, or null (an error, or a lane that has none)
 * @param error why the expression cannot be evaluated in this lane, or null
 */
public record LaneEvaluation(int lane, State state, ExpressionValue value, ExpressionException error) {
    /** A lane's part in the warp at the stop. */
    public enum State {
        /** Executes the warp's next instruction. */
        ACTIVE,
        /** Live, but waits on the other side of a divergent branch (or outside the called function). */
        INACTIVE,
        /** Its thread has exited. */
        EXITED,
        /** The lane holds no thread (the block's last warp is partial). */
        NO_THREAD
    }

    /** The value as printed, the error's message, or the state for a lane without either. */
    public String text() {
        return value != null ? value.format() : error != null ? error.getMessage()
                : state == State.EXITED ? "<exited>" : "<no thread>";
    }
}
