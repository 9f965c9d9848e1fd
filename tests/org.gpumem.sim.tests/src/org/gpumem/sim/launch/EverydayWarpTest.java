package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * barriers.cu's barrier reductions (bar.red.popc/and/or) and split barrier, named_barriers.cu's
 * barriers by id with counts (bar.arrive, bar.sync a, b, bar.red on them), warp.cu's votes,
 * matches (match.any/all.sync) and reductions (redux.sync), against README.md's definitions.
 */
class EverydayWarpTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void barrierReductions(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("barriers.barrier_counts", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int n = in.length;
        for (int b = 0; b < 5; b++) {
            int count = 0, any = 0, all = 1;
            for (int t = 0; t < 256; t++) {
                int i = 256 * b + t;
                int x = i < n ? in[i] : 0;
                count += x > 0 ? 1 : 0;
                any |= i < n && (x & 0x3ff) == 0 ? 1 : 0;
                all &= i >= n || (x & 0xff) != 0x17 ? 1 : 0;
            }
            assertEquals(count, out[3 * b], "count of block " + b);
            assertEquals(any, out[3 * b + 1], "or of block " + b);
            assertEquals(all, out[3 * b + 2], "and of block " + b);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void splitBarrier(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("barriers.split_barrier", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < 600; i++) {
            int b = i / 200, t = i % 200;
            assertEquals(in[200 * b + (t + 1) % 200] * 3 + (i & 7), out[i], "out[" + i + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void namedBarriersOrderProducersAndConsumers(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("named_barriers.producer_consumer", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < 384; i++) {
            int b = i / 128 * 128, t = i % 128;
            int expected = t < 64 ? in[b + (t + 32) % 64] + 1 : 2 * in[b + t - 64] + 2 * in[b + 127 - t];
            assertEquals(expected, out[i], "out[" + i + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void namedBarriersByRegisterAndReductionsOnThem(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("named_barriers.half_block_barriers", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < 384; i++) {
            int b = i / 128 * 128, t = i % 128, h = t / 64, p = 64 * h + (t + 32) % 64;
            int positive = 0;
            for (int q = 64 * h; q < 64 * h + 64; q++) {
                positive += in[b + q] - q > 0 ? 1 : 0;
            }
            assertEquals(in[b + p] - p, out[2 * i], "out[" + 2 * i + "]");
            assertEquals(positive, out[2 * i + 1], "out[" + (2 * i + 1) + "]");
        }
    }

    /** The lanes of thread i's warp: 32 for the first warp of a 48-thread block, 16 for the second. */
    private static int[] warpOf(int i) {
        int block = i / 48, t = i % 48;
        int first = 48 * block + (t < 32 ? 0 : 32);
        int lanes = t < 32 ? 32 : 16;
        return new int[] {first, lanes};
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void votesAndMatches(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("warp.warp_votes", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int[] w = warpOf(i);
            int first = w[0], lanes = w[1];
            int mask = lanes == 32 ? -1 : 0xFFFF;
            int ballot = 0, any = 0, all = 1, uniSame = 0, matchAny = 0, matchAnyF = 0;
            boolean same = true;
            for (int k = 0; k < lanes; k++) {
                int x = in[first + k];
                ballot |= x > 0 ? 1 << k : 0;
                any |= (x & 0xff) == 0x42 ? 1 : 0;
                all &= (x & 0x10000) == 0 ? 1 : 0;
                uniSame += ((x & 1) == (in[first] & 1)) ? 1 : 0;
                matchAny |= (x & 3) == (in[i] & 3) ? 1 << k : 0;
                matchAnyF |= Float.floatToIntBits(x & 7) == Float.floatToIntBits(in[i] & 7) ? 1 << k : 0;
                same &= (x >> 31) == (in[first] >> 31);
            }
            int o = 8 * i;
            String at = "thread " + i + " slot ";
            assertEquals(mask, out[o], at + 0);
            assertEquals(ballot, out[o + 1], at + 1);
            assertEquals(any, out[o + 2], at + 2);
            assertEquals(all, out[o + 3], at + 3);
            assertEquals(uniSame == lanes || uniSame == 0 ? 1 : 0, out[o + 4], at + 4);
            assertEquals(matchAny, out[o + 5], at + 5);
            assertEquals(same ? mask : 0, out[o + 6], at + 6);
            assertEquals((same ? 1 : 0) | matchAnyF << 1, out[o + 7], at + 7);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void reductions(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("warp.warp_redux", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int[] w = warpOf(i);
            int sumU = 0, sumS = 0, and = -1, or = 0, xor = 0;
            int minU = -1, maxU = 0, minS = Integer.MAX_VALUE, maxS = Integer.MIN_VALUE;
            for (int k = 0; k < w[1]; k++) {
                int x = in[w[0] + k];
                sumU += x >>> 8;
                sumS += x >> 8;
                minU = Integer.compareUnsigned(x, minU) < 0 ? x : minU;
                maxU = Integer.compareUnsigned(x, maxU) > 0 ? x : maxU;
                minS = Math.min(minS, x);
                maxS = Math.max(maxS, x);
                and &= x;
                or |= x >>> 4;
                xor ^= x;
            }
            int[] expected = {sumU, minU, maxU, sumS, minS, maxS, and ^ or, xor};
            for (int k = 0; k < 8; k++) {
                assertEquals(expected[k], out[8 * i + k], "thread " + i + " slot " + k);
            }
        }
    }

    /** labeled_partition's groups: one redux.sync and match.any.sync per warp, each lane with its own group as member mask. */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void reductionsAndMatchesStayInsideEachLanesMemberMask(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("warp.warp_groups", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int[] w = warpOf(i);
            int group = 0, sum = 0, max = Integer.MIN_VALUE, sameBit = 0;
            for (int k = 0; k < w[1]; k++) {
                int x = in[w[0] + k];
                if ((x & 3) == (in[i] & 3)) {
                    group |= 1 << k;
                    sum += x >>> 8;
                    max = Math.max(max, x);
                    sameBit |= ((x >> 2) & 1) == ((in[i] >> 2) & 1) ? 1 << k : 0;
                }
            }
            int[] expected = {group, sum, max, sameBit};
            for (int k = 0; k < 4; k++) {
                assertEquals(expected[k], out[4 * i + k], "thread " + i + " slot " + k);
            }
        }
    }

    /** The source lane of a CUDA shuffle, or the lane itself where CUDA keeps the own value. */
    private static int source(String kind, int lane, int x, int width) {
        int segment = lane / width * width;
        switch (kind) {
            case "idx":
                return segment + x % width;
            case "up":
                return lane - x >= segment ? lane - x : lane;
            case "down":
                return lane + x < segment + width ? lane + x : lane;
            default:
                return (lane ^ x) < segment + width ? lane ^ x : lane;
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void shuffles(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("warp.warp_shuffles", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        long[] dv = Everyday.longs(launch.initialBuffer("dv"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] out = Everyday.ints(o.outputs().get("out"));
        long[] dout = Everyday.longs(o.outputs().get("dout"));
        String[] kinds = {"idx", "up", "down", "xor", "idx", "up", "down", "xor"};
        int[] widths = {32, 32, 32, 32, 8, 16, 4, 16};
        for (int i = 0; i < in.length; i++) {
            int[] w = warpOf(i);
            int lane = i - w[0], lanes = w[1];
            int val = in[i];
            int[] xs = {val & 31, 1, 3, 5, val & 7, 2, 1, 9};
            String at = "thread " + i + " slot ";
            for (int k = 0; k < 8; k++) {
                int src = source(kinds[k], lane, xs[k], widths[k]);
                if (src < lanes) {
                    assertEquals(in[w[0] + src], out[12 * i + k], at + k);
                }
            }
            int x1 = source("xor", lane, 1, 32);
            if (x1 < lanes) {
                assertEquals(in[w[0] + x1], out[12 * i + 8], at + 8);
            }
            int d2 = source("down", lane, 2, 32);
            if (d2 < lanes) {
                long sw = ((long) in[w[0] + d2] << 20) ^ d2;
                assertEquals((int) sw, out[12 * i + 9], at + 9);
                assertEquals((int) (sw >> 32), out[12 * i + 10], at + 10);
            }
            if (lane >= 16) {
                assertEquals(-1, out[12 * i + 11], at + 11);
            } else if (15 - lane < lanes) {
                assertEquals(in[w[0] + 15 - lane], out[12 * i + 11], at + 11);
            }
            int u4 = source("up", lane, 4, 32);
            assertEquals(dv[w[0] + u4], dout[i], "dout[" + i + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void syncwarpOrdersSharedExchange(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("warp.warp_sync_exchange", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int[] w = warpOf(i);
            int lane = i - w[0];
            assertEquals(in[w[0] + (lane + 7) % w[1]], out[i], "out[" + i + "]");
        }
    }
}
