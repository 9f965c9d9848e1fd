package org.gpumem.debug.core;

/** Why the simulator stopped running. */
public enum StopReason {
    /** A warp reached a breakpoint line (where its condition held, past its hit count). */
    BREAKPOINT,
    /** A lane wrote (or read) bytes a watchpoint watches; {@link Stop#watch()} says what. */
    WATCHPOINT,
    /**
     * The launch's memory checks found something new in the access the warp just made (the
     * session stops at the first finding); {@link Stop#finding()} says what, its lane is the stop's.
     */
    FINDING,
    /** A step of one warp finished. */
    STEP,
    /** The client asked to suspend. */
    SUSPEND,
    /** A fault stopped the kernel; the warp that caused it is the stop's warp. */
    FAULT,
    /** Every thread finished. */
    EXITED
}
