package org.gpumem.sim.exec;

import org.gpumem.sim.memory.Bytes;

/**
 * The lane loops that the fast engine's compiled blocks call: one per translated instruction
 * form, with register offsets ({@code reg << 5}) and widths as arguments, which are constants
 * at each call site, so the JIT specialises a loop when it inlines it into a block. Each computes
 * exactly what the interpreter's code for that form computes ({@link Interpreter}, {@link Alu},
 * {@link Comparisons}, {@link Conversions}): operands read at the same width and signedness,
 * results masked the same way. {@link BlockTranslations} says which form goes where. A full warp
 * (mask -1) runs a counted loop the JIT can unroll and vectorise; any other mask visits its lanes.
 */
final class LaneKernels {
    private LaneKernels() {
    }

    private static final int FULL = -1;

    /** The lanes of {@code mask} whose guard predicate {@code g} (offset) lets them execute. */
    static int guard(long[] R, int g, boolean negated, int mask) {
        int pm = 0;
        if (mask == FULL) {
            for (int l = 0; l < 32; l++) {
                pm |= ((int) R[g + l] & 1) << l;
            }
            return negated ? ~pm : pm;
        }
        for (int mm = mask; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if ((R[g | l] & 1) != 0) {
                pm |= 1 << l;
            }
        }
        return negated ? mask & ~pm : pm;
    }

