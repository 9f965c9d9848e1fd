package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
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

    @ParameterizedTest
    @ValueSource(strings = {"fault_barrier.G.ptx", "fault_barrier.O3.ptx"})
    void barrierNotReachedByAllThreadsIsAReportedDeadlock(String fixture) throws Exception {
        PtxModule m = SimTestSupport.fixture(fixture);
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

    @ParameterizedTest
    @ValueSource(strings = {"fault_barrier.G.ptx", "fault_barrier.O3.ptx"})
    void sameKernelCompletesWhenWholeWarpsTakeTheBranch(String fixture) throws Exception {
        PtxModule m = SimTestSupport.fixture(fixture);
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        long out = d.allocate(256);
        LaunchConfig c = LaunchConfig.builder(m.kernels().get(0).name()).block(64, 1, 1).argU64(out).argS32(32).build();
        LaunchResult r = dm.launch(c, ExecOptions.defaults()).run();
        assertNull(r.fault(), () -> r.fault().message());
        int[] o = SimTestSupport.ints(d.read(out, 256));
        for (int t = 0; t < 64; t++) {
            assertEquals(t < 32 ? 1 : 0, o[t], "thread " + t);
        }
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
