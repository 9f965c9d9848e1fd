package org.gpumem.sim.launch;

import static org.gpumem.sim.launch.ExactRounding.exact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

import org.gpumem.sim.launch.Everyday.Variant;
import org.gpumem.sim.launch.ExactRounding.Format;
import org.gpumem.sim.launch.ExactRounding.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * conversions.cu's rounded_arith and int_to_float: every IEEE operation and conversion in all
 * four rounding modes, bit for bit against {@link ExactRounding} of the exact result. Before
 * directed rounding was implemented, about half the elements of every .rz/.rm/.rp slot failed.
 */
class EverydayRoundingTest {
    private static final Mode[] MODES = Mode.values();

    static float wideFloat(int bits, int i) {
        if ((i & 1) != 0) {
            return Float.intBitsToFloat(bits);
        }
        int e = 127 - 7 + Integer.remainderUnsigned((bits >>> 23) & 0xff, 72);
        return Float.intBitsToFloat((bits & 0x807fffff) | (e << 23));
    }

    static double wideDouble(int hi, int lo, int i) {
        long b = ((long) hi << 32) | (lo & 0xFFFF_FFFFL);
        if ((i & 1) == 0) {
            long e = 1023 - 7 + ((b >>> 52) & 0x7ff) % 72;
            b = (b & 0x800fffffffffffffL) | (e << 52);
        }
        return Double.longBitsToDouble(b);
    }

    /** Expected bits of an operation, or NAN for "any NaN". */
    private static final long NAN = 0x7FF0_0000_0000_0001L; // itself a NaN: no other expected value has these bits

    private static long f32(float f) {
        return Float.isNaN(f) ? NAN : Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    private static long f64(double d) {
        return Double.isNaN(d) ? NAN : Double.doubleToRawLongBits(d);
    }

    private static long zero(boolean neg, Format f) {
        return neg ? 1L << (f.expBits() + f.fracBits()) : 0;
    }

    private static boolean neg(double d) {
        return Double.doubleToRawLongBits(d) < 0;
    }

    static long sum(double a, double b, double javaResult, Mode mode, Format f) {
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            return f == Format.F32 ? f32((float) javaResult) : f64(javaResult);
        }
        BigDecimal s = exact(a).add(exact(b));
        if (s.signum() == 0) {
            return zero(neg(a) && neg(b) || mode == Mode.RM && !(a == 0 && b == 0 && !neg(a) && !neg(b)), f);
        }
        return ExactRounding.round(ExactRounding.of(s), f, mode);
    }

    static long product(double a, double b, double c, boolean fused, double javaResult, Mode mode, Format f) {
        if (!Double.isFinite(a) || !Double.isFinite(b) || !Double.isFinite(c)) {
            return f == Format.F32 ? f32((float) javaResult) : f64(javaResult);
        }
        BigDecimal p = exact(a).multiply(exact(b));
        BigDecimal s = fused ? p.add(exact(c)) : p;
        if (s.signum() == 0) {
            boolean np = neg(a) != neg(b);
            if (!fused) {
                return zero(np, f);
            }
            boolean bothZero = p.signum() == 0 && c == 0;
            boolean nc = neg(c);
            return zero(bothZero && np && nc || mode == Mode.RM && !(bothZero && !np && !nc), f);
        }
        return ExactRounding.round(ExactRounding.of(s), f, mode);
    }

    static long quotient(double a, double b, double javaResult, Mode mode, Format f) {
        if (!Double.isFinite(a) || !Double.isFinite(b) || a == 0 || b == 0) {
            return f == Format.F32 ? f32((float) javaResult) : f64(javaResult);
        }
        return ExactRounding.round(ExactRounding.quotient(a, b), f, mode);
    }

    static long root(double a, boolean inverse, double javaResult, Mode mode, Format f) {
        if (!(a > 0) || Double.isInfinite(a)) {
            return f == Format.F32 ? f32((float) javaResult) : f64(javaResult);
        }
        return ExactRounding.round(ExactRounding.root(a, inverse), f, mode);
    }

