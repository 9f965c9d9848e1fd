package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;

class GridTest {
    /** Each thread writes (ctaid, tid, ntid, nctaid, laneid, warpid) packed to out[linear thread id]. */
    private static final String KERNEL = ".version 8.0\n.target sm_90\n.address_size 64\n" + String.join("\n",
            ".visible .entry ids(.param .u64 out)",
            "{",
            " .reg .b32 %r<40>; .reg .b64 %rd<8>;",
            " ld.param.u64 %rd1, [out];",
            " mov.u32 %r1, %tid.x; mov.u32 %r2, %tid.y; mov.u32 %r3, %tid.z;",
            " mov.u32 %r4, %ntid.x; mov.u32 %r5, %ntid.y; mov.u32 %r6, %ntid.z;",
            " mov.u32 %r7, %ctaid.x; mov.u32 %r8, %ctaid.y; mov.u32 %r9, %ctaid.z;",
            " mov.u32 %r10, %nctaid.x; mov.u32 %r11, %nctaid.y;",
            // block-linear thread id t = (z*ny + y)*nx + x; cta id c = (cz*gy + cy)*gx + cx
            " mad.lo.u32 %r12, %r3, %r5, %r2; mad.lo.u32 %r12, %r12, %r4, %r1;",
            " mad.lo.u32 %r13, %r9, %r11, %r8; mad.lo.u32 %r13, %r13, %r10, %r7;",
            " mul.lo.u32 %r14, %r4, %r5; mul.lo.u32 %r14, %r14, %r6;",
            " mad.lo.u32 %r15, %r13, %r14, %r12;",
            " mov.u32 %r16, %laneid; mov.u32 %r17, %warpid;",
            " shl.b32 %r18, %r13, 16; shl.b32 %r19, %r17, 8; or.b32 %r18, %r18, %r19; or.b32 %r18, %r18, %r16;",
            " mul.wide.u32 %rd2, %r15, 4; add.u64 %rd3, %rd1, %rd2;",
            " st.global.u32 [%rd3], %r18;",
            " ret;",
            "}");

    @Test
    void threeDimensionalGridsAndBlocksNumberEveryThreadOnce() {
        int gx = 3, gy = 2, gz = 2, bx = 5, by = 4, bz = 3;
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(PtxLoader.load("ids.ptx", KERNEL));
        int threads = gx * gy * gz * bx * by * bz;
        long out = d.allocate(4L * threads);
        LaunchResult r = dm.launch(LaunchConfig.builder("ids").grid(gx, gy, gz).block(bx, by, bz).argU64(out).build(),
                ExecOptions.defaults().withWorkers(3)).run();
        assertNull(r.fault());
        int[] v = SimTestSupport.ints(d.read(out, 4 * threads));
        int perBlock = bx * by * bz;
        for (int i = 0; i < threads; i++) {
            int cta = i / perBlock, t = i % perBlock;
            assertEquals(cta << 16 | (t / 32) << 8 | (t % 32), v[i], "thread " + i);
        }
        assertEquals((long) threads * 29, r.threadInstructions(), "29 instructions per thread");
        int warps = gx * gy * gz * ((perBlock + 31) / 32);
        assertEquals((long) warps * 29, r.warpInstructions());
    }
}
