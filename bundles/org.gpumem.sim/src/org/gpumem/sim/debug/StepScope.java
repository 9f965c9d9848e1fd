package org.gpumem.sim.debug;

/** What a step advances. */
public enum StepScope {
    /** Only the selected warp (the others stay where they are). */
    WARP,
    /** Every warp of the resident CTA. */
    CTA,
    /** Every warp of every resident CTA (the session keeps one CTA resident, so as CTA). */
    ALL
}
