package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Rounding.negative;
import static org.gpumem.sim.exec.scalar.Rounding.signum;

import java.math.BigDecimal;

import org.gpumem.sim.ptx.Op;

/**
 * The IEEE operations of PTX (add, sub, mul, fma, div, rcp, sqrt) on f32 and f64 in every
 * rounding mode, bit-exact. Java rounds to nearest only; a directed mode takes the nearest
 * result and the sign of its error, known exactly (TwoSum, an fma remainder, or
 * {@link BigDecimal} for f64 products and quotients), and moves it at most one step.
 * Scalar functions: every execution engine calls these.
 */
public final class DirectedFloat {
    private DirectedFloat() {
    }

    public static boolean directed(int rnd) {
        return rnd == Op.RND_RZ || rnd == Op.RND_RM || rnd == Op.RND_RP;
    }

    private static float f32(double s, int residual, int rnd) {
        return Float.intBitsToFloat((int) Rounding.round(s, residual, Rounding.F32_EXP, Rounding.F32_FRAC, rnd));
    }

    public static float add(float x, float y, int rnd) {
        if (!directed(rnd) || !Float.isFinite(x) || !Float.isFinite(y)) {
            return x + y;
        }
        double s = (double) x + y;
        if (s == 0) {
            return (float) Rounding.zeroSum(negative(x), negative(y), rnd);
        }
        return f32(s, signum(Rounding.twoSumError(x, y, s)), rnd);
    }

    public static float mul(float x, float y, int rnd) {
        if (!directed(rnd) || !Float.isFinite(x) || !Float.isFinite(y)) {
            return x * y;
        }
        return f32((double) x * y, 0, rnd);
    }

    public static float fma(float x, float y, float z, int rnd) {
        if (!directed(rnd) || !Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            return Math.fma(x, y, z);
        }
        double p = (double) x * y;
        double s = p + z;
        if (s == 0) {
            return (float) Rounding.zeroSum(negative(p), negative(z), rnd);
        }
        return f32(s, signum(Rounding.twoSumError(p, z, s)), rnd);
    }

    public static float div(float x, float y, int rnd) {
        if (!directed(rnd) || !Float.isFinite(x) || !Float.isFinite(y) || x == 0 || y == 0) {
            return x / y;
        }
        double q = (double) x / y;
        double rem = Math.fma(-q, y, x);
        return f32(q, signum(rem) * signum(y), rnd);
    }

    public static float sqrt(float x, int rnd) {
        if (!directed(rnd) || !(x > 0) || Float.isInfinite(x)) {
            return (float) Math.sqrt(x);
        }
        double q = Math.sqrt(x);
        return f32(q, signum(Math.fma(-q, q, x)), rnd);
    }

    public static double add(double x, double y, int rnd) {
        double s = x + y;
        if (!directed(rnd) || !Double.isFinite(x) || !Double.isFinite(y)) {
            return s;
        }
        if (Double.isInfinite(s)) {
            return Rounding.overflowed(s, rnd);
        }
        if (s == 0) {
            return Rounding.zeroSum(negative(x), negative(y), rnd);
        }
        return Rounding.adjust(s, signum(Rounding.twoSumError(x, y, s)), rnd);
    }

    public static double mul(double x, double y, int rnd) {
        double s = x * y;
        if (!directed(rnd) || !Double.isFinite(x) || !Double.isFinite(y)) {
            return s;
        }
        if (Double.isInfinite(s)) {
            return Rounding.overflowed(s, rnd);
        }
        return Rounding.adjust(s, exact(x).multiply(exact(y)).compareTo(exact(s)), rnd);
    }

    public static double fma(double x, double y, double z, int rnd) {
        double s = Math.fma(x, y, z);
        if (!directed(rnd) || !Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            return s;
        }
        if (Double.isInfinite(s)) {
            return Rounding.overflowed(s, rnd);
        }
        BigDecimal exact = exact(x).multiply(exact(y)).add(exact(z));
        if (exact.signum() == 0) {
            return Rounding.zeroSum(negative(x) != negative(y), negative(z), rnd);
        }
        return Rounding.adjust(s, exact.compareTo(exact(s)), rnd);
    }

    public static double div(double x, double y, int rnd) {
        double q = x / y;
        if (!directed(rnd) || !Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0) {
            return q;
        }
        if (Double.isInfinite(q)) {
            return Rounding.overflowed(q, rnd);
        }
        int rem = exact(x).subtract(exact(q).multiply(exact(y))).signum();
        return Rounding.adjust(q, rem * signum(y), rnd);
    }

    public static double sqrt(double x, int rnd) {
        double q = Math.sqrt(x);
        if (!directed(rnd) || !(x > 0) || Double.isInfinite(x)) {
            return q;
        }
        BigDecimal eq = exact(q);
        return Rounding.adjust(q, exact(x).compareTo(eq.multiply(eq)), rnd);
    }

    /** A 64-bit integer ({@code unsigned}: its bits as an unsigned value) converted to f32 by {@code rnd}. */
    public static float fromLong(long v, boolean unsigned, int rnd) {
        double s = toDouble(v, unsigned);
        return f32(s, integerResidual(v, unsigned, s), rnd);
    }

    /** A 64-bit integer converted to f64 by {@code rnd}. */
    public static double fromLongToDouble(long v, boolean unsigned, int rnd) {
        double s = toDouble(v, unsigned);
        return Rounding.adjust(s, integerResidual(v, unsigned, s), rnd);
    }

    /** The nearest double to an integer and the sign of what it misses by. */
    static double toDouble(long v, boolean unsigned) {
        return unsigned ? Conversions.unsignedToDouble(v) : (double) v;
    }

    static int integerResidual(long v, boolean unsigned, double s) {
        BigDecimal exact = unsigned && v < 0 ? new BigDecimal(Long.toUnsignedString(v)) : BigDecimal.valueOf(v);
        return exact.compareTo(exact(s));
    }

    /** An f64 rounded to f32 by {@code rnd}. */
    public static float narrow(double d, int rnd) {
        if (!directed(rnd)) {
            return (float) d;
        }
        return f32(d, 0, rnd);
    }

    private static BigDecimal exact(double d) {
        return new BigDecimal(d);
    }
}
