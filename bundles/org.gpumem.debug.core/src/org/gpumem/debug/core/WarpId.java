package org.gpumem.debug.core;

import org.gpumem.sim.Dim3;

/** A warp of the launch: its CTA index in the grid and its index in the CTA. */
public record WarpId(Dim3 cta, int warp) {
    /** {@code CTA (x,y,z) warp n}, the label of the warp's thread in the Debug view. */
    public String label() {
        return ctaLabel(cta) + " warp " + warp;
    }

    /** {@code CTA (x,y,z)}. */
    public static String ctaLabel(Dim3 cta) {
        return "CTA (" + cta.x() + "," + cta.y() + "," + cta.z() + ")";
    }
}
