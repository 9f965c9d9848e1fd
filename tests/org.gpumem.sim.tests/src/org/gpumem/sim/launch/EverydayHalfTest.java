package org.gpumem.sim.launch;

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
 * half.cu and its bfloat16 build: every one of the 65,536 16-bit patterns converted to f32, to
 * every integer type in four modes and to integral values; f32, f64 and integers rounded to the
 * 16-bit format in four modes; arithmetic, min/max and comparisons on 65,536 pairs. The 16-bit
 * values are decoded by a reference written here; results are bit-exact against
 * {@link ExactRounding} of the exact value.
 */
class EverydayHalfTest {
    private static final Mode[] MODES = Mode.values();

    /** The value of a binary16 or bfloat16 pattern, decoded here independently of the simulator. */
    static double value(int h, boolean bf16) {
        h &= 0xFFFF;
        if (bf16) {
            return Float.intBitsToFloat(h << 16);
        }
        int e = (h >> 10) & 31, f = h & 1023;
        double v = e == 31 ? (f == 0 ? Double.POSITIVE_INFINITY : Double.NaN)
                : e == 0 ? f * 0x1p-24 : (1024 + f) * Math.pow(2, e - 25);
        return (h & 0x8000) != 0 ? -v : v;
    }

    static boolean isNaN(int h, boolean bf16) {
        return Double.isNaN(value(h, bf16));
    }

    private static Format format(boolean bf16) {
        return bf16 ? Format.BF16 : Format.F16;
    }

