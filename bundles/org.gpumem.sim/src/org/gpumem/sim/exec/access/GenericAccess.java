package org.gpumem.sim.exec.access;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.exec.ProfileCounters;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;

/**
 * The fast engine's scalar generic {@code ld} and {@code st} when every lane's address resolves
 * to one place: all inside the shared window, all inside the local window, or all outside the
 * windows and inside the global allocation the instruction used last. The access is then the one
 * {@link LaneMemory} or {@link HintedGlobalAccess} makes of that space at the window offsets, and
 * the profile counts every lane in the resolved space, as {@link CtaMemory}'s per-lane resolution
 * counts it. Mixed spaces, other windows and anything that could fault are refused, with nothing
 * written or counted, and go to {@link CtaMemory}.
 */
public final class GenericAccess {
    private GenericAccess() {
    }

    /** Scalar generic {@code ld} for the lanes of {@code m}: loaded and counted, or false with nothing changed. */
    public static boolean load(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        return access(memory, w, f, in, R, m, true);
    }

    /** Scalar generic {@code st} as {@link #load} loads. */
    public static boolean store(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        return access(memory, w, f, in, R, m, false);
    }

    private static boolean access(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m, boolean load) {
        if (m == 0) {
            return true;
        }
        StateSpaceLayout layout = memory.layout();
        int a = in.addrReg << 5;
        long off = in.addrOffset;
        PtxStateSpace space = spaceOfAll(layout, R, a, off, m);
        if (space == null) {
            return false;
        }
        int size = TypeWidths.SIZE[in.type];
        boolean done;
        if (space == PtxStateSpace.GLOBAL) {
            done = load ? HintedGlobalAccess.load(memory, f, in, R, m) : HintedGlobalAccess.store(memory, f, in, R, m);
        } else {
            long windowOffset = off - layout.base(space);
            if (space == PtxStateSpace.SHARED) {
                done = load
                        ? LaneMemory.ldArray(memory.shared(), R, in.dst[0] << 5, a, windowOffset, size,
                                TypeWidths.SIGNED[in.type] && size < 8, m)
                        : LaneMemory.stShared(memory.shared(), R, a, in.src[0] << 5, windowOffset, size, m);
            } else {
                done = load
                        ? LaneMemory.ldLocal(memory, w, R, in.dst[0] << 5, a, windowOffset, size,
                                TypeWidths.SIGNED[in.type] && size < 8, m)
                        : LaneMemory.stLocal(memory, w, R, a, in.src[0] << 5, windowOffset, size, m);
            }
        }
        if (done) {
            memory.countGeneric(f, in, ProfileCounters.slot(space), Integer.bitCount(m));
        }
        return done;
    }

    /**
     * GLOBAL when no lane's address lies in the windows' span, SHARED or LOCAL when every lane's
     * resolves to that window; null otherwise.
     */
    static PtxStateSpace spaceOfAll(StateSpaceLayout layout, long[] R, int a, long off, int m) {
        long low = layout.windowsLow, span = layout.windowsSpan;
        long first = R[a | Integer.numberOfTrailingZeros(m)] + off - low;
        if (first < 0 || first >= span) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                long wo = R[a | Integer.numberOfTrailingZeros(mm)] + off - low;
                if (wo >= 0 && wo < span) {
                    return null;
                }
            }
            return PtxStateSpace.GLOBAL;
        }
        PtxStateSpace s = layout.resolve(first + low);
        if (s != PtxStateSpace.SHARED && s != PtxStateSpace.LOCAL) {
            return null;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            long wo = R[a | Integer.numberOfTrailingZeros(mm)] + off - low;
            if (wo < 0 || wo >= span || layout.resolve(wo + low) != s) {
                return null;
            }
        }
        return s;
    }
}
