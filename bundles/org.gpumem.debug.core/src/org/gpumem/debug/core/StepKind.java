package org.gpumem.debug.core;

/** Source-line steps of one warp. */
public enum StepKind {
    /** To the next source line, stepping over calls. */
    OVER,
    /** To the next source line, entering calls. */
    INTO,
    /** Until the current function returned to its caller. */
    RETURN
}
