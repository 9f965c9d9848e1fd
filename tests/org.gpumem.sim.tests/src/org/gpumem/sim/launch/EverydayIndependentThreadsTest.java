package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Arrays;
import java.util.stream.IntStream;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * independent_threads.cu: lanes of one warp that wait for each other (a spin lock, barriers
 * reached after different numbers of loop iterations, a producer/consumer handshake) complete
 * under independent thread scheduling, against README.md's definitions.
 */
class EverydayIndependentThreadsTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aSpinLockBetweenLanesOfOneWarp(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("independent_threads.spin_lock", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] totals = Everyday.ints(o.outputs().get("totals"));
        int[] tickets = Everyday.ints(o.outputs().get("tickets"));
        int block = 64;
        for (int b = 0; b < totals.length; b++) {
            int sum = 0;
            for (int t = 0; t < block; t++) {
                sum += in[block * b + t];
            }
            assertEquals(sum, totals[b], "total of block " + b);
            int[] mine = Arrays.copyOfRange(tickets, block * b, block * (b + 1));
            Arrays.sort(mine);
            assertArrayEquals(IntStream.range(0, block).toArray(), mine, "tickets of block " + b + " are 0.." + (block - 1));
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void barriersReachedAfterDifferentNumbersOfIterations(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("independent_threads.divergent_barrier_loop", v);
        int[] work = Everyday.ints(launch.initialBuffer("work"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int block = 96, rounds = 5;
        for (int b = 0; b < work.length / block; b++) {
            int[] acc = new int[block];
            for (int r = 0; r < rounds; r++) {
                for (int t = 0; t < block; t++) {
                    for (int s = 0; s < (work[block * b + t] & 7); s++) {
                        acc[t] += s * (r + 1);
                    }
                }
                int[] partial = acc.clone();
                for (int t = 0; t < block; t++) {
                    acc[t] += partial[(t + 1) % block];
                }
            }
            for (int t = 0; t < block; t++) {
                assertEquals(acc[t], out[block * b + t], "out[" + (block * b + t) + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aProducerConsumerHandshakeBetweenTwoLanes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("independent_threads.lane_handshake", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int count = 12;
        for (int w = 0; w < in.length / count; w++) {
            int sum = 0;
            for (int k = 0; k < count; k++) {
                int value = in[w * count + k] * 3 + k;
                assertEquals(value ^ sum, out[w * count + k], "out[" + (w * count + k) + "]");
                sum += value;
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void syncwarpMakesEachHalfWaitForTheOther(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("independent_threads.syncwarp_halves", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int lane = i % 96 % 32;
            int expected = lane < 16 ? (in[i + 16] - 1) * 2 : (in[i - 16] + 1) * 3;
            assertEquals(expected, out[i], "out[" + i + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aShuffleWaitsForLanesThatLoopLonger(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("independent_threads.shuffle_after_divergence", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int[] after = new int[in.length];
        for (int i = 0; i < in.length; i++) {
            int x = in[i];
            for (int k = 0; k < (in[i] & 15) * 40; k++) {
                x = x * 1103515245 + 12345;
            }
            after[i] = x;
        }
        for (int i = 0; i < in.length; i++) {
            int lane = i % 32, warp = i - lane;
            int down = lane + 3 < 32 ? after[warp + lane + 3] : after[i];
            assertEquals(after[warp + (lane ^ 1)] + down, out[i], "out[" + i + "]");
        }
    }

    /**
     * The tickets are the order in which the lanes took the lock, which the scheduling decides:
     * the same in every run, with two worker threads.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void theInterleavingIsTheSameEveryRun(Variant v) throws IOException {
        int[] first = Everyday.ints(Everyday.run(Everyday.launch("independent_threads.spin_lock", v)).outputs().get("tickets"));
        int[] again = Everyday.ints(Everyday.run(Everyday.launch("independent_threads.spin_lock", v)).outputs().get("tickets"));
        assertArrayEquals(first, again);
    }
}
