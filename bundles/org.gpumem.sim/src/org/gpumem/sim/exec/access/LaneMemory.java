package org.gpumem.sim.exec.access;

import java.util.Arrays;

import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.exec.LaneOps;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.WarpIntrinsics;
import org.gpumem.sim.memory.Bytes;

/**
 * The fast engine's lane loops that touch memory or other lanes: scalar accesses of one array
 * for all lanes (shared memory, the const bank, kernel parameters), of the warp's local storage,
 * and full-warp shuffles, as {@link CtaMemory} and {@link WarpIntrinsics} compute them. Each may refuse: it returns false,
 * having written nothing, when an access would fault or the case is not the plain one; the block
 * then runs the interpreter's own code, which faults exactly as it would have.
 */
public final class LaneMemory {
    private LaneMemory() {
    }

    private static final int FULL = -1;

    /** Scalar ld of one array for all lanes (shared memory, the const bank, kernel parameters): every lane's access in bounds and aligned, or false. */
    public static boolean ldArray(byte[] sm, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        if (m == FULL) {
            return ldArrayFull(sm, R, d, a, off, size, sext);
        }
        if (!inside(R, a, off, size, 0, sm.length, m)) {
            return false;
        }
        int sh = 64 - 8 * size;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = Bytes.load(sm, (int) (R[a | l] + off), size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
        return true;
    }

    /**
     * {@link #ldArray} for a full warp. Blocks call it directly: smaller than the masked form, so
     * that the JIT, which stops inlining once a method has grown past its limit, inlines the
     * loads of a long block too.
     */
    public static boolean ldArrayFull(byte[] sm, long[] R, int d, int a, long off, int size, boolean sext) {
        if (!insideFull(R, a, off, size, 0, sm.length)) {
            return false;
        }
        ldArrayInside(sm, R, d, a, off, size, sext);
        return true;
    }

    /**
     * Whether every lane's accesses of {@code size} bytes at offsets {@code lo} to {@code hi - size}
     * (multiples of {@code size}) from its {@code R[a + lane]} are aligned and inside
     * {@code [0, end)}: one check for the accesses of an {@code AccessSpans.Span}.
     */
    public static boolean spanInsideFull(long[] R, int a, long lo, long hi, int size, long end) {
        // the first access aligned and inside, its end moved to where the last one's ends
        return insideFull(R, a, lo, size, 0, end - (hi - lo - size));
    }

    /** {@link #ldArrayFull} of a full warp whose span {@link #spanInsideFull} has checked. */
    public static void ldArrayInside(byte[] sm, long[] R, int d, int a, long off, int size, boolean sext) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = LaneOps.ldArray(sm, R[a + l], off, size, sext);
        }
    }

    /** {@link #stSharedFull} of a full warp whose span {@link #spanInsideFull} has checked. */
    public static void stSharedInside(byte[] sm, long[] R, int a, int src, long off, int size) {
        for (int l = 0; l < 32; l++) {
            Bytes.store(sm, (int) (R[a + l] + off), size, R[src + l]);
        }
    }

    /**
     * {@link #ldArray} at an address all lanes share (a symbol, a kernel parameter): one read,
     * the value for every lane of {@code m}.
     */
    public static boolean ldArrayUniform(byte[] sm, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        long addr = R[a] + off;
        if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
            return false;
        }
        int sh = 64 - 8 * size;
        long v = Bytes.load(sm, (int) addr, size);
        v = sext ? (v << sh) >> sh : v;
        if (m == FULL) {
            Arrays.fill(R, d, d + 32, v);
            return true;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            R[d | Integer.numberOfTrailingZeros(mm)] = v;
        }
        return true;
    }

    /**
     * Scalar ld of the frame's param space (a call's arguments and results, lane-major in
     * {@link Frame#params}): every lane's access aligned and inside the frame's, or false.
     */
    public static boolean ldParamFrame(Frame f, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        int stride = f.paramStride;
        if (!inside(R, a, off, size, 0, stride, m)) {
            return false;
        }
        int sh = 64 - 8 * size;
        byte[] p = f.params;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = Bytes.load(p, l * stride + (int) (R[a | l] + off), size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
        return true;
    }

    /** {@link #ldParamFrame} for a full warp, called directly by blocks as {@link #ldArrayFull} is. */
    public static boolean ldParamFrameFull(Frame f, long[] R, int d, int a, long off, int size, boolean sext) {
        int stride = f.paramStride;
        if (!insideFull(R, a, off, size, 0, stride)) {
            return false;
        }
        int sh = 64 - 8 * size;
        byte[] p = f.params;
        for (int l = 0; l < 32; l++) {
            long v = Bytes.load(p, l * stride + (int) (R[a + l] + off), size);
            R[d + l] = sext ? (v << sh) >> sh : v;
        }
        return true;
    }

    /** {@link #stParamFrame} for a full warp. */
    public static boolean stParamFrameFull(Frame f, long[] R, int a, int src, long off, int size) {
        int stride = f.paramStride;
        if (!insideFull(R, a, off, size, 0, stride)) {
            return false;
        }
        byte[] p = f.params;
        for (int l = 0; l < 32; l++) {
            Bytes.store(p, l * stride + (int) (R[a + l] + off), size, R[src + l]);
        }
        return true;
    }

    /** Scalar st of the frame's param space, as {@link #ldParamFrame} loads: stored, or false with nothing stored. */
    public static boolean stParamFrame(Frame f, long[] R, int a, int src, long off, int size, int m) {
        int stride = f.paramStride;
        if (!inside(R, a, off, size, 0, stride, m)) {
            return false;
        }
        byte[] p = f.params;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            Bytes.store(p, l * stride + (int) (R[a | l] + off), size, R[src | l]);
        }
        return true;
    }

    /** Scalar st.shared, lanes in ascending order (the highest lane's value stays): in bounds and aligned, or false. */
    public static boolean stShared(byte[] sm, long[] R, int a, int src, long off, int size, int m) {
        if (m == FULL) {
            return stSharedFull(sm, R, a, src, off, size);
        }
        if (!inside(R, a, off, size, 0, sm.length, m)) {
            return false;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            Bytes.store(sm, (int) (R[a | l] + off), size, R[src | l]);
        }
        return true;
    }

    /** {@link #stShared} for a full warp, called directly by blocks as {@link #ldArrayFull} is. */
    public static boolean stSharedFull(byte[] sm, long[] R, int a, int src, long off, int size) {
        if (!insideFull(R, a, off, size, 0, sm.length)) {
            return false;
        }
        stSharedInside(sm, R, a, src, off, size);
        return true;
    }

    /**
     * Scalar ld.local for the lanes of {@code m}: every lane's access aligned and inside the
     * thread's local memory, each read from the warp's interleaved storage as {@link CtaMemory}
     * places it; or false.
     */
    public static boolean ldLocal(CtaMemory memory, Warp w, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        if (!localInside(w, R, a, off, size, m)) {
            return false;
        }
        ldLocalLanes(memory, w, R, d, a, off, size, sext, m);
        return true;
    }

    /** Scalar st.local for the lanes of {@code m}, as {@link #ldLocal} loads: stored, or false with nothing stored. */
    public static boolean stLocal(CtaMemory memory, Warp w, long[] R, int a, int src, long off, int size, int m) {
        if (!localInside(w, R, a, off, size, m)) {
            return false;
        }
        stLocalLanes(memory, w.local, R, a, src, off, size, m);
        return true;
    }

    /**
     * ld.local.v2/.v4 into registers {@code d0..d3} (the first {@code vec}; none of them the
     * address register): every lane's vector aligned to its whole size and inside the thread's
     * local memory, or false. Element after element for all lanes, which is what the
     * interpreter's lane after lane gives: no two lanes share local memory.
     */
    public static boolean ldLocalVector(CtaMemory memory, Warp w, long[] R, int a, long off, int size, boolean sext, int vec, int d0,
            int d1, int d2, int d3, int m) {
        if (!localInside(w, R, a, off, size * vec, m)) {
            return false;
        }
        ldLocalLanes(memory, w, R, d0, a, off, size, sext, m);
        ldLocalLanes(memory, w, R, d1, a, off + size, size, sext, m);
        if (vec == 4) {
            ldLocalLanes(memory, w, R, d2, a, off + 2 * size, size, sext, m);
            ldLocalLanes(memory, w, R, d3, a, off + 3 * size, size, sext, m);
        }
        return true;
    }

    /** st.local.v2/.v4 of registers {@code s0..s3}, as {@link #ldLocalVector} loads: stored, or false with nothing stored. */
    public static boolean stLocalVector(CtaMemory memory, Warp w, long[] R, int a, long off, int size, int vec, int s0, int s1, int s2,
            int s3, int m) {
        if (!localInside(w, R, a, off, size * vec, m)) {
            return false;
        }
        byte[] local = w.local;
        stLocalLanes(memory, local, R, a, s0, off, size, m);
        stLocalLanes(memory, local, R, a, s1, off + size, size, m);
        if (vec == 4) {
            stLocalLanes(memory, local, R, a, s2, off + 2 * size, size, m);
            stLocalLanes(memory, local, R, a, s3, off + 3 * size, size, m);
        }
        return true;
    }

    private static void ldLocalLanes(CtaMemory memory, Warp w, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = LaneOps.ldLocal(memory, w, l, R[a + l], off, size, sext);
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = LaneOps.ldLocal(memory, w, l, R[a | l], off, size, sext);
        }
    }

    private static void stLocalLanes(CtaMemory memory, byte[] local, long[] R, int a, int src, long off, int size, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                memory.storeLocal(local, l, R[a + l] + off, size, R[src + l]);
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            memory.storeLocal(local, l, R[a | l] + off, size, R[src | l]);
        }
    }

    /** {@link #ldLocal} of a full warp whose span {@link #spanInsideFull} has checked. */
    public static void ldLocalInside(CtaMemory memory, Warp w, long[] R, int d, int a, long off, int size, boolean sext) {
        ldLocalLanes(memory, w, R, d, a, off, size, sext, FULL);
    }

    /** {@link #stLocal} of a full warp whose span {@link #spanInsideFull} has checked. */
    public static void stLocalInside(CtaMemory memory, Warp w, long[] R, int a, int src, long off, int size) {
        stLocalLanes(memory, w.local, R, a, src, off, size, FULL);
    }

    /** Whether every lane's local access is aligned and inside the thread's local memory. */
    private static boolean localInside(Warp w, long[] R, int a, long off, int size, int m) {
        return inside(R, a, off, size, 0, w.localBytesPerThread, m);
    }

    /**
     * Whether the address {@code R[a + lane] + off} of every lane of {@code m} is aligned to
     * {@code size} (a power of two) and its {@code size} bytes lie in {@code [start, end)}. A full
     * warp is checked without a branch per lane: the lowest and highest address and the union of
     * the low bits, which the JIT compiles to a loop that does not stop early.
     */
    static boolean inside(long[] R, int a, long off, int size, long start, long end, int m) {
        if (m == FULL) {
            return insideFull(R, a, off, size, start, end);
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            long addr = R[a | Integer.numberOfTrailingZeros(mm)] + off;
            if ((addr & (size - 1)) != 0 || addr < start || addr + size > end) {
                return false;
            }
        }
        return true;
    }

    /** {@link #inside} for a full warp. */
    private static boolean insideFull(long[] R, int a, long off, int size, long start, long end) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE, bits = 0;
        for (int l = 0; l < 32; l++) {
            long addr = R[a + l] + off;
            lo = Math.min(lo, addr);
            hi = Math.max(hi, addr);
            bits |= addr;
        }
        return (bits & (size - 1)) == 0 && lo >= start && hi + size <= end;
    }

    /**
     * shfl.sync of a whole warp whose member masks hold every lane: what {@link WarpIntrinsics#shfl}
     * computes when no lane can fault; false for any other mask. {@code p} is -1 without a predicate.
     */
    public static boolean shfl(long[] tmp, long[] R, int d, int p, int a, int b, int c, int mem, int mode, int m) {
        if (m != FULL) {
            return false;
        }
        for (int l = 0; l < 32; l++) {
            if ((int) R[mem + l] != FULL) {
                return false;
            }
        }
        for (int l = 0; l < 32; l++) {
            int j = WarpIntrinsics.shflSource(mode, l, (int) (R[b + l] & 31), (int) (R[c + l] & 31),
                    (int) ((R[c + l] >>> 8) & 31));
            tmp[l] = R[a + (j >= 0 ? j : l)] & 0xFFFF_FFFFL;
            tmp[32 + l] = j >= 0 ? 1 : 0;
        }
        for (int l = 0; l < 32; l++) {
            R[d + l] = tmp[l];
        }
        if (p >= 0) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = tmp[32 + l];
            }
        }
        return true;
    }

    /**
     * {@link #shfl} whose lane offset {@code bval}, clamp {@code cval} and segment mask are known
     * when the block is compiled and whose member mask is every lane: false unless the warp is full.
     */
    public static boolean shflKnown(long[] tmp, long[] R, int d, int p, int a, int bval, int cval, int segmask, int mode, int m) {
        if (m != FULL) {
            return false;
        }
        shflKnownFull(tmp, R, d, p, a, bval, cval, segmask, mode);
        return true;
    }

    /** {@link #shflKnown} of a full warp, which cannot fault: each lane's source is a constant once inlined. */
    public static void shflKnownFull(long[] tmp, long[] R, int d, int p, int a, int bval, int cval, int segmask, int mode) {
        if (d != a) {
            for (int l = 0; l < 32; l++) {
                int j = WarpIntrinsics.shflSource(mode, l, bval, cval, segmask);
                R[d + l] = R[a + (j >= 0 ? j : l)] & 0xFFFF_FFFFL;
            }
        } else {
            for (int l = 0; l < 32; l++) {
                int j = WarpIntrinsics.shflSource(mode, l, bval, cval, segmask);
                tmp[l] = R[a + (j >= 0 ? j : l)] & 0xFFFF_FFFFL;
            }
            System.arraycopy(tmp, 0, R, d, 32);
        }
        if (p >= 0) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = WarpIntrinsics.shflSource(mode, l, bval, cval, segmask) >= 0 ? 1 : 0;
            }
        }
    }
}
