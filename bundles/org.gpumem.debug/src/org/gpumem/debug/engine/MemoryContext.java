package org.gpumem.debug.engine;

import org.gpumem.sim.exec.Dim3;

/**
 * The context a memory access is made in: which CTA's shared memory, which warp's and lane's
 * local memory, through which lane's generic windows. Fields that a space does not need are
 * ignored (global and const need none, shared only the CTA).
 */
public record MemoryContext(WarpId warp, int lane) {
    public Dim3 cta() {
        return warp.cta();
    }

    /** How the context of {@code space} is printed: {@code CTA (1,0,0)}, {@code CTA (0,0,0) warp 1 lane 5}... */
    public String describe(MemorySpace space) {
        switch (space.scope()) {
            case DEVICE:
                return "device";
            case CTA:
                return WarpId.ctaLabel(warp.cta());
            case WARP:
                return warp.label();
            default:
                return warp.label() + " lane " + lane;
        }
    }
}
