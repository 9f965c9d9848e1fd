package org.gpumem.debug.core;

/** Why the simulator stopped running. */
public enum StopReason {
    /** A warp reached a breakpoint line (where its condition held, past its hit count). */
    BREAKPOINT,
    /** A lane wrote (or read) bytes a watchpoint watches; {@link Stop#watch()} says what. */
    WATCHPOINT,
    /** A step of one warp finished. */
    STEP,
    /** The client asked to suspend. */
    SUSPEND,
    /** A fault stopped the kernel; the warp that caused it is the stop's warp. */
    FAULT,
    /** Every thread finished. */
    EXITED
}