    private static void check(long expected, long got, Format f, String what) {
        if (expected == NAN) {
            boolean nan = f == Format.F32 ? Float.isNaN(Float.intBitsToFloat((int) got)) : Double.isNaN(Double.longBitsToDouble(got));
            assertTrue(nan, () -> what + ": expected a NaN, got 0x" + Long.toHexString(got));
        } else {
            assertEquals("0x" + Long.toHexString(expected), "0x" + Long.toHexString(got), what);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void roundedArithmetic(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("conversions.rounded_arith", v);
        int[] w0 = Everyday.ints(launch.initialBuffer("w0"));
        int[] w1 = Everyday.ints(launch.initialBuffer("w1"));
        int[] w2 = Everyday.ints(launch.initialBuffer("w2"));
        long[] out = Everyday.longs(Everyday.run(launch).outputs().get("out"));
        Format F = Format.F32, D = Format.F64;
        for (int i = 0; i < w0.length; i++) {
            float a = wideFloat(w0[i], i), b = wideFloat(w1[i], i + 1), c = wideFloat(w2[i], i);
            double x = wideDouble(w0[i], w1[i], i), y = wideDouble(w1[i], w2[i], i + 1), z = wideDouble(w2[i], w0[i], i);
            int o = 36 * i;
            String at = "element " + i + " slot ";
            for (int k = 0; k < 4; k++) {
                Mode md = MODES[k];
                check(sum(a, b, a + b, md, F), out[o + k], F, at + k);
                check(product(a, b, 0, false, a * b, md, F), out[o + 4 + k], F, at + (4 + k));
                check(product(a, b, c, true, Math.fma(a, b, c), md, F), out[o + 8 + k], F, at + (8 + k));
                check(quotient(a, b, a / b, md, F), out[o + 12 + k], F, at + (12 + k));
                check(sum(x, y, x + y, md, D), out[o + 20 + k], D, at + (20 + k));
                check(quotient(x, y, x / y, md, D), out[o + 28 + k], D, at + (28 + k));
            }
            check(quotient(1, a, 1 / a, Mode.RZ, F), out[o + 16], F, at + 16);
            check(root(a, false, Math.sqrt(a), Mode.RM, F), out[o + 17], F, at + 17);
            check(sum(a, -b, a - b, Mode.RP, F), out[o + 18], F, at + 18);
            check(root(a, true, 1 / Math.sqrt(a), Mode.RN, F), out[o + 19], F, at + 19);
            check(product(x, y, 0, false, x * y, Mode.RN, D), out[o + 24], D, at + 24);
            check(product(x, y, 0, false, x * y, Mode.RZ, D), out[o + 25], D, at + 25);
            check(product(x, y, z, true, Math.fma(x, y, z), Mode.RM, D), out[o + 26], D, at + 26);
            check(product(x, y, z, true, Math.fma(x, y, z), Mode.RP, D), out[o + 27], D, at + 27);
            check(quotient(1, x, 1 / x, Mode.RN, D), out[o + 32], D, at + 32);
            check(quotient(1, x, 1 / x, Mode.RP, D), out[o + 33], D, at + 33);
            check(root(x, false, Math.sqrt(x), Mode.RZ, D), out[o + 34], D, at + 34);
            check(sum(x, -y, x - y, Mode.RM, D), out[o + 35], D, at + 35);
        }
    }

    private static long integerTo(BigInteger v, Format f, Mode mode) {
        if (v.signum() == 0) {
            return 0;
        }
        return ExactRounding.round(ExactRounding.of(new BigDecimal(v)), f, mode);
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void integersToFloats(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("conversions.int_to_float", v);
        int[] w0 = Everyday.ints(launch.initialBuffer("w0"));
        int[] w1 = Everyday.ints(launch.initialBuffer("w1"));
        long[] out = Everyday.longs(Everyday.run(launch).outputs().get("out"));
        Format F = Format.F32, D = Format.F64;
        for (int i = 0; i < w0.length; i++) {
            int r = w0[i], r2 = w1[i];
            long si = r >> (r2 & 31);
            long ui = (r & 0xFFFF_FFFFL) >>> (r2 & 31);
            long rr = ((long) r << 32) | (r2 & 0xFFFF_FFFFL);
            long sl = rr >> (r & 63);
            long ul = rr >>> (r & 63);
            int o = 32 * i;
            String at = "element " + i + " slot ";
            for (int k = 0; k < 4; k++) {
                Mode md = MODES[k];
                check(integerTo(BigInteger.valueOf(si), F, md), out[o + k], F, at + k);
                check(integerTo(BigInteger.valueOf(ui), F, md), out[o + 4 + k], F, at + (4 + k));
                check(integerTo(BigInteger.valueOf(sl), F, md), out[o + 8 + k], F, at + (8 + k));
                check(integerTo(unsigned(ul), F, md), out[o + 12 + k], F, at + (12 + k));
                check(integerTo(BigInteger.valueOf(sl), D, md), out[o + 16 + k], D, at + (16 + k));
            }
            check(integerTo(unsigned(ul), D, Mode.RN), out[o + 20], D, at + 20);
            check(integerTo(unsigned(ul), D, Mode.RP), out[o + 21], D, at + 21);
            check(f64((double) si), out[o + 22], D, at + 22);
            check(f64((double) ui), out[o + 23], D, at + 23);
        }
    }
}
