package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;

/**
 * Cooperative launches: every CTA resident at once, so that cooperative groups'
 * {@code this_grid().sync()} completes. The kernel is what nvcc 13 makes of it: thread 0 of each
 * CTA adds to the counter at {@code %envreg1:%envreg2 + 4} (CTA 0 adds 0x80000001 - CTAs, the
 * others 1) and spins until the counter's top bit flips; a launch that is not cooperative has no
 * workspace (0) and traps.
 */
class CooperativeLaunchTest {
    /** out[cta] = (sum over all CTAs of in[cta]) after the grid barrier: each CTA reads what every other wrote before it. */
    private static final String KERNEL = SimTestSupport.HEADER + String.join("\n",
            ".visible .entry k(.param .u64 in, .param .u64 out)",
            "{",
            " .reg .pred %p<6>; .reg .b32 %r<40>; .reg .b64 %rd<24>;",
            " ld.param.u64 %rd10, [in]; ld.param.u64 %rd11, [out];",
            " mov.u32 %r6, %envreg2; cvt.u64.u32 %rd5, %r6;",
            " mov.u32 %r7, %envreg1; cvt.u64.u32 %rd6, %r7;",
            " bfi.b64 %rd1, %rd6, %rd5, 32, 32;",
            " mov.u32 %r10, %ctaid.x; mov.u32 %r3, %nctaid.x; mov.u32 %r18, %tid.x;",
            " mul.wide.u32 %rd12, %r10, 4; add.s64 %rd13, %rd10, %rd12;",
            // each CTA adds to its own input slot before the barrier
            " setp.ne.s32 %p5, %r18, 0;",
            " @%p5 bra $NOWRITE;",
            " ld.global.u32 %r30, [%rd13]; add.s32 %r30, %r30, 1000; st.global.u32 [%rd13], %r30;",
            "$NOWRITE:",
            " setp.ne.s64 %p1, %rd1, 0;",
            " @%p1 bra $HAVE;",
            " trap;",
            "$HAVE:",
            " barrier.sync 0;",
            " setp.ne.s32 %p2, %r18, 0;",
            " @%p2 bra $AFTER;",
            " add.s64 %rd20, %rd1, 4;",
            " setp.eq.s32 %p3, %r10, 0;",
            " mov.u32 %r35, -2147483647;",
            " sub.s32 %r36, %r35, %r3;",
            " selp.b32 %r27, %r36, 1, %p3;",
            " atom.add.release.gpu.u32 %r26, [%rd20], %r27;",
            "$SPIN:",
            " ld.acquire.gpu.u32 %r37, [%rd20];",
            " xor.b32 %r38, %r37, %r26;",
            " setp.gt.s32 %p4, %r38, -1;",
            " @%p4 bra $SPIN;",
            "$AFTER:",
            " barrier.sync 0;",
            // thread 0 sums every CTA's slot
            " @%p5 bra $DONE;",
            " mov.u32 %r20, 0; mov.u32 %r21, 0;",
            "$SUM:",
            " mul.wide.u32 %rd14, %r21, 4; add.s64 %rd15, %rd10, %rd14;",
            " ld.global.u32 %r22, [%rd15]; add.s32 %r20, %r20, %r22;",
            " add.s32 %r21, %r21, 1; setp.lt.u32 %p3, %r21, %r3; @%p3 bra $SUM;",
            " add.s64 %rd16, %rd11, %rd12; st.global.u32 [%rd16], %r20;",
            "$DONE:",
            " ret;",
            "}");

    private static final int THREADS = 64;

    private static LaunchConfig config(long in, long out, int ctas, boolean cooperative) {
        return LaunchConfig.builder("k").grid(ctas, 1, 1).block(THREADS, 1, 1).argU64(in).argU64(out).cooperative(cooperative)
                .build();
    }

    private static void check(SimulatedDevice d, long in, long out, int ctas, LaunchResult r) {
        assertNull(r.fault(), () -> r.report());
        int expected = 0;
        for (int c = 0; c < ctas; c++) {
            expected += c + 1000;
        }
        int[] sums = SimTestSupport.ints(d.read(out, 4 * ctas));
        for (int c = 0; c < ctas; c++) {
            assertEquals(expected, sums[c], "CTA " + c + " summed before every CTA had written");
        }
    }

    @Test
    void theGridBarrierWaitsForEveryCtaInARunAndUnderTheDebugger() {
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = d.load(PtxLoader.load("coop.ptx", KERNEL));
        int ctas = DeviceFacts.of(90).residentBlocks(THREADS, 0) * DeviceFacts.MULTIPROCESSORS;
        long in = d.allocate(4L * ctas), out = d.allocate(4L * ctas);
        for (boolean debugger : new boolean[] {false, true}) {
            int[] init = new int[ctas];
            for (int c = 0; c < ctas; c++) {
                init[c] = c;
            }
            d.write(in, SimTestSupport.bytes(init));
            var launch = m.launch(config(in, out, ctas, true), debugger ? ControlledLaunch.options(0) : ExecOptions.defaults());
            check(d, in, out, ctas, debugger ? ControlledLaunch.runToEnd(launch) : launch.run());
        }
    }

    @Test
    void aGridThatCannotBeResidentIsRefusedAndAPlainLaunchOfAGridSyncTraps() {
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = d.load(PtxLoader.load("coop.ptx", KERNEL));
        int resident = DeviceFacts.of(90).residentBlocks(THREADS, 0) * DeviceFacts.MULTIPROCESSORS;
        long in = d.allocate(4L * (resident + 1)), out = d.allocate(4L * (resident + 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.launch(config(in, out, resident + 1, true), ExecOptions.defaults()));
        assertTrue(e.getMessage().contains("does not fit the device: at most " + resident + " CTAs"), e.getMessage());
        LaunchResult plain = m.launch(config(in, out, 2, false), ExecOptions.defaults()).run();
        assertEquals(FaultKind.TRAP, plain.fault().kind(), plain.report());
    }
}
