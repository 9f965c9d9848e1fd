package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * math.cu's math_approx: the approximate intrinsics and the library functions built on them,
 * within the bounds of the CUDA C++ Programming Guide's mathematical-functions appendix (quoted in
 * the fixtures' README.md), against the exact function evaluated in double.
 */
class EverydayApproxTest {

    /** erf by its Taylor series, for |x| <= 4 (double, far more precise than the f32 bounds need). */
    static double erf(double x) {
        double sum = 0, term = x;
        for (int n = 0; n < 200; n++) {
            double add = term / (2 * n + 1);
            sum += add;
            if (Math.abs(add) < 1e-20) {
                break;
            }
            term *= -x * x / (n + 1);
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    private static void ulps(double exact, float got, double bound, String what) {
        double ulp = Math.ulp((float) exact);
        double err = Math.abs(got - exact) / ulp;
        assertTrue(err <= bound, () -> what + ": " + got + " is " + err + " ulps from " + exact + " (bound " + bound + ")");
    }

    private static void absolute(double exact, float got, double bound, String what) {
        assertTrue(Math.abs(got - exact) <= bound, () -> what + ": " + got + " differs from " + exact + " by "
                + Math.abs(got - exact) + " (bound " + bound + ")");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void approximateFunctionsWithinTheirBounds(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("math.math_approx", v);
        int[] x = Everyday.ints(launch.initialBuffer("x"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("approx"));
        for (int i = 0; i < x.length; i++) {
            float u = Float.intBitsToFloat(x[i]);
            float t = Math.fma(u, 6.28318548f, -3.14159274f);
            float p = Math.fma(u, 40.0f, -20.0f);
            float q = Math.fma(u, 1.5f, 0.5f);
            float[] o = new float[16];
            for (int k = 0; k < 16; k++) {
                o[k] = Float.intBitsToFloat(out[16 * i + k]);
            }
            String at = "element " + i + " (u = " + u + ") slot ";
            absolute(Math.sin(t), o[0], Math.pow(2, -21.41), at + "0 __sinf");
            absolute(Math.cos(t), o[1], Math.pow(2, -21.19), at + "1 __cosf");
            ulps(Math.exp(p), o[2], 2 + Math.floor(Math.abs(1.173 * p)), at + "2 __expf");
            ulps(Math.pow(2, p), o[3], 2, at + "3 exp2f");
            absolute(Math.log(q) / Math.log(2), o[4], Math.pow(2, -22), at + "4 __log2f");
            absolute(Math.log(q), o[5], Math.pow(2, -21.41), at + "5 __logf");
            ulps(1 / Math.sqrt(q), o[6], 2, at + "6 rsqrtf");
            ulps((double) p / q, o[7], 2, at + "7 __fdividef");
            ulps(Math.sin(p), o[8], 2, at + "8 sinf");
            ulps(Math.exp(p), o[9], 2, at + "9 expf");
            ulps(Math.log(q * 1000.0f), o[10], 1, at + "10 logf");
            ulps(Math.tanh(p * 0.25f), o[11], 2, at + "11 tanhf");
            ulps(Math.pow(q, p), o[12], 4, at + "12 powf");
            ulps(Math.atan2(p, t), o[13], 3, at + "13 atan2f");
            ulps(erf(p * 0.2f), o[14], 2, at + "14 erff");
            ulps(Math.cbrt(p), o[15], 1, at + "15 cbrtf");
        }
    }
}
