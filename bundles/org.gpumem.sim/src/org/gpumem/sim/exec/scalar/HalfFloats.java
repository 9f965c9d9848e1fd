package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ptx.Op;

/**
 * binary16 ({@code .f16}) and bfloat16 ({@code .bf16}) values held as their 16 bits: decoding,
 * rounding to them from exact values, and their IEEE arithmetic (one rounding of the exact
 * result, as the GPU computes it). Scalar functions on one half; {@code .x2} forms apply them to
 * each half of a 32-bit register. Every execution engine calls these.
 */
public final class HalfFloats {
    private HalfFloats() {
    }

    /** The value of 16 bits of binary16 ({@code bf16} false) or bfloat16, exactly. */
    public static double decode(long bits, boolean bf16) {
        int h = (int) bits & 0xFFFF;
        if (bf16) {
            return Float.intBitsToFloat(h << 16);
        }
        int sign = h >>> 15;
        int exp = (h >>> 10) & 0x1F;
        int frac = h & 0x3FF;
        double v;
        if (exp == 0x1F) {
            v = frac == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (exp == 0) {
            v = Math.scalb((double) frac, -24);
        } else {
            v = Math.scalb((double) (frac | 0x400), exp - 25);
        }
        return sign != 0 ? -v : v;
    }

    /** {@code s} plus a residual of sign {@code residual} rounded to 16 bits by {@code rnd}. */
    public static int encode(double s, int residual, boolean bf16, int rnd) {
        if (Double.isNaN(s)) {
            return Rounding.NAN16;
        }
        int r = rnd == Op.RND_NONE ? Op.RND_RN : rnd;
        return (int) (bf16 ? Rounding.round(s, residual, Rounding.BF16_EXP, Rounding.BF16_FRAC, r)
                : Rounding.round(s, residual, Rounding.F16_EXP, Rounding.F16_FRAC, r));
    }

    public static boolean isNaN(long bits, boolean bf16) {
        int h = (int) bits & 0x7FFF;
        return bf16 ? h > 0x7F80 : h > 0x7C00;
    }

    private static boolean subnormal(int h, boolean bf16) {
        int mag = h & 0x7FFF;
        return mag != 0 && mag < (bf16 ? 0x80 : 0x400);
    }

    /** Flushes a subnormal to a zero of its sign ({@code .ftz}). */
    public static int flush(int h, boolean bf16) {
        return subnormal(h, bf16) ? h & 0x8000 : h;
    }

    /** Operation codes of {@link #binary}. */
    public static int binary(int op, int a, int b, boolean bf16, int rnd) {
        double x = decode(a, bf16), y = decode(b, bf16);
        switch (op) {
            case Op.ADD:
                return sum(x, y, bf16, rnd);
            case Op.SUB:
                return sum(x, -y, bf16, rnd);
            case Op.MUL:
                return encode(x * y, 0, bf16, rnd);
            default:
                throw new IllegalStateException("half op " + op);
        }
    }

    private static int sum(double x, double y, boolean bf16, int rnd) {
        double s = x + y;
        if (!Double.isFinite(s) || !Double.isFinite(x) || !Double.isFinite(y)) {
            return encode(s, 0, bf16, rnd);
        }
        if (s == 0) {
            return encode(Rounding.zeroSum(Rounding.negative(x), Rounding.negative(y), rnd), 0, bf16, rnd);
        }
        return encode(s, Rounding.signum(Rounding.twoSumError(x, y, s)), bf16, rnd);
    }

    /** {@code a * b + c} with one rounding. */
    public static int fma(int a, int b, int c, boolean bf16, int rnd) {
        double x = decode(a, bf16), y = decode(b, bf16), z = decode(c, bf16);
        double p = x * y;
        return sum(p, z, bf16, rnd);
    }

    /**
     * min/max: a NaN operand loses unless {@code nanWins} ({@code .NaN}); -0 is below +0.
     */
    public static int minMax(boolean max, int a, int b, boolean bf16, boolean nanWins) {
        boolean na = isNaN(a, bf16), nb = isNaN(b, bf16);
        if (na || nb) {
            if (nanWins || na && nb) {
                return Rounding.NAN16;
            }
            return na ? b : a;
        }
        double x = decode(a, bf16), y = decode(b, bf16);
        if (x == y) {
            boolean aNeg = (a & 0x8000) != 0;
            return max == aNeg ? b : a;
        }
        return (x < y) == max ? b : a;
    }

    /**
     * {@code min/max.xorsign.abs} (PTX ISA): the min or max of |a| and |b| (a NaN loses unless
     * {@code nanWins}, two NaNs give NaN), whose sign bit, unless it is a NaN, is the XOR of a's and b's.
     */
    public static int minMaxXorSignAbs(boolean max, int a, int b, boolean bf16, boolean nanWins) {
        int sign = (a ^ b) & 0x8000;
        int r = minMax(max, a & 0x7FFF, b & 0x7FFF, bf16, nanWins);
        return isNaN(r, bf16) ? r : r & 0x7FFF | sign;
    }

    /** Clamps to [+0, 1] ({@code .sat}); NaN gives +0. */
    public static int saturate(int h, boolean bf16) {
        if (isNaN(h, bf16)) {
            return 0;
        }
        double v = decode(h, bf16);
        if (v <= 0) {
            return 0;
        }
        return v >= 1 ? (bf16 ? 0x3F80 : 0x3C00) : h;
    }

    /** Negative results become +0 ({@code .relu}); NaN stays NaN. */
    public static int relu(int h, boolean bf16) {
        if (isNaN(h, bf16)) {
            return Rounding.NAN16;
        }
        return (h & 0x8000) != 0 ? 0 : h;
    }

    /** 1.0 in the format, what {@code set} writes for true into a half. */
    public static int one(boolean bf16) {
        return bf16 ? 0x3F80 : 0x3C00;
    }
}
