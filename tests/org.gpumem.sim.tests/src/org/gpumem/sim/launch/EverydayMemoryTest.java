package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * memory.cu: cache operators (ld.global.nc, .cs, ...), L2 cache hints and policies, dynamic/static
 * shared and local arrays; addresses.cu: shared addresses computed in 32 bits wrap.
 */
class EverydayMemoryTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void cacheOperators(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("memory.cache_operators", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] in4 = Everyday.ints(launch.initialBuffer("in4"));
        short[] s4 = Everyday.shorts(launch.initialBuffer("s4"));
        byte[] c4 = launch.initialBuffer("c4");
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] out = Everyday.ints(o.outputs().get("out"));
        int[] out4 = Everyday.ints(o.outputs().get("out4"));
        short[] os4 = Everyday.shorts(o.outputs().get("os4"));
        byte[] oc4 = o.outputs().get("oc4");
        int n = 1000;
        for (int i = 0; i < n; i++) {
            int[] x = new int[7];
            for (int k = 0; k < 7; k++) {
                x[k] = in[(i + k) % n];
            }
            assertEquals((x[0] + x[1]) * 3 + x[2] - x[3] + x[4] * x[5] - x[6], out[i], "out[" + i + "]");
            int j = (i + 1) % n;
            float[] vv = new float[4], ww = new float[4];
            for (int e = 0; e < 4; e++) {
                vv[e] = Float.intBitsToFloat(in4[4 * i + e]);
                ww[e] = Float.intBitsToFloat(in4[4 * j + e]);
            }
            float[] expected = {2 * vv[0], vv[1] + ww[1], vv[2] - ww[2], vv[3] * ww[3]};
            for (int e = 0; e < 4; e++) {
                float got = Float.intBitsToFloat(out4[4 * i + e]);
                if (Float.isNaN(expected[e])) {
                    assertEquals(true, Float.isNaN(got), "out4[" + i + "]." + e);
                } else {
                    assertEquals(Float.floatToIntBits(expected[e]), Float.floatToIntBits(got), "out4[" + i + "]." + e);
                }
                assertEquals(s4[4 * i + 3 - e], os4[4 * i + e], "os4[" + i + "]." + e);
            }
            assertEquals((byte) (c4[4 * i] ^ 0xff), oc4[4 * i], "oc4[" + i + "].x");
            assertEquals(c4[4 * i + 1], oc4[4 * i + 1], "oc4[" + i + "].y");
            assertEquals((byte) (c4[4 * i + 2] + 1), oc4[4 * i + 2], "oc4[" + i + "].z");
            assertEquals(c4[4 * i + 3], oc4[4 * i + 3], "oc4[" + i + "].w");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void accessPolicies(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("memory.access_policies", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < 1000; i++) {
            assertEquals(in[i] * 7 + in[(i + 1) % 1000], out[i], "out[" + i + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void sharedAndLocal(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("memory.shared_and_local", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < 512; i++) {
            int b = i / 128, t = i % 128;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += in[128 * b + (t + k) % 128] * (k + 1);
            }
            assertEquals(sum + i * (in[i] & 7), out[i], "out[" + i + "]");
        }
    }

    /** nvcc's {@code add.s32 %r, %base, -8} then {@code ld.shared [%r+8]}: the 32-bit address wraps to the tile's start. */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void sharedAddressesWrapIn32Bits(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("addresses.shared_wrap", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int n = 500, radius = 2, block = 128;
        for (int i = 0; i < n; i++) {
            int b = i / block, t = i % block;
            int s = 0;
            for (int d = 0; d <= 2 * radius; d++) {
                int j = t - radius + d;
                if (j >= 0 && j < block) {
                    int k = block * b + j;
                    s += (k < n ? in[k] : 0) * (d + 1);
                }
            }
            assertEquals(s, out[i], "out[" + i + "]");
        }
    }
}
