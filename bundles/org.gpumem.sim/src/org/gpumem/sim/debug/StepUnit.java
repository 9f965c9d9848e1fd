package org.gpumem.sim.debug;

/** How far a step goes. */
public enum StepUnit {
    /** One PTX instruction per warp. */
    INSTRUCTION,
    /**
     * Until the warp is on another source line ({@code .loc}) in the same or a calling frame
     * (calls are stepped over).
     */
    SOURCE_LINE,
    /**
     * Until the warp is on another source line in any frame: into a function it calls, or back
     * in its caller.
     */
    SOURCE_LINE_INTO,
    /** Until the warp's current function has returned to its caller. */
    RETURN
}
