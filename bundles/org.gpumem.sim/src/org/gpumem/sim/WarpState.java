package org.gpumem.sim;

/** Scheduling state of a warp. */
public enum WarpState {
    /** Has live lanes and can issue. */
    READY,
    /** Waiting at a CTA barrier. */
    AT_BARRIER,
    /** All lanes exited. */
    EXITED,
    /** Stopped by a fault. */
    FAULTED
}