    static void mov(long[] R, int d, int a, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = R[a + l] & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] & mk;
        }
    }

    static void add(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = (R[a + l] + R[b + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] + R[b | l]) & mk;
        }
    }

    static void sub(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = (R[a + l] - R[b + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] - R[b | l]) & mk;
        }
    }

    static void mulLo(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = R[a + l] * R[b + l] & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] * R[b | l] & mk;
        }
    }

    /** mul.wide: operands extended from their width ({@code sh} = 64 - width), the product masked by {@code wm}. */
    static void mulWide(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, long wm, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long x = sgn ? (R[a + l] << sh) >> sh : R[a + l] & mk;
                long y = sgn ? (R[b + l] << sh) >> sh : R[b + l] & mk;
                R[d + l] = x * y & wm;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            R[d | l] = x * y & wm;
        }
    }

    static void madLo(long[] R, int d, int a, int b, int c, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = (R[a + l] * R[b + l] + R[c + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] * R[b | l] + R[c | l]) & mk;
        }
    }

    /** mad.wide: the extended product plus the addend, masked by {@code wm}. */
    static void madWide(long[] R, int d, int a, int b, int c, int sh, boolean sgn, long mk, long wm, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long x = sgn ? (R[a + l] << sh) >> sh : R[a + l] & mk;
                long y = sgn ? (R[b + l] << sh) >> sh : R[b + l] & mk;
                R[d + l] = (x * y + R[c + l]) & wm;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            R[d | l] = (x * y + R[c | l]) & wm;
        }
    }

    static void and(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = R[a + l] & R[b + l] & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] & R[b | l] & mk;
        }
    }

    static void or(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = (R[a + l] | R[b + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] | R[b | l]) & mk;
        }
    }

    static void xor(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = (R[a + l] ^ R[b + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] ^ R[b | l]) & mk;
        }
    }

    /** shl: a shift amount of the width or more gives 0. */
    static void shl(long[] R, int d, int a, int b, int width, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long s = R[b + l] & 0xFFFF_FFFFL;
                R[d + l] = s >= width ? 0 : (R[a + l] << s) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = s >= width ? 0 : (R[a | l] << s) & mk;
        }
    }

    /** shr of a signed type: arithmetic, a shift of the width or more fills with the sign. */
    static void shrSigned(long[] R, int d, int a, int b, int width, long mk, int m) {
        int sh = 64 - width;
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long s = R[b + l] & 0xFFFF_FFFFL;
                R[d + l] = (((R[a + l] << sh) >> sh) >> Math.min(s, width - 1)) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = (((R[a | l] << sh) >> sh) >> Math.min(s, width - 1)) & mk;
        }
    }

    /** shr of an unsigned or bit type: logical, a shift of the width or more gives 0. */
    static void shrUnsigned(long[] R, int d, int a, int b, int width, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long s = R[b + l] & 0xFFFF_FFFFL;
                R[d + l] = s >= width ? 0 : ((R[a + l] & mk) >>> s) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = s >= width ? 0 : ((R[a | l] & mk) >>> s) & mk;
        }
    }

    /** cvt between integer types without saturation: extend from the source width, mask to the destination's. */
    static void cvtInt(long[] R, int d, int a, int ssh, boolean sgn, long smask, long dmask, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long v = sgn ? (R[a + l] << ssh) >> ssh : R[a + l] & smask;
                R[d + l] = v & dmask;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = sgn ? (R[a | l] << ssh) >> ssh : R[a | l] & smask;
            R[d | l] = v & dmask;
        }
    }

    static void selp(long[] R, int d, int a, int b, int c, long mk, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = ((R[c + l] & 1) != 0 ? R[a + l] : R[b + l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = ((R[c | l] & 1) != 0 ? R[a | l] : R[b | l]) & mk;
        }
    }

    /**
     * The comparison key of an integer operand: its value at the type's width and signedness,
     * with {@code flip} (the sign bit, for unsigned comparisons) xor-ed in so that a signed
     * comparison of keys orders the values as the instruction does.
     */
    private static long key(long v, int sh, boolean sgn, long flip) {
        return (sgn ? (v << sh) >> sh : (v << sh) >>> sh) ^ flip;
    }

    static void setpEq(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = key(R[a + l], sh, sgn, flip) == key(R[b + l], sh, sgn, flip) ? 1 : 0;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) == key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    static void setpNe(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = key(R[a + l], sh, sgn, flip) != key(R[b + l], sh, sgn, flip) ? 1 : 0;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) != key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** setp.lt (and gt, with the operands swapped by the translation). */
    static void setpLt(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = key(R[a + l], sh, sgn, flip) < key(R[b + l], sh, sgn, flip) ? 1 : 0;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) < key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** setp.le (and ge, with the operands swapped by the translation). */
    static void setpLe(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[p + l] = key(R[a + l], sh, sgn, flip) <= key(R[b + l], sh, sgn, flip) ? 1 : 0;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) <= key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    private static float f32(long v) {
        return Float.intBitsToFloat((int) v);
    }

    private static long bits(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    private static double f64(long v) {
        return Double.longBitsToDouble(v);
    }

    private static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }

    static void addF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = bits(f32(R[a + l]) + f32(R[b + l]));
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) + f32(R[b | l]));
        }
    }

    static void subF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = bits(f32(R[a + l]) - f32(R[b + l]));
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) - f32(R[b | l]));
        }
    }

    static void mulF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = bits(f32(R[a + l]) * f32(R[b + l]));
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) * f32(R[b | l]));
        }
    }

    static void fmaF32(long[] R, int d, int a, int b, int c, int m) {
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                R[d + l] = bits(Math.fma(f32(R[a + l]), f32(R[b + l]), f32(R[c + l])));
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(Math.fma(f32(R[a | l]), f32(R[b | l]), f32(R[c | l])));
        }
    }

    static void addF64(long[] R, int d, int a, int b, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f64(R[a | l]) + f64(R[b | l]));
        }
    }

    static void subF64(long[] R, int d, int a, int b, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f64(R[a | l]) - f64(R[b | l]));
        }
    }

    static void mulF64(long[] R, int d, int a, int b, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f64(R[a | l]) * f64(R[b | l]));
        }
    }

    static void fmaF64(long[] R, int d, int a, int b, int c, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(Math.fma(f64(R[a | l]), f64(R[b | l]), f64(R[c | l])));
        }
    }

    /** Ordered float comparisons (false when either is NaN, as Java's are): eq, lt, le; gt and ge swap the operands. */
    static void setpEqF(long[] R, int p, int a, int b, boolean f64, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = (f64 ? f64(R[a | l]) == f64(R[b | l]) : f32(R[a | l]) == f32(R[b | l])) ? 1 : 0;
        }
    }

    static void setpLtF(long[] R, int p, int a, int b, boolean f64, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = (f64 ? f64(R[a | l]) < f64(R[b | l]) : f32(R[a | l]) < f32(R[b | l])) ? 1 : 0;
        }
    }

    static void setpLeF(long[] R, int p, int a, int b, boolean f64, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = (f64 ? f64(R[a | l]) <= f64(R[b | l]) : f32(R[a | l]) <= f32(R[b | l])) ? 1 : 0;
        }
    }

    // ------------------------------------------------------------------ shared memory and shuffles
    // These may refuse: they return false, having written nothing, when an access would fault or
    // the case is not the plain one; the block then runs the interpreter's own code, which faults
    // exactly as it would have.

    /** Scalar ld of one array for all lanes (shared memory, the const bank, kernel parameters): every lane's access in bounds and aligned, or false. */
    static boolean ldArray(byte[] sm, long[] R, int d, int a, long off, int size, boolean sext, int m) {
        int sh = 64 - 8 * size;
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                long addr = R[a + l] + off;
                if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                    return false;
                }
            }
            for (int l = 0; l < 32; l++) {
                long v = Bytes.load(sm, (int) (R[a + l] + off), size);
                R[d + l] = sext ? (v << sh) >> sh : v;
            }
            return true;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            long addr = R[a | Integer.numberOfTrailingZeros(mm)] + off;
            if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                return false;
            }
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = Bytes.load(sm, (int) (R[a | l] + off), size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
        return true;
    }

    /** Scalar st.shared, lanes in ascending order (the highest lane's value stays): in bounds and aligned, or false. */
    static boolean stShared(byte[] sm, long[] R, int a, int src, long off, int size, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            long addr = R[a | Integer.numberOfTrailingZeros(mm)] + off;
            if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                return false;
            }
        }
        if (m == FULL) {
            for (int l = 0; l < 32; l++) {
                Bytes.store(sm, (int) (R[a + l] + off), size, R[src + l]);
            }
            return true;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            Bytes.store(sm, (int) (R[a | l] + off), size, R[src | l]);
        }
        return true;
    }

    /**
     * shfl.sync of a whole warp whose member masks hold every lane: what {@link WarpIntrinsics#shfl}
     * computes when no lane can fault; false for any other mask. {@code p} is -1 without a predicate.
     */
    static boolean shflFull(long[] tmp, long[] R, int d, int p, int a, int b, int c, int mem, int mode, int m) {
        if (m != FULL) {
            return false;
        }
        for (int l = 0; l < 32; l++) {
            if ((int) R[mem + l] != FULL) {
                return false;
            }
        }
        for (int l = 0; l < 32; l++) {
            int bval = (int) (R[b + l] & 31);
            int cval = (int) (R[c + l] & 31);
            int segmask = (int) ((R[c + l] >>> 8) & 31);
            int maxLane = (l & segmask) | (cval & ~segmask);
            int j;
            boolean pval;
            switch (mode) {
                case org.gpumem.sim.ptx.Op.SHFL_UP:
                    j = l - bval;
                    pval = j >= maxLane;
                    break;
                case org.gpumem.sim.ptx.Op.SHFL_DOWN:
                    j = l + bval;
                    pval = j <= maxLane;
                    break;
                case org.gpumem.sim.ptx.Op.SHFL_BFLY:
                    j = l ^ bval;
                    pval = j <= maxLane;
                    break;
                default:
                    j = (l & segmask) | (bval & ~segmask);
                    pval = j <= maxLane;
                    break;
            }
            tmp[l] = R[a + (pval ? j : l)] & 0xFFFF_FFFFL;
            tmp[32 + l] = pval ? 1 : 0;
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
}
