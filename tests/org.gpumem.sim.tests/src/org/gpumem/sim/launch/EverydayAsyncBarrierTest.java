package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.UnsupportedKernelException;
import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * async_barriers.cu (sm_90): cuda::barrier, a block-scope cuda::pipeline, cooperative groups'
 * copies and bulk copies on the simulator's mbarriers, each output against a CPU reference
 * written here; the mbarrier forms the headers do not emit, checked by the kernel itself; and the
 * undefined uses of an mbarrier, which fault naming the instruction instead of hanging. Under -G
 * the headers' cuda::barrier takes the address of an atomic function and cooperative groups read
 * {@code %reserved_smem_offset_1}: where the simulator models neither (issue 33's indirect calls
 * and special registers, done apart from the mbarriers), such a kernel must be refused for one of
 * those reasons, and otherwise give the reference.
 */
class EverydayAsyncBarrierTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void barrierProducerConsumer(Variant v) throws IOException {
        PreparedLaunch launch = refusedOrLaunched("async_barriers.barrier_producer_consumer", v);
        if (launch == null) {
            return;
        }
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int rounds = 5;
        for (int b = 0; b < 3; b++) {
            for (int c = 0; c < 64; c++) {
                int acc = 0;
                for (int r = 0; r < rounds; r++) {
                    acc += in[(b * rounds + r) * 64 + c] * (r + 1);
                }
                assertEquals(acc, out[b * 64 + c], "out[" + (b * 64 + c) + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void copiesCompletingOnABarrier(Variant v) throws IOException {
        PreparedLaunch launch = refusedOrLaunched("async_barriers.barrier_copies", v);
        if (launch == null) {
            return;
        }
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int b = 0; b < 3; b++) {
            for (int t = 0; t < 256; t++) {
                int g = 256 * b + t;
                assertEquals(in[256 * b + 255 - t] + 2 * in[256 * b + (t + 1) % 256], out[g], "out[" + g + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void blockScopePipeline(Variant v) throws IOException {
        PreparedLaunch launch = refusedOrLaunched("async_barriers.block_pipeline", v);
        if (launch == null) {
            return;
        }
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        int tiles = 5;
        for (int b = 0; b < 3; b++) {
            int base = b * tiles * 128;
            for (int k = 0; k < tiles; k++) {
                for (int t = 0; t < 128; t++) {
                    int g = base + k * 128 + t;
                    assertEquals(2 * in[base + k * 128 + (t + 3) % 128] + 1, out[g], "out[" + g + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void cooperativeGroupsCopyThroughABarrier(Variant v) throws IOException {
        PreparedLaunch launch = refusedOrLaunched("async_barriers.cg_barrier_copy", v);
        if (launch == null) {
            return;
        }
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int b = 0; b < 2; b++) {
            for (int t = 0; t < 256; t++) {
                int g = 256 * b + t;
                assertEquals(in[256 * b + 255 - t] - in[256 * b + 32 * (t / 32) + t % 32], out[g], "out[" + g + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void cooperativeGroupsTileCopy(Variant v) throws IOException {
        PreparedLaunch launch = refusedOrLaunched("async_barriers.cg_tile_copy", v);
        if (launch == null) {
            return;
        }
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int b = 0; b < 2; b++) {
            for (int t = 0; t < 256; t++) {
                int g = 256 * b + t;
                assertEquals(3 * in[256 * b + 32 * (t / 32) + 31 - t % 32], out[g], "out[" + g + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void bulkStoreFromSharedMemory(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("async_barriers.bulk_store", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int g = 0; g < in.length; g++) {
            assertEquals(5 * in[g] - g % 128, out[g], "out[" + g + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyMbarrierFormFollowsThePhaseArithmetic(Variant v) throws IOException {
        int[] report = Everyday.ints(Everyday.run(Everyday.launch("async_barriers.mbarrier_forms", v)).outputs().get("report"));
        for (int i = 0; i < report.length; i++) {
            assertEquals(Integer.toBinaryString(0xfff), Integer.toBinaryString(report[i]), "report[" + i + "]: the checks that held");
        }
    }

    /** Lanes waiting in a try_wait loop let the lanes of their warp that must arrive run (sm_70+ scheduling). */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void lanesWaitForOtherLanesOfTheirWarp(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("async_barriers.lanes_wait_for_lanes", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int j = i % 32 < 16 ? i + 16 : i;
            int acc = 0;
            for (int k = 0; k < 20 + (in[j] & 15); k++) {
                acc += in[j] ^ k;
            }
            assertEquals(i % 32 < 16 ? 2 * acc + i % 32 : acc, out[i], "out[" + i + "]");
        }
    }

    /** Undefined uses fault with a line naming what was wrong, on both engines (EngineDifferentialTest). */
    @ParameterizedTest
    @CsvSource({
        "misuse_uninitialized, ILLEGAL_INSTRUCTION, no mbarrier is initialized there",
        "misuse_zero_count, ILLEGAL_INSTRUCTION, its count 0 is outside 1..1048575",
        "misuse_over_arrival, ILLEGAL_INSTRUCTION, 2 arrivals exceed the 1 pending in the current phase",
        "misuse_deadlock, DEADLOCK, 32 of 64 arrivals pending"})
    void misuseFaultsInsteadOfHanging(String name, FaultKind kind, String why) throws IOException {
        for (Variant v : Variant.values()) {
            LaunchResult r = Everyday.launch("async_barriers." + name, v).run(new ExecOptions(4_000_000_000L, 1, false)).result();
            assertFalse(r.completed(), name);
            Fault f = r.fault();
            assertEquals(kind, f.kind(), f.report());
            assertTrue(f.detail().contains(why), f.detail());
            assertTrue(f.report().contains("mbarrier") || f.report().contains("try_wait"), f.report());
        }
    }

    /**
     * The launch, or null when the -G module's kernel is refused for what the -G headers need
     * besides mbarriers: function addresses or cooperative groups' reserved shared memory.
     */
    private static PreparedLaunch refusedOrLaunched(String name, Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch(name, v);
        if (v == Variant.G && !launch.kernel().runnable()) {
            UnsupportedKernelException e = assertThrows(UnsupportedKernelException.class, () -> Everyday.run(launch));
            String m = e.getMessage();
            assertTrue(m.contains("function addresses (") || m.contains("%reserved_smem_offset_1"), m);
            assertFalse(m.contains("unsupported instruction"), m);
            return null;
        }
        return launch;
    }
}
