package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * math.cu's math_exact: copysign, fabs, fmin/fmax, classification, fmod, remainder, nextafter,
 * fdim, ldexp, frexp, IEEE sqrt and division, testp on f32 and f64, on raw random words (NaN,
 * infinities and subnormals included), bit for bit; a NaN result only as a NaN and a (+0, -0)
 * pair of fmin/fmax as either zero (README.md, "Known gaps").
 */
class EverydayMathTest {
    /** Expected bits, or one of the markers below. */
    private static final long ANY_NAN = 1L << 40, ANY_ZERO = 1L << 41, UNCHECKED = 1L << 42;

    private static long bits(float f) {
        return Float.isNaN(f) ? ANY_NAN : Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    private static long high(double d) {
        return Double.isNaN(d) ? UNCHECKED : Double.doubleToRawLongBits(d) >>> 32;
    }

    private static long minMax(float a, float b, boolean max) {
        if (Float.isNaN(a) || Float.isNaN(b)) {
            return bits(Float.isNaN(a) ? b : a);
        }
        if (a == 0 && b == 0 && Float.floatToRawIntBits(a) != Float.floatToRawIntBits(b)) {
            return ANY_ZERO;
        }
        return bits(max ? Math.max(a, b) : Math.min(a, b));
    }

    static long[] expected(int xa, int yb) {
        float a = Float.intBitsToFloat(xa), b = Float.intBitsToFloat(yb);
        long[] o = new long[20];
        o[0] = bits(Math.copySign(a, b));
        o[1] = Float.isNaN(a) ? ANY_NAN : Float.floatToRawIntBits(a) & 0x7FFF_FFFFL;
        o[2] = minMax(a, b, false);
        o[3] = minMax(a, b, true);
        o[4] = (Float.isNaN(a) ? 1 : 0) | (Float.isInfinite(a) ? 2 : 0) | (Float.isFinite(a) ? 4 : 0) | (xa < 0 ? 8 : 0);
        o[5] = bits(a % b);
        o[6] = bits((float) Math.IEEEremainder(a, b));
        o[7] = bits(Math.nextAfter(a, (double) b));
        o[8] = Float.isNaN(a) || Float.isNaN(b) ? ANY_NAN : bits(a > b ? a - b : 0f);
        int k = Integer.remainderUnsigned(yb, 64) - 32;
        o[9] = bits((float) ((double) a * Math.pow(2, k)));
        if (Float.isFinite(a) && a != 0) {
            int e = Math.getExponent((double) a) + 1;
            o[10] = bits((float) Math.scalb((double) a, -e));
            o[11] = e & 0xFFFF_FFFFL;
        } else {
            o[10] = bits(a);
            o[11] = Float.isFinite(a) ? 0 : UNCHECKED;
        }
        o[12] = bits((float) Math.sqrt(a));
        o[13] = bits(1f / a);
        o[14] = bits(a / b);
        double d = a, c = b;
        o[15] = high(Math.copySign(d, c));
        double tiny = d * 1e-300;
        boolean[] t = {Float.isFinite(a), Float.isInfinite(a), !Float.isNaN(a), Float.isNaN(a),
            Float.isFinite(a) && Math.abs(a) >= Float.MIN_NORMAL, a != 0 && Math.abs(a) < Float.MIN_NORMAL,
            Double.isFinite(c) && Math.abs(c) >= Double.MIN_NORMAL, tiny != 0 && Math.abs(tiny) < Double.MIN_NORMAL,
            Double.isNaN(d), Double.isInfinite(c)};
        long tb = 0;
        for (int i = 0; i < t.length; i++) {
            tb |= t[i] ? 1L << i : 0;
        }
        o[16] = tb;
        if (Double.isNaN(d) || Double.isNaN(c)) {
            o[17] = high(Double.isNaN(d) ? c : d);
        } else if (d == 0 && c == 0 && xa != yb) {
            o[17] = ANY_ZERO;
        } else {
            o[17] = high(Math.max(d, c));
        }
        double sq = Math.sqrt(d * c);
        o[18] = Double.isNaN(sq) ? UNCHECKED : Double.doubleToRawLongBits(sq) & 0xFFFF_FFFFL;
        o[19] = Double.isNaN(sq) ? ANY_NAN : high(sq);
        return o;
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void exactFunctions(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("math.math_exact", v);
        int[] x = Everyday.ints(launch.initialBuffer("x"));
        int[] y = Everyday.ints(launch.initialBuffer("y"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("exact"));
        for (int i = 0; i < x.length; i++) {
            long[] e = expected(x[i], y[i]);
            for (int k = 0; k < 20; k++) {
                long got = out[20 * i + k] & 0xFFFF_FFFFL;
                String at = "element " + i + " (0x" + Integer.toHexString(x[i]) + ", 0x" + Integer.toHexString(y[i])
                        + ") slot " + k;
                if (e[k] == UNCHECKED) {
                    continue;
                }
                if (e[k] == ANY_NAN) {
                    boolean nan = k == 19 ? (got & 0x7FF00000L) == 0x7FF00000L : Float.isNaN(Float.intBitsToFloat((int) got));
                    assertTrue(nan, at + ": expected a NaN, got 0x" + Long.toHexString(got));
                } else if (e[k] == ANY_ZERO) {
                    assertTrue((got & 0x7FFF_FFFFL) == 0, at + ": expected a zero, got 0x" + Long.toHexString(got));
                } else {
                    assertEquals("0x" + Long.toHexString(e[k]), "0x" + Long.toHexString(got), at);
                }
            }
        }
    }
}
