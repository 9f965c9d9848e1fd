package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * atomics.cu (sm_90): every atomic nvcc emits, order-independent results against README.md's
 * formulas; atomic_128 is {@code atom.cas.b128}/{@code atom.exch.b128} on {@code .b128}
 * registers packed and unpacked by {@code mov.b128}.
 */
class EverydayAtomicsTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void integers(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("atomics.atomic_ints", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        Map<String, byte[]> out = Everyday.run(launch).outputs();
        int n = in.length;
        int[] a32 = Everyday.ints(out.get("a32"));
        long[] a64 = Everyday.longs(out.get("a64"));
        long[] ands = Everyday.longs(out.get("ands"));
        int sum8 = 0, sub = 0, min = 0, max = 0, or = 0, xor = 0, sum2 = 0;
        long sum64 = 0, min64 = 0, max64 = 0, or64 = 0, xor64 = 0, neg = 0, and0 = -1, and1 = -1, prod = 1;
        for (int x : in) {
            long u = x & 0xFFFF_FFFFL;
            sum8 += x & 0xff;
            sub -= x & 0xf;
            min = Math.min(min, x);
            max = Integer.compareUnsigned(x, max) > 0 ? x : max;
            or |= x & 0x0f0f0f0f;
            xor ^= x;
            sum2 += x & 3;
            and0 &= u | 0x10000 | 0xFFFF_FFFF_0000_0000L;
            and1 &= ~((u & 0xff) << 8);
            sum64 += u;
            min64 = Math.min(min64, 3L * x);
            max64 = Long.compareUnsigned(u << 16, max64) > 0 ? u << 16 : max64;
            or64 |= (u & 7) << 40;
            xor64 ^= u * 0x10001L;
            neg = Math.max(neg, -u);
            prod *= 2 * u + 1;
        }
        int[] expected32 = {sum8, sub, min, max, or, xor, n % 100, 37 - (n - 1) % 38, 0x5a5a5a5a, sum2 & 0xffff, 0, n};
        for (int k = 0; k < 12; k++) {
            assertEquals(expected32[k], a32[k], "a32[" + k + "]");
        }
        long[] expected64 = {sum64, min64, max64, or64, xor64, neg};
        for (int k = 0; k < 6; k++) {
            assertEquals(expected64[k], a64[k], "a64[" + k + "]");
        }
        assertEquals(and0, ands[0]);
        assertEquals(and1, ands[1]);
        assertEquals(prod, Everyday.longs(out.get("prod"))[0]);
        int[] tickets = Everyday.ints(out.get("tickets"));
        boolean[] seen = new boolean[n];
        for (int t : tickets) {
            assertTrue(t >= 0 && t < n && !seen[t], "tickets are a permutation of 0 .. n-1");
            seen[t] = true;
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void floats(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("atomics.atomic_floats", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        Map<String, byte[]> out = Everyday.run(launch).outputs();
        int n = in.length;
        int ks = 0, ks64 = 0;
        float fmin = 3.0e38f;
        for (int i = 0; i < n; i++) {
            int k = in[i] & 3;
            ks += k;
            ks64 += i < 64 ? k : 0;
            fmin = Math.min(fmin, (float) (in[i] >>> 8));
        }
        float[] f = floats(out.get("f"));
        assertEquals(ks / 8.0f, f[0]);
        assertEquals(2.5f, f[1]);
        assertEquals(0f, f[2]);
        assertEquals((float) n, f[3]);
        for (int j = 0; j < n; j++) {
            assertEquals(1.0f, f[4 + j], "f[" + (4 + j) + "]");
        }
        assertEquals(fmin, floats(out.get("fmin"))[0]);
        assertEquals(ks / 16.0, Double.longBitsToDouble(Everyday.longs(out.get("d"))[0]));
        assertEquals(half(ks / 4.0f), Everyday.shorts(out.get("h"))[0] & 0xffff);
        assertEquals(half(ks / 4.0f) | half(n) << 16, Everyday.ints(out.get("h2"))[0]);
        assertEquals(bfloat(ks64), Everyday.shorts(out.get("b"))[0] & 0xffff);
        assertEquals(bfloat(64) | bfloat(ks64) << 16, Everyday.ints(out.get("b2"))[0]);
        float[] v2 = floats(out.get("v2"));
        assertEquals(ks, v2[0]);
        assertEquals(n, v2[1]);
        float[] v4 = floats(out.get("v4"));
        assertEquals(ks, v4[0]);
        assertEquals(n, v4[1]);
        assertEquals(2 * n, v4[2]);
        assertEquals(ks / 2.0f, v4[3]);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void scopes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("atomics.atomic_scopes", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        Map<String, byte[]> out = Everyday.run(launch).outputs();
        long sum = 0, sumMax = 0, maxMax = 0, minMax = -1;
        for (int b = 0; b < 4; b++) {
            long m = 0;
            for (int t = 0; t < 256; t++) {
                int i = 256 * b + t;
                long x = i < in.length ? in[i] & 0xFFFF_FFFFL : 0;
                sum += x & 0xffff;
                m = Math.max(m, x);
            }
            sumMax += m;
            maxMax = Math.max(maxMax, m);
            minMax = Long.compareUnsigned(m, minMax) < 0 ? m : minMax;
        }
        long[] o = Everyday.longs(out.get("out"));
        long[] expected = {sum, sumMax, maxMax, 4, 4, 0x1234, 1};
        for (int k = 0; k < 7; k++) {
            assertEquals(expected[k], o[k], "out[" + k + "]");
        }
        assertEquals(minMax, Everyday.longs(out.get("lowest"))[0]);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void compareAndSwapOf128Bits(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("atomics.atomic_128", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        Map<String, byte[]> out = Everyday.run(launch).outputs();
        int n = in.length;
        long sum = 0;
        for (int x : in) {
            sum += x & 0xFFFF_FFFFL;
        }
        long[] pair = Everyday.longs(out.get("pair"));
        assertEquals(n, pair[0]);
        assertEquals(sum, pair[1]);
        long[] swapped = Everyday.longs(out.get("swapped"));
        long[] xchg = Everyday.longs(out.get("xchg"));
        Set<String> values = new HashSet<>();
        values.add(xchg[0] + "," + xchg[1]);
        for (int i = 0; i < n; i++) {
            values.add(swapped[2 * i] + "," + swapped[2 * i + 1]);
        }
        Set<String> expected = new HashSet<>();
        expected.add("0,0");
        for (long j = 0; j < n; j++) {
            expected.add(j + "," + ~j);
        }
        assertEquals(expected, values, "the old values and the last one are {(0, 0)} and every (j, ~j) once");
    }

    private static float[] floats(byte[] b) {
        int[] bits = Everyday.ints(b);
        float[] f = new float[bits.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = Float.intBitsToFloat(bits[i]);
        }
        return f;
    }

    /** The binary16 bits of {@code x}, a non-negative value binary16 holds exactly (a normal number or 0). */
    private static int half(float x) {
        if (x == 0) {
            return 0;
        }
        int bits = Float.floatToIntBits(x);
        int exponent = (bits >>> 23) - 127 + 15;
        assertTrue(exponent > 0 && exponent < 31 && (bits & 0x1fff) == 0, x + " is not exact in binary16");
        return exponent << 10 | (bits >>> 13) & 0x3ff;
    }

    /** The bfloat16 bits of {@code x}, which bfloat16 holds exactly: the high half of its binary32 bits. */
    private static int bfloat(float x) {
        int bits = Float.floatToIntBits(x);
        assertEquals(0, bits & 0xffff, x + " is not exact in bfloat16");
        return bits >>> 16;
    }
}
