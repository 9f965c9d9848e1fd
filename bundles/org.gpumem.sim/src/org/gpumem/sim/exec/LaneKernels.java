package org.gpumem.sim.exec;

/**
 * The lane loops that the fast engine's compiled blocks call: one per translated instruction
 * form, with register offsets ({@code reg << 5}) and widths as arguments, which are constants
 * at each call site, so the JIT specialises a loop when it inlines it into a block. Each computes
 * exactly what the interpreter's code for that form computes ({@link Interpreter}, {@link Alu},
 * {@link Comparisons}, {@link Conversions}): operands read at the same width and signedness,
 * results masked the same way. {@link BlockTranslations} says which form goes where. A full warp
 * (mask -1) runs a counted loop the JIT can unroll and vectorise ({@code nameFull}, which a block's
 * full-warp method calls directly); any other mask visits its lanes.
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

    /** {@link #mov} for a full warp. */
    static void movFull(long[] R, int d, int a, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = R[a + l] & mk;
        }
    }

    static void mov(long[] R, int d, int a, long mk, int m) {
        if (m == FULL) {
            movFull(R, d, a, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] & mk;
        }
    }

    /** {@link #add} for a full warp. */
    static void addFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = (R[a + l] + R[b + l]) & mk;
        }
    }

    static void add(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            addFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] + R[b | l]) & mk;
        }
    }

    /** {@link #sub} for a full warp. */
    static void subFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = (R[a + l] - R[b + l]) & mk;
        }
    }

    static void sub(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            subFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] - R[b | l]) & mk;
        }
    }

    /** {@link #mulLo} for a full warp. */
    static void mulLoFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = R[a + l] * R[b + l] & mk;
        }
    }

    static void mulLo(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            mulLoFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] * R[b | l] & mk;
        }
    }

    /** {@link #mulWide} for a full warp. */
    static void mulWideFull(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, long wm) {
        for (int l = 0; l < 32; l++) {
            long x = sgn ? (R[a + l] << sh) >> sh : R[a + l] & mk;
            long y = sgn ? (R[b + l] << sh) >> sh : R[b + l] & mk;
            R[d + l] = x * y & wm;
        }
    }

    /** mul.wide: operands extended from their width ({@code sh} = 64 - width), the product masked by {@code wm}. */
    static void mulWide(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, long wm, int m) {
        if (m == FULL) {
            mulWideFull(R, d, a, b, sh, sgn, mk, wm);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            R[d | l] = x * y & wm;
        }
    }

    /** {@link #madLo} for a full warp. */
    static void madLoFull(long[] R, int d, int a, int b, int c, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = (R[a + l] * R[b + l] + R[c + l]) & mk;
        }
    }

    static void madLo(long[] R, int d, int a, int b, int c, long mk, int m) {
        if (m == FULL) {
            madLoFull(R, d, a, b, c, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] * R[b | l] + R[c | l]) & mk;
        }
    }

    /** {@link #madWide} for a full warp. */
    static void madWideFull(long[] R, int d, int a, int b, int c, int sh, boolean sgn, long mk, long wm) {
        for (int l = 0; l < 32; l++) {
            long x = sgn ? (R[a + l] << sh) >> sh : R[a + l] & mk;
            long y = sgn ? (R[b + l] << sh) >> sh : R[b + l] & mk;
            R[d + l] = (x * y + R[c + l]) & wm;
        }
    }

    /** mad.wide: the extended product plus the addend, masked by {@code wm}. */
    static void madWide(long[] R, int d, int a, int b, int c, int sh, boolean sgn, long mk, long wm, int m) {
        if (m == FULL) {
            madWideFull(R, d, a, b, c, sh, sgn, mk, wm);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            R[d | l] = (x * y + R[c | l]) & wm;
        }
    }

    /** {@link #and} for a full warp. */
    static void andFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = R[a + l] & R[b + l] & mk;
        }
    }

    static void and(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            andFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = R[a | l] & R[b | l] & mk;
        }
    }

    /** {@link #or} for a full warp. */
    static void orFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = (R[a + l] | R[b + l]) & mk;
        }
    }

    static void or(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            orFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] | R[b | l]) & mk;
        }
    }

    /** {@link #xor} for a full warp. */
    static void xorFull(long[] R, int d, int a, int b, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = (R[a + l] ^ R[b + l]) & mk;
        }
    }

    static void xor(long[] R, int d, int a, int b, long mk, int m) {
        if (m == FULL) {
            xorFull(R, d, a, b, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = (R[a | l] ^ R[b | l]) & mk;
        }
    }

    /** {@link #shl} for a full warp. */
    static void shlFull(long[] R, int d, int a, int b, int width, long mk) {
        for (int l = 0; l < 32; l++) {
            long s = R[b + l] & 0xFFFF_FFFFL;
            R[d + l] = s >= width ? 0 : (R[a + l] << s) & mk;
        }
    }

    /** shl: a shift amount of the width or more gives 0. */
    static void shl(long[] R, int d, int a, int b, int width, long mk, int m) {
        if (m == FULL) {
            shlFull(R, d, a, b, width, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = s >= width ? 0 : (R[a | l] << s) & mk;
        }
    }

    /** {@link #shrSigned} for a full warp. */
    static void shrSignedFull(long[] R, int d, int a, int b, int width, long mk) {
        int sh = 64 - width;
        for (int l = 0; l < 32; l++) {
            long s = R[b + l] & 0xFFFF_FFFFL;
            R[d + l] = (((R[a + l] << sh) >> sh) >> Math.min(s, width - 1)) & mk;
        }
    }

    /** shr of a signed type: arithmetic, a shift of the width or more fills with the sign. */
    static void shrSigned(long[] R, int d, int a, int b, int width, long mk, int m) {
        int sh = 64 - width;
        if (m == FULL) {
            shrSignedFull(R, d, a, b, width, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = (((R[a | l] << sh) >> sh) >> Math.min(s, width - 1)) & mk;
        }
    }

    /** {@link #shrUnsigned} for a full warp. */
    static void shrUnsignedFull(long[] R, int d, int a, int b, int width, long mk) {
        for (int l = 0; l < 32; l++) {
            long s = R[b + l] & 0xFFFF_FFFFL;
            R[d + l] = s >= width ? 0 : ((R[a + l] & mk) >>> s) & mk;
        }
    }

    /** shr of an unsigned or bit type: logical, a shift of the width or more gives 0. */
    static void shrUnsigned(long[] R, int d, int a, int b, int width, long mk, int m) {
        if (m == FULL) {
            shrUnsignedFull(R, d, a, b, width, mk);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long s = R[b | l] & 0xFFFF_FFFFL;
            R[d | l] = s >= width ? 0 : ((R[a | l] & mk) >>> s) & mk;
        }
    }

    /** {@link #cvtInt} for a full warp. */
    static void cvtIntFull(long[] R, int d, int a, int ssh, boolean sgn, long smask, long dmask) {
        for (int l = 0; l < 32; l++) {
            long v = sgn ? (R[a + l] << ssh) >> ssh : R[a + l] & smask;
            R[d + l] = v & dmask;
        }
    }

    /** cvt between integer types without saturation: extend from the source width, mask to the destination's. */
    static void cvtInt(long[] R, int d, int a, int ssh, boolean sgn, long smask, long dmask, int m) {
        if (m == FULL) {
            cvtIntFull(R, d, a, ssh, sgn, smask, dmask);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = sgn ? (R[a | l] << ssh) >> ssh : R[a | l] & smask;
            R[d | l] = v & dmask;
        }
    }

    /** {@link #selp} for a full warp. */
    static void selpFull(long[] R, int d, int a, int b, int c, long mk) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = ((R[c + l] & 1) != 0 ? R[a + l] : R[b + l]) & mk;
        }
    }

    static void selp(long[] R, int d, int a, int b, int c, long mk, int m) {
        if (m == FULL) {
            selpFull(R, d, a, b, c, mk);
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

    /** {@link #setpEq} for a full warp. */
    static void setpEqFull(long[] R, int p, int a, int b, int sh, boolean sgn, long flip) {
        for (int l = 0; l < 32; l++) {
            R[p + l] = key(R[a + l], sh, sgn, flip) == key(R[b + l], sh, sgn, flip) ? 1 : 0;
        }
    }

    static void setpEq(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            setpEqFull(R, p, a, b, sh, sgn, flip);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) == key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** {@link #setpNe} for a full warp. */
    static void setpNeFull(long[] R, int p, int a, int b, int sh, boolean sgn, long flip) {
        for (int l = 0; l < 32; l++) {
            R[p + l] = key(R[a + l], sh, sgn, flip) != key(R[b + l], sh, sgn, flip) ? 1 : 0;
        }
    }

    static void setpNe(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            setpNeFull(R, p, a, b, sh, sgn, flip);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) != key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** {@link #setpLt} for a full warp. */
    static void setpLtFull(long[] R, int p, int a, int b, int sh, boolean sgn, long flip) {
        for (int l = 0; l < 32; l++) {
            R[p + l] = key(R[a + l], sh, sgn, flip) < key(R[b + l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** setp.lt (and gt, with the operands swapped by the translation). */
    static void setpLt(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            setpLtFull(R, p, a, b, sh, sgn, flip);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[p | l] = key(R[a | l], sh, sgn, flip) < key(R[b | l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** {@link #setpLe} for a full warp. */
    static void setpLeFull(long[] R, int p, int a, int b, int sh, boolean sgn, long flip) {
        for (int l = 0; l < 32; l++) {
            R[p + l] = key(R[a + l], sh, sgn, flip) <= key(R[b + l], sh, sgn, flip) ? 1 : 0;
        }
    }

    /** setp.le (and ge, with the operands swapped by the translation). */
    static void setpLe(long[] R, int p, int a, int b, int sh, boolean sgn, long flip, int m) {
        if (m == FULL) {
            setpLeFull(R, p, a, b, sh, sgn, flip);
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

    /** {@link #addF32} for a full warp. */
    static void addF32Full(long[] R, int d, int a, int b) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = bits(f32(R[a + l]) + f32(R[b + l]));
        }
    }

    static void addF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            addF32Full(R, d, a, b);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) + f32(R[b | l]));
        }
    }

    /** {@link #subF32} for a full warp. */
    static void subF32Full(long[] R, int d, int a, int b) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = bits(f32(R[a + l]) - f32(R[b + l]));
        }
    }

    static void subF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            subF32Full(R, d, a, b);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) - f32(R[b | l]));
        }
    }

    /** {@link #mulF32} for a full warp. */
    static void mulF32Full(long[] R, int d, int a, int b) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = bits(f32(R[a + l]) * f32(R[b + l]));
        }
    }

    static void mulF32(long[] R, int d, int a, int b, int m) {
        if (m == FULL) {
            mulF32Full(R, d, a, b);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f32(R[a | l]) * f32(R[b | l]));
        }
    }

    /** {@link #fmaF32} for a full warp. */
    static void fmaF32Full(long[] R, int d, int a, int b, int c) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = bits(Math.fma(f32(R[a + l]), f32(R[b + l]), f32(R[c + l])));
        }
    }

    static void fmaF32(long[] R, int d, int a, int b, int c, int m) {
        if (m == FULL) {
            fmaF32Full(R, d, a, b, c);
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
}
