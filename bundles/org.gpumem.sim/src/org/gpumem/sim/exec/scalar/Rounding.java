package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ptx.Op;

/**
 * Rounding an exactly known value to a binary floating-point format with any PTX rounding mode
 * ({@link Op#RND_RN}, {@link Op#RND_RZ}, {@link Op#RND_RM}, {@link Op#RND_RP}). The value is given
 * as a double {@code s} plus the sign of a residual below half a unit in the last place of
 * {@code s} (what TwoSum, an fma remainder or an exact comparison yields), so one rounding
 * happens, never two. Scalar functions: every execution engine calls these.
 */
public final class Rounding {
    private Rounding() {
    }

    /** Formats by exponent and fraction bits. */
    public static final int F16_EXP = 5, F16_FRAC = 10, BF16_EXP = 8, BF16_FRAC = 7, F32_EXP = 8, F32_FRAC = 23;

    /** The canonical NaN PTX produces for a 16-bit result. */
    public static final int NAN16 = 0x7FFF;

    /**
     * The bits of {@code s + residual} rounded to the format of {@code expBits} exponent and
     * {@code fracBits} fraction bits (at most 8 and 23) by {@code rnd}. Subnormal results are
     * kept; overflow gives infinity or the largest finite value as the mode says.
     */
    public static long round(double s, int residual, int expBits, int fracBits, int rnd) {
        int signShift = expBits + fracBits;
        long expAll = (1L << expBits) - 1;
        if (Double.isNaN(s)) {
            return (expAll << fracBits) | ((1L << fracBits) - 1);
        }
        boolean neg = Double.doubleToRawLongBits(s) < 0;
        long sign = neg ? 1L << signShift : 0;
        double a = Math.abs(s);
        if (Double.isInfinite(a)) {
            return sign | (expAll << fracBits);
        }
        // The residual as seen by the magnitude: positive means the exact magnitude is larger.
        int rmag = neg ? -residual : residual;
        boolean up = awayFromZero(rnd, neg);
        if (a == 0) {
            if (rmag > 0 && rnd != Op.RND_RN && up) {
                return sign | 1;
            }
            return sign;
        }
        int bias = (int) (expAll >> 1);
        int emin = 1 - bias;
        int e = Math.getExponent(a);
        if (e == Double.MIN_EXPONENT - 1) {
            e = Double.MIN_EXPONENT - 1 - Long.numberOfLeadingZeros(Double.doubleToRawLongBits(a)) + 12;
        }
        if (e > bias) {
            return sign | overflow(expAll, fracBits, rnd, up);
        }
        int q = Math.max(e, emin) - fracBits;
        double scaled = Math.scalb(a, -q);
        double ip = Math.floor(scaled);
        double frac = scaled - ip;
        long m = (long) ip;
        boolean downOne = false;
        if (rnd == Op.RND_RN) {
            if (frac > 0.5 || frac == 0.5 && (rmag > 0 || rmag == 0 && (m & 1) != 0)) {
                m++;
            }
        } else if (up) {
            if (frac > 0 || rmag > 0) {
                m++;
            }
        } else {
            downOne = frac == 0 && rmag < 0;
        }
        long mag = compose(m, q, bias, fracBits);
        if (downOne) {
            mag--;
        }
        if (mag >= expAll << fracBits) {
            return sign | overflow(expAll, fracBits, rnd, up);
        }
        return sign | mag;
    }

    /** True when {@code rnd} rounds a value of this sign away from zero (rn: never decided here). */
    private static boolean awayFromZero(int rnd, boolean neg) {
        return rnd == Op.RND_RP && !neg || rnd == Op.RND_RM && neg;
    }

    private static long overflow(long expAll, int fracBits, int rnd, boolean up) {
        if (rnd == Op.RND_RN || up) {
            return expAll << fracBits;
        }
        return (expAll << fracBits) - 1;
    }

    /** The magnitude bits of {@code m * 2^q}, m at most 2^(fracBits+1). */
    private static long compose(long m, int q, int bias, int fracBits) {
        if (m >= 1L << (fracBits + 1)) {
            m >>= 1;
            q++;
        }
        if (m < 1L << fracBits) {
            return m;
        }
        long biased = q + fracBits + bias;
        return (biased << fracBits) | (m - (1L << fracBits));
    }

    /**
     * The double {@code s} moved one step by {@code rnd} when the exact value is {@code s} plus a
     * residual of sign {@code residual}; {@code s} is the round-to-nearest result.
     */
    public static double adjust(double s, int residual, int rnd) {
        if (residual == 0 || rnd == Op.RND_RN || Double.isNaN(s)) {
            return s;
        }
        switch (rnd) {
            case Op.RND_RM:
                return residual < 0 ? Math.nextDown(s) : s;
            case Op.RND_RP:
                return residual > 0 ? Math.nextUp(s) : s;
            default: {
                boolean neg = Double.doubleToRawLongBits(s) < 0;
                if (neg ? residual > 0 : residual < 0) {
                    return neg ? Math.nextUp(s) : Math.nextDown(s);
                }
                return s;
            }
        }
    }

    /** A double result that overflowed to infinity under round-to-nearest, in mode {@code rnd}. */
    public static double overflowed(double inf, int rnd) {
        boolean neg = inf < 0;
        switch (rnd) {
            case Op.RND_RZ:
                return neg ? -Double.MAX_VALUE : Double.MAX_VALUE;
            case Op.RND_RM:
                return neg ? inf : Double.MAX_VALUE;
            case Op.RND_RP:
                return neg ? -Double.MAX_VALUE : inf;
            default:
                return inf;
        }
    }

    /** The exact error of {@code s = a + b} (Knuth's TwoSum), for finite operands and sum. */
    public static double twoSumError(double a, double b, double s) {
        double bv = s - a;
        double av = s - bv;
        return (a - av) + (b - bv);
    }

    /**
     * The sign of an exact sum that is zero: +0 except -0 when rounding down or when both addends
     * are -0 (IEEE 754 6.3).
     */
    public static double zeroSum(boolean negA, boolean negB, int rnd) {
        if (negA && negB) {
            return -0.0;
        }
        return rnd == Op.RND_RM ? -0.0 : 0.0;
    }

    static boolean negative(double d) {
        return Double.doubleToRawLongBits(d) < 0;
    }

    static int signum(double d) {
        return d > 0 ? 1 : d < 0 ? -1 : 0;
    }
}
