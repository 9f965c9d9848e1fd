package org.gpumem.debug.core;

/**
 * The kernel cannot be read or changed now because it runs or its session ended: a state of the
 * session that front ends show ("the kernel is running"), not an error.
 */
public final class NotStoppedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean ended;

    NotStoppedException(String message, boolean ended) {
        super(message);
        this.ended = ended;
    }

    /** True when the session ended (terminated or exited), false while the kernel runs. */
    public boolean ended() {
        return ended;
    }
}
