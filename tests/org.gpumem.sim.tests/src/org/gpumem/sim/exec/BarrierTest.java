package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BarrierTest {

    @Test
    void barrierOrdersSharedMemoryBetweenWarps() {
        // Each thread writes its id to shared, waits, and reads its mirror thread's slot.
        String decl = ".shared .align 4 .b32 buf[256];";
        String body = String.join("\n",
                " mov.u32 %r1, buf;",
                " shl.b32 %r2, %t, 2;",
                " add.u32 %r3, %r1, %r2;",
                " add.u32 %r4, %t, 1000;",
                " st.shared.u32 [%r3], %r4;",
                " bar.sync 0;",
                " sub.u32 %r5, 255, %t;",
                " shl.b32 %r5, %r5, 2;",
                " add.u32 %r5, %r1, %r5;",
                " ld.shared.u32 %r0, [%r5];");
        SimTestSupport.Run r = SimTestSupport.runPerThread(decl, body, 3, 256);
        assertNull(r.result.fault());
        int[] expected = new int[768];
        for (int g = 0; g < 768; g++) {
            expected[g] = 255 - g % 256 + 1000;
        }
        assertArrayEquals(expected, r.out());
    }

    /**
     * fault_barrier.cu: threads below the limit call __syncthreads(), the others exit. As the
     * GPUs before Volta run it (the module's target made sm_60), the lanes that skip the barrier
     * wait to reconverge with the ones at it, and the barrier never completes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fault_barrier.G.ptx", "fault_barrier.O3.ptx"})
    void aBarrierInDivergentCodeIsADeadlockBeforeVolta(String fixture) throws Exception {
        PtxModule m = beforeVolta(fixture);
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        long out = d.allocate(256);
        LaunchConfig c = LaunchConfig.builder(m.kernels().get(0).name()).block(64, 1, 1).argU64(out).argS32(16).build();
        LaunchResult r = dm.launch(c, ExecOptions.defaults()).run();
        Fault f = r.fault();
        assertNotNull(f);
        assertEquals(FaultKind.DEADLOCK, f.kind());
        assertEquals("bar.sync 0", f.instruction());
        assertNotNull(f.source());
        assertTrue(f.source().file().endsWith("fault_barrier.cu"));
        assertEquals(5, f.source().line());
        assertTrue(f.detail().contains("16 of 32 live threads"), f.detail());
    }

    /** The fixture's text for a GPU before Volta, whose warps run in lockstep. */
    private static PtxModule beforeVolta(String fixture) throws Exception {
        String text = Files.readString(SimTestSupport.fixtures().resolve("kernels").resolve(fixture));
        return PtxLoader.load(fixture, text.replace(".target sm_90", ".target sm_60"));
    }

    /**
     * The same kernel with independent thread scheduling (sm_70 and later): a barrier counts
     * threads, the threads that skip it go on and exit, and exited threads do not count.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fault_barrier.G.ptx", "fault_barrier.O3.ptx"})
    void aBarrierInDivergentCodeCompletesWhenTheOtherThreadsExit(String fixture) throws Exception {
        assertEquals(16, completedWithLimit(SimTestSupport.fixture(fixture), 16));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_barrier.G.ptx", "fault_barrier.O3.ptx"})
    void sameKernelCompletesWhenWholeWarpsTakeTheBranch(String fixture) throws Exception {
        assertEquals(32, completedWithLimit(SimTestSupport.fixture(fixture), 32));
        assertEquals(32, completedWithLimit(beforeVolta(fixture), 32));
    }

    /** Runs fault_barrier's kernel on 64 threads with {@code limit}; the threads that wrote 1 (below the limit). */
    private static int completedWithLimit(PtxModule m, int limit) {
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        long out = d.allocate(256);
        LaunchConfig c = LaunchConfig.builder(m.kernels().get(0).name()).block(64, 1, 1).argU64(out).argS32(limit).build();
        LaunchResult r = dm.launch(c, ExecOptions.defaults()).run();
        assertNull(r.fault(), () -> r.fault().message());
        int[] o = SimTestSupport.ints(d.read(out, 256));
        for (int t = 0; t < 64; t++) {
            assertEquals(t < limit ? 1 : 0, o[t], "thread " + t);
        }
        return limit;
    }

    /** fault_deadlock.cu: part of each warp waits at barrier 0, the rest at barrier 1; neither completes. */
    @ParameterizedTest
    @ValueSource(strings = {"fault_deadlock.G.ptx", "fault_deadlock.O3.ptx"})
    void barriersThatCannotCompleteAreAReportedDeadlock(String fixture) throws Exception {
        PtxModule m = SimTestSupport.fixture(fixture);
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        long out = d.allocate(256);
        LaunchConfig c = LaunchConfig.builder(m.kernels().get(0).name()).block(64, 1, 1).argU64(out).argS32(16).build();
        LaunchResult r = dm.launch(c, ExecOptions.defaults()).run();
        Fault f = r.fault();
        assertNotNull(f);
        assertEquals(FaultKind.DEADLOCK, f.kind());
        assertTrue(f.instruction().startsWith("bar.sync"), f.instruction());
        assertTrue(f.source().file().endsWith("fault_deadlock.cu"));
        assertTrue(f.detail().contains("barrier 0: 32 of 64 live threads, barrier 1: 32 of 64 live threads"), f.detail());
        assertTrue(f.detail().contains("warp 0 lanes 0-15 wait at PTX line"), f.detail());
        assertTrue(f.detail().contains("lanes 16-31 wait at PTX line"), f.detail());
    }

    /**
     * Warps 0-1 produce into shared memory and bar.arrive at barrier 1 without waiting, then meet
     * each other at barrier 2 (count 64); warps 2-3 wait at barrier 1 (count 128) and read what
     * the producers wrote. Producers write buf[t] = t + 7 and read the other producer warp's
     * buf2 slot; consumers read buf[t - 64].
     */
    @Test
    void namedBarriersWithCountsOrderProducersAndConsumers() {
        String decl = ".shared .align 4 .b32 buf[64]; .shared .align 4 .b32 buf2[64];";
        String body = String.join("\n",
                " setp.ge.u32 %p1, %t, 64;",
                " @%p1 bra CONSUMER;",
                " mov.u32 %r1, buf; shl.b32 %r2, %t, 2; add.u32 %r3, %r1, %r2;",
                " add.u32 %r4, %t, 7; st.shared.u32 [%r3], %r4;",
                " bar.arrive 1, 128;",
                " mov.u32 %r1, buf2; add.u32 %r3, %r1, %r2; mul.lo.u32 %r4, %t, 3; st.shared.u32 [%r3], %r4;",
                " bar.sync 2, 64;",
                " add.u32 %r5, %t, 32; and.b32 %r5, %r5, 63; shl.b32 %r5, %r5, 2; add.u32 %r5, %r1, %r5;",
                " ld.shared.u32 %r0, [%r5];",
                " bra DONE;",
                "CONSUMER:",
                " barrier.sync 1, 128;",
                " sub.u32 %r5, %t, 64; shl.b32 %r5, %r5, 2; mov.u32 %r1, buf; add.u32 %r5, %r1, %r5;",
                " ld.shared.u32 %r0, [%r5];",
                "DONE:");
        SimTestSupport.Run r = SimTestSupport.runPerThread(decl, body, 2, 128);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] expected = new int[256];
        for (int g = 0; g < 256; g++) {
            int t = g % 128;
            expected[g] = t < 64 ? 3 * ((t + 32) % 64) : t - 64 + 7;
        }
        assertArrayEquals(expected, r.out());
    }

    /** The barrier id and count from registers; bar.red on a named barrier counts only its threads. */
    @Test
    void barrierIdInARegisterAndAReductionOnANamedBarrier() {
        // Threads 0-63 use barrier 1, threads 64-127 barrier 2 (id = 1 + t / 64, count 64 in %r7);
        // each half counts its threads with an odd t + c.
        String body = String.join("\n",
                " shr.u32 %r6, %t, 6; add.u32 %r6, %r6, 1; mov.u32 %r7, 64;",
                " add.u32 %r1, %t, %c; and.b32 %r1, %r1, 1; setp.eq.u32 %p1, %r1, 1;",
                " bar.red.popc.u32 %r0, %r6, %r7, %p1;",
                " barrier.sync %r6, %r7;",
                " mul.lo.u32 %r2, %r6, 1000; add.u32 %r0, %r0, %r2;");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 2, 128);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] expected = new int[256];
        for (int g = 0; g < 256; g++) {
            int c = g / 128, t = g % 128, half = t / 64;
            int odd = 0;
            for (int u = 64 * half; u < 64 * half + 64; u++) {
                odd += (u + c) & 1;
            }
            expected[g] = odd + 1000 * (1 + half);
        }
        assertArrayEquals(expected, r.out());
    }

    @Test
    void aNamedBarrierThatNeverGetsItsCountIsAReportedDeadlock() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 64;",
                " @%p1 bra DONE;",
                " bar.sync 1, 128;",
                "DONE:");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 128);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.DEADLOCK, f.kind());
        assertTrue(f.detail().contains("barrier 1: 64 of 128 threads"), f.detail());
        assertEquals("bar.sync 1, 128", f.instruction());
    }

    /**
     * Lanes 0-15 of the warp wait at __syncwarp() for the whole warp, lanes 16-31 at
     * __syncthreads(), which counts threads and waits for all 32: neither can complete, and the
     * deadlock names both places.
     */
    @Test
    void aSyncwarpForLanesWaitingAtABarrierIsAReportedDeadlock() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 16;",
                " @%p1 bra LOW;",
                " bar.sync 0;",
                " bra.uni DONE;",
                "LOW:",
                " bar.warp.sync -1;",
                "DONE:");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.DEADLOCK, f.kind());
        assertTrue(f.detail().startsWith("16 of 32 live threads wait at a barrier (barrier 0: 16 of 32 live threads)"), f.detail());
        assertTrue(f.detail().contains("lanes 0-15 wait at PTX line"), f.detail());
        assertTrue(f.detail().contains("(bar.warp.sync, for lanes of the warp elsewhere)"), f.detail());
        assertTrue(f.detail().contains("lanes 16-31 wait at PTX line"), f.detail());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bar.sync 16;", "bar.sync 1, 48;", "bar.sync 1, 0;", "bar.sync 1, 160;", "bar.arrive 17, 64;"})
    void anIdOrCountPtxLeavesUndefinedFailsTheThreadThatGivesIt(String barrier) {
        SimTestSupport.Run r = SimTestSupport.runPerThread("", " " + barrier, 1, 128);
        Fault f = r.result.fault();
        assertNotNull(f, barrier);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().startsWith("barrier "), f.detail());
    }

    /** Warp 0 waits at barrier 1 for 128 threads; warp 1 then arrives there saying 64. */
    @Test
    void threadsArrivingAtOneBarrierWithDifferentCountsFault() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 32;",
                " @%p1 bra FIRST;",
                " bar.sync 1, 64;",
                " bra DONE;",
                "FIRST:",
                " bar.sync 1, 128;",
                "DONE:");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 128);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().contains("with a count of"), f.detail());
    }
}