    /** A double rounded to the 16-bit format; -1 for NaN. */
    static int toHalf(double v, boolean bf16, Mode mode) {
        if (Double.isNaN(v)) {
            return -1;
        }
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? 0x8000 : 0;
        }
        if (Double.isInfinite(v)) {
            return (v < 0 ? 0x8000 : 0) | (bf16 ? 0x7F80 : 0x7C00);
        }
        return (int) ExactRounding.round(ExactRounding.of(new BigDecimal(v)), format(bf16), mode);
    }

    static int toHalf(BigInteger v, boolean bf16, Mode mode) {
        if (v.signum() == 0) {
            return 0;
        }
        return (int) ExactRounding.round(ExactRounding.of(new BigDecimal(v)), format(bf16), mode);
    }

    private static void checkHalf(int expected, int got, boolean bf16, String what) {
        if (expected == -1) {
            assertTrue(isNaN(got, bf16), () -> what + ": expected a NaN, got 0x" + Integer.toHexString(got & 0xFFFF));
        } else {
            assertEquals(Integer.toHexString(expected), Integer.toHexString(got & 0xFFFF), what);
        }
    }

    /** float -> integer: round by the mode, clamp to the range, NaN -> 0 (PTX cvt). */
    static long toInteger(double v, Mode mode, int bits, boolean signed) {
        if (Double.isNaN(v)) {
            return 0;
        }
        double r = switch (mode) {
            case RN -> Math.rint(v);
            case RZ -> v < 0 ? Math.ceil(v) : Math.floor(v);
            case RM -> Math.floor(v);
            case RP -> Math.ceil(v);
        };
        BigInteger lo = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger hi = signed ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger x = Double.isInfinite(r) ? (r > 0 ? hi : lo) : new BigDecimal(r).toBigInteger();
        return x.max(lo).min(hi).longValue();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void halfConvert(Variant v) throws IOException {
        convert("half.half_convert", v, false);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void bfloat16Convert(Variant v) throws IOException {
        convert("bfloat16.bf16_convert", v, true);
    }

    private static void convert(String name, Variant v, boolean bf) throws IOException {
        PreparedLaunch.Outcome o = Everyday.run(Everyday.launch(name, v));
        int[] f32 = Everyday.ints(o.outputs().get("f32"));
        long[] ints = Everyday.longs(o.outputs().get("ints"));
        short[] unary = Everyday.shorts(o.outputs().get("unary"));
        int[] flags = Everyday.ints(o.outputs().get("flags"));
        int[] widths = {16, 16, 32, 32, 64, 64};
        for (int h = 0; h < 65536; h++) {
            double x = value(h, bf);
            String at = "pattern 0x" + Integer.toHexString(h);
            if (Double.isNaN(x)) {
                assertTrue(Float.isNaN(Float.intBitsToFloat(f32[h])), at);
            } else {
                assertEquals(Float.floatToRawIntBits((float) x), f32[h], at + " as f32");
            }
            for (int t = 0; t < 6; t++) {
                for (int k = 0; k < 4; k++) {
                    int slot = 4 * t + k;
                    long expected = toInteger(x, MODES[k], widths[t], t % 2 == 0);
                    assertEquals(expected, ints[24 * h + slot], at + " integer slot " + slot);
                }
            }
            int u = 6 * h;
            checkHalf(h ^ 0x8000, unary[u], bf, at + " neg");
            checkHalf(h & 0x7FFF, unary[u + 1], bf, at + " abs");
            checkHalf(toHalf(Math.ceil(x), bf, Mode.RN), unary[u + 2], bf, at + " ceil");
            checkHalf(toHalf(Math.floor(x), bf, Mode.RN), unary[u + 3], bf, at + " floor");
            checkHalf(toHalf(x < 0 ? Math.ceil(x) : Math.floor(x), bf, Mode.RN), unary[u + 4], bf, at + " trunc");
            checkHalf(toHalf(Math.rint(x), bf, Mode.RN), unary[u + 5], bf, at + " rint");
            assertEquals((Double.isNaN(x) ? 1 : 0) | (Double.isInfinite(x) ? 2 : 0), flags[h], at + " flags");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void halfFrom(Variant v) throws IOException {
        from("half.half_from", v, false);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void bfloat16From(Variant v) throws IOException {
        from("bfloat16.bf16_from", v, true);
    }

    private static void from(String name, Variant v, boolean bf) throws IOException {
        PreparedLaunch launch = Everyday.launch(name, v);
        int[] bits = Everyday.ints(launch.initialBuffer("bits"));
        int[] bits2 = Everyday.ints(launch.initialBuffer("bits2"));
        short[] out = Everyday.shorts(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < bits.length; i++) {
            int r = bits[i], r2 = bits2[i];
            int xb = r;
            if ((i & 7) != 7) {
                int e = 127 - 27 + ((r >>> 23) & 0xff) % 45;
                xb = (r & 0x807fffff) | (e << 23);
            }
            float x = Float.intBitsToFloat(xb);
            long dbits = ((long) r << 32) | (r2 & 0xFFFF_FFFFL);
            if ((i & 7) != 7) {
                long e = 1023 - 27 + ((dbits >>> 52) & 0x7ff) % 45;
                dbits = (dbits & 0x800fffffffffffffL) | (e << 52);
            }
            // half.cu shifts the bits after the exponent change (README.md says before: the source rules).
            long sl = dbits >> (r2 & 63);
            long ul = dbits >>> (r2 & 63);
            double d = Double.longBitsToDouble(dbits);
            long si = r >> (r2 & 31);
            long ui = (r & 0xFFFF_FFFFL) >>> (r2 & 31);
            int o = 29 * i;
            String at = "element " + i + " slot ";
            for (int k = 0; k < 4; k++) {
                Mode md = MODES[k];
                checkHalf(toHalf(x, bf, md), out[o + k], bf, at + k);
                checkHalf(toHalf(BigInteger.valueOf((short) r), bf, md), out[o + 5 + k], bf, at + (5 + k));
                checkHalf(toHalf(BigInteger.valueOf(r & 0xFFFF), bf, md), out[o + 9 + k], bf, at + (9 + k));
                checkHalf(toHalf(BigInteger.valueOf(si), bf, md), out[o + 13 + k], bf, at + (13 + k));
                checkHalf(toHalf(BigInteger.valueOf(ui), bf, md), out[o + 17 + k], bf, at + (17 + k));
                checkHalf(toHalf(BigInteger.valueOf(sl), bf, md), out[o + 21 + k], bf, at + (21 + k));
                checkHalf(toHalf(new BigInteger(Long.toUnsignedString(ul)), bf, md), out[o + 25 + k], bf, at + (25 + k));
            }
            checkHalf(toHalf(d, bf, Mode.RN), out[o + 4], bf, at + 4);
        }
    }

    /** a op b with one rounding to nearest (op 0 add, 1 sub, 2 mul, 3 fma with c); -1 for NaN. */
    static int arith(int op, int a, int b, int c, boolean bf) {
        double x = value(a, bf), y = op == 1 ? -value(b, bf) : value(b, bf), z = value(c, bf);
        double javaResult = op == 2 ? x * y : op == 3 ? x * y + z : x + y;
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z) || Double.isNaN(javaResult)) {
            return toHalf(javaResult, bf, Mode.RN);
        }
        BigDecimal p = new BigDecimal(x).multiply(new BigDecimal(y));
        BigDecimal exact = op == 2 ? p : op == 3 ? p.add(new BigDecimal(z)) : new BigDecimal(x).add(new BigDecimal(y));
        if (exact.signum() == 0) {
            boolean nx = Double.doubleToRawLongBits(x) < 0, ny = Double.doubleToRawLongBits(y) < 0;
            boolean nz = Double.doubleToRawLongBits(z) < 0;
            boolean neg = op == 2 ? nx != ny : op == 3 ? p.signum() == 0 && z == 0 && (nx != ny) && nz : nx && ny;
            return neg ? 0x8000 : 0;
        }
        return (int) ExactRounding.round(ExactRounding.of(exact), format(bf), Mode.RN);
    }

    private static int sat(int h, boolean bf) {
        if (h == -1) {
            return 0;
        }
        double v = value(h, bf);
        return v <= 0 ? 0 : v >= 1 ? (bf ? 0x3F80 : 0x3C00) : h;
    }

    /** min/max; NaN loses unless nanWins; -2 for "either zero" (a (+0, -0) pair). */
    private static int minMax(boolean max, int a, int b, boolean bf, boolean nanWins) {
        boolean na = isNaN(a, bf), nb = isNaN(b, bf);
        if (na || nb) {
            return nanWins || na && nb ? -1 : na ? b : a;
        }
        double x = value(a, bf), y = value(b, bf);
        if (x == y) {
            return a == b ? a : -2;
        }
        return (x < y) == max ? b : a;
    }

    private static void checkResult(int expected, int got, boolean bf, String what) {
        if (expected == -2) {
            assertTrue((got & 0x7FFF) == 0, () -> what + ": expected a zero, got 0x" + Integer.toHexString(got & 0xFFFF));
        } else {
            checkHalf(expected, got, bf, what);
        }
    }

    private static int compareBits(int a, int b, boolean bf) {
        double x = value(a, bf), y = value(b, bf);
        boolean nan = Double.isNaN(x) || Double.isNaN(y);
        boolean[] r = {!nan && x == y, !nan && x != y, !nan && x < y, !nan && x <= y, !nan && x > y, !nan && x >= y,
            nan || x == y, nan || x != y, nan || x < y, nan || x <= y, nan || x > y, nan || x >= y};
        int bits = 0;
        for (int k = 0; k < r.length; k++) {
            bits |= r[k] ? 1 << k : 0;
        }
        return bits;
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void halfArithmetic(Variant v) throws IOException {
        arithmetic("half.half_arith", v, false);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void bfloat16Arithmetic(Variant v) throws IOException {
        arithmetic("bfloat16.bf16_arith", v, true);
    }

    private static void arithmetic(String name, Variant v, boolean bf) throws IOException {
        PreparedLaunch.Outcome o = Everyday.run(Everyday.launch(name, v));
        short[] h = Everyday.shorts(o.outputs().get("h"));
        int[] cmp = Everyday.ints(o.outputs().get("cmp"));
        int[] h2 = Everyday.ints(o.outputs().get("h2"));
        int one = bf ? 0x3F80 : 0x3C00;
        for (int i = 0; i < 65536; i++) {
            int a = i, b = (i * 40503 + 12345) & 0xffff, c = (i * 9973 + 777) & 0xffff;
            String at = "element " + i + " (0x" + Integer.toHexString(a) + ", 0x" + Integer.toHexString(b) + ", 0x"
                    + Integer.toHexString(c) + ") slot ";
            int o14 = 14 * i;
            for (int k = 0; k < 4; k++) {
                int r = arith(k, a, b, c, bf);
                checkHalf(r, h[o14 + k], bf, at + k);
                checkHalf(sat(r, bf), h[o14 + 4 + k], bf, at + (4 + k));
            }
            int fma = arith(3, a, b, c, bf);
            int relu = fma == -1 ? -1 : (fma & 0x8000) != 0 ? ((fma & 0x7FFF) == 0 ? -2 : 0) : fma;
            checkResult(relu, h[o14 + 8], bf, at + 8);
            checkResult(minMax(false, a, b, bf, false), h[o14 + 9], bf, at + 9);
            checkResult(minMax(true, a, b, bf, false), h[o14 + 10], bf, at + 10);
            checkResult(minMax(false, a, b, bf, true), h[o14 + 11], bf, at + 11);
            checkResult(minMax(true, a, b, bf, true), h[o14 + 12], bf, at + 12);
            assertEquals(Integer.toBinaryString(compareBits(a, b, bf)), Integer.toBinaryString(cmp[i]), at + "cmp");
            int[] x = {a, b}, y = {b, c}, z = {c, a};
            int o12 = 12 * i;
            for (int half = 0; half < 2; half++) {
                int sh = 16 * half;
                String hat = at + " pair half " + half + " slot ";
                checkHalf(arith(0, x[half], y[half], 0, bf), h2[o12] >>> sh, bf, hat + 0);
                checkHalf(arith(1, x[half], y[half], 0, bf), h2[o12 + 1] >>> sh, bf, hat + 1);
                checkHalf(arith(2, x[half], y[half], 0, bf), h2[o12 + 2] >>> sh, bf, hat + 2);
                checkHalf(arith(3, x[half], y[half], z[half], bf), h2[o12 + 3] >>> sh, bf, hat + 3);
                checkResult(minMax(false, x[half], y[half], bf, false), h2[o12 + 4] >>> sh, bf, hat + 4);
                checkResult(minMax(true, x[half], y[half], bf, true), h2[o12 + 5] >>> sh, bf, hat + 5);
                checkHalf(x[half] ^ 0x8000, h2[o12 + 6] >>> sh, bf, hat + 6);
                checkHalf(x[half] & 0x7FFF, h2[o12 + 7] >>> sh, bf, hat + 7);
                int c2 = compareBits(x[half], y[half], bf);
                assertEquals((c2 & 1) != 0 ? one : 0, (h2[o12 + 8] >>> sh) & 0xFFFF, hat + 8);
                assertEquals((c2 & (1 << 8)) != 0 ? one : 0, (h2[o12 + 9] >>> sh) & 0xFFFF, hat + 9);
            }
            int c0 = compareBits(a, b, bf), c1 = compareBits(b, c, bf);
            int eqMask = ((c0 & 1) != 0 ? 0xFFFF : 0) | ((c1 & 1) != 0 ? 0xFFFF0000 : 0);
            int gtuMask = ((c0 & (1 << 10)) != 0 ? 0xFFFF : 0) | ((c1 & (1 << 10)) != 0 ? 0xFFFF0000 : 0);
            assertEquals(eqMask ^ gtuMask << 1, h2[o12 + 10], at + "pair slot 10");
            int both = ((c0 & c1 & 1) != 0 ? 1 : 0) | ((c0 & c1 & 4) != 0 ? 2 : 0) | ((c0 & c1 & (1 << 11)) != 0 ? 4 : 0);
            assertEquals(both | (a & 0xfff) << 3, h2[o12 + 11], at + "pair slot 11");
        }
    }

    /**
     * The PTX ISA's maximum relative errors of ex2.approx and tanh.approx on half types: ex2 .f16
     * 2^-9.9, .bf16 2^-7; tanh .f16 2^-10.987, .bf16 2^-8.
     */
    private static double approxBound(boolean ex2, boolean bf) {
        return ex2 ? (bf ? 0x1p-7 : Math.pow(2, -9.9)) : (bf ? 0x1p-8 : Math.pow(2, -10.987));
    }

    /**
     * An approximate result {@code got} of the exact value {@code exact} within {@code bound}
     * relative error; below the normal range (where a relative bound cannot hold) within the
     * smallest subnormal spacing of f16, or bfloat16's smallest normal (.ftz flushes); beyond the
     * largest finite value an infinity of the sign is right too.
     */
    private static void checkApprox(double exact, int got, boolean bf, double bound, String what) {
        double g = value(got, bf);
        if (Double.isNaN(exact)) {
            assertTrue(Double.isNaN(g), () -> what + ": expected a NaN, got 0x" + Integer.toHexString(got & 0xFFFF));
            return;
        }
        double maxFinite = bf ? Float.MAX_VALUE * (1 - 0x1p-9) : 65504;
        if (Double.isInfinite(g) && Math.abs(exact) >= maxFinite * (1 - bound) && Math.signum(g) == Math.signum(exact)) {
            return;
        }
        double tolerance = Math.max(bound * Math.abs(exact), bf ? 0x1p-126 : 0x1p-24);
        assertTrue(Math.abs(g - exact) <= tolerance || g == exact,
                () -> what + ": " + g + " (0x" + Integer.toHexString(got & 0xFFFF) + ") for " + exact);
    }

    /** {@code min/max{.NaN}.xorsign.abs} on 16-bit patterns, from the PTX ISA's definition; -1 for NaN. */
    private static int xorSignAbs(boolean max, int a, int b, boolean bf, boolean nanWins) {
        int sign = (a ^ b) & 0x8000, x = a & 0x7FFF, y = b & 0x7FFF;
        boolean nx = isNaN(x, bf), ny = isNaN(y, bf);
        if (nx && ny || nanWins && (nx || ny)) {
            return -1;
        }
        int r = nx ? y : ny ? x : (value(x, bf) < value(y, bf)) == max ? y : x;
        return r | sign;
    }

    /** f32 min/max with the PTX ISA's .NaN and .xorsign.abs; a NaN result as the canonical NaN; -2 for "either zero". */
    private static int minMaxF32(boolean max, int p, int q, boolean nanWins, boolean xorSign) {
        int sign = (p ^ q) & 0x8000_0000;
        if (xorSign) {
            p &= 0x7FFF_FFFF;
            q &= 0x7FFF_FFFF;
        }
        float x = Float.intBitsToFloat(p), y = Float.intBitsToFloat(q);
        if (Float.isNaN(x) && Float.isNaN(y) || nanWins && (Float.isNaN(x) || Float.isNaN(y))) {
            return 0x7FFF_FFFF;
        }
        int r;
        if (Float.isNaN(x) || Float.isNaN(y)) {
            r = Float.isNaN(x) ? q : p;
        } else if (x == y && p != q) {
            return -2;
        } else {
            r = (x < y) == max ? q : p;
        }
        return xorSign ? r | sign : r;
    }

    /**
     * half_approx.cu: ex2.approx and tanh.approx (htanh_approx, h2tanh_approx) on .f16, .f16x2,
     * .bf16 and .bf16x2 over all 65,536 patterns against the exact functions and the PTX ISA's
     * error bounds; min/max with .xorsign.abs (and .NaN) on half pairs, and on f32, bit-exactly.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void approximateFunctionsAndXorSignMinMax(Variant v) throws IOException {
        PreparedLaunch.Outcome o = Everyday.run(Everyday.launch("half_approx.half_approx", v));
        short[] h = Everyday.shorts(o.outputs().get("h"));
        int[] h2 = Everyday.ints(o.outputs().get("h2"));
        int[] f32 = Everyday.ints(o.outputs().get("f32"));
        for (int i = 0; i < 65536; i++) {
            int a = i, b = (i * 40503 + 12345) & 0xffff, c = (i * 9973 + 777) & 0xffff;
            String at = "element " + i + " (0x" + Integer.toHexString(a) + ", 0x" + Integer.toHexString(b) + ") slot ";
            int o8 = 8 * i;
            for (int k = 0; k < 2; k++) {
                boolean bf = k == 1;
                // ex2.approx.ftz.bf16 flushes a subnormal input to zero
                double x = bf ? value(flushBf16(a), true) : value(a, false);
                checkApprox(Math.pow(2, x), h[o8 + 2 * k], bf, approxBound(true, bf), at + 2 * k + " ex2");
                checkApprox(Math.tanh(value(a, bf)), h[o8 + 2 * k + 1], bf, approxBound(false, bf), at + (2 * k + 1) + " tanh");
            }
            checkHalf(xorSignAbs(false, a, b, false, false), h[o8 + 4], false, at + 4);
            checkHalf(xorSignAbs(true, a, b, false, true), h[o8 + 5], false, at + 5);
            checkHalf(xorSignAbs(false, a, b, true, true), h[o8 + 6], true, at + 6);
            checkHalf(xorSignAbs(true, a, b, true, false), h[o8 + 7], true, at + 7);
            int[] x = {a, b}, y = {b, c};
            int o6 = 6 * i;
            for (int half = 0; half < 2; half++) {
                int sh = 16 * half;
                String hat = at + " pair half " + half + " slot ";
                for (int k = 0; k < 2; k++) {
                    boolean bf = k == 1;
                    double ex = bf ? value(flushBf16(x[half]), true) : value(x[half], false);
                    checkApprox(Math.pow(2, ex), h2[o6 + 2 * k] >>> sh, bf, approxBound(true, bf), hat + 2 * k);
                    checkApprox(Math.tanh(value(x[half], bf)), h2[o6 + 2 * k + 1] >>> sh, bf, approxBound(false, bf),
                            hat + (2 * k + 1));
                }
                checkHalf(xorSignAbs(false, x[half], y[half], false, false), h2[o6 + 4] >>> sh, false, hat + 4);
                checkHalf(xorSignAbs(true, x[half], y[half], true, true), h2[o6 + 5] >>> sh, true, hat + 5);
            }
            int p = a << 16 | c, q = b << 16 | a;
            int[] expected = {minMaxF32(false, p, q, false, true), minMaxF32(true, p, q, true, true),
                minMaxF32(false, p, q, true, false), minMaxF32(true, p, q, false, false)};
            for (int k = 0; k < 4; k++) {
                int e = expected[k], got = f32[4 * i + k];
                String what = at + " f32 " + k + " (0x" + Integer.toHexString(p) + ", 0x" + Integer.toHexString(q) + ")";
                if (e == 0x7FFF_FFFF) {
                    assertTrue(Float.isNaN(Float.intBitsToFloat(got)), () -> what + ": expected a NaN, got 0x" + Integer.toHexString(got));
                } else if (e == -2) {
                    assertTrue((got & 0x7FFF_FFFF) == 0, () -> what + ": expected a zero, got 0x" + Integer.toHexString(got));
                } else {
                    assertEquals(Integer.toHexString(e), Integer.toHexString(got), what);
                }
            }
        }
    }

    /** A bfloat16 subnormal flushed to a zero of its sign (.ftz). */
    private static int flushBf16(int h) {
        int mag = h & 0x7FFF;
        return mag != 0 && mag < 0x80 ? h & 0x8000 : h;
    }
}
