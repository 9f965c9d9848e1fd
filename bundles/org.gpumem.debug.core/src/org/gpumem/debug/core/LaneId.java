package org.gpumem.debug.core;

import org.gpumem.model.Scope;
import org.gpumem.sim.Dim3;

/**
 * A lane of the launch, by CTA, warp and lane index: what a memory block, a variable or a memory
 * expression is bound to across stops (each stop has its own model contexts; this names the same
 * thread in all of them).
 */
public record LaneId(WarpId warp, int lane) {
    public Dim3 cta() {
        return warp.cta();
    }

    /**
     * The part of this lane's identity that determines a space of {@code scope}: {@code device},
     * {@code grid}, {@code CTA (1,0,0)}, {@code CTA (1,0,0) warp 2}, {@code CTA (1,0,0) warp 2 lane 7}.
     */
    public String describe(Scope scope) {
        switch (scope) {
            case SYSTEM:
            case DEVICE:
                return "device";
            case GRID:
                return "grid";
            case WORK_GROUP:
                return WarpId.ctaLabel(warp.cta());
            case SUBGROUP:
                return warp.label();
            default:
                return warp.label() + " lane " + lane;
        }
    }
}
