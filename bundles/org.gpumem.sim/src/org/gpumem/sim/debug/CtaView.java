package org.gpumem.sim.debug;

import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.exec.Cta;

/**
 * A CTA resident in a {@link ControlledLaunch}, as the debugger may look at it while the session is
 * suspended (on the thread that drives the session). Each resident CTA has one view, and its
 * warps one {@link WarpView} each, for as long as it is resident.
 */
public final class CtaView {
    private final Cta cta;
    private final List<WarpView> warps;

    CtaView(Cta cta) {
        this.cta = cta;
        WarpView[] views = new WarpView[cta.warpCount()];
        for (int i = 0; i < views.length; i++) {
            views[i] = new WarpView(this, cta.warp(i));
        }
        this.warps = List.of(views);
    }

    Cta cta() {
        return cta;
    }

    /** The CTA index in the grid. */
    public Dim3 index() {
        return cta.index();
    }

    /** Linear CTA number (x fastest). */
    public int linearIndex() {
        return cta.linearIndex();
    }

    public int warpCount() {
        return warps.size();
    }

    public WarpView warp(int i) {
        return warps.get(i);
    }

    public List<WarpView> warps() {
        return warps;
    }

    /** Bytes of shared memory the CTA has (static, then dynamic). */
    public long sharedBytes() {
        return cta.sharedMemory().length;
    }

    @Override
    public String toString() {
        return cta.toString();
    }
}
