package org.gpumem.sim.debug;

/** What a step advances. */
public enum StepScope {
    /** Only the selected warp (the others stay where they are). */
    WARP,
    /** Every warp of the selected warp's CTA. */
    CTA,
    /** Every warp of every resident CTA. */
    ALL
}
