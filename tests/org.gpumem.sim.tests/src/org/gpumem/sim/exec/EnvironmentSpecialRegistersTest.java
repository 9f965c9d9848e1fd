package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The special registers of the driver's environment: {@code %envreg} other than the grid
 * barrier's read 0, a launch without clusters is clusters of one CTA, and the reserved shared
 * memory follows the kernel's shared memory (the layout {@code Specials} documents), on both
 * engines.
 */
class EnvironmentSpecialRegistersTest {

    /** Stores {@code reg} of each thread (through %r0, or a predicate's 0/1) in slot {@code k} of 16 per thread. */
    private static String store(String reg, int k, boolean predicate) {
        String read = predicate ? " mov.pred %p1, " + reg + ";\n selp.u32 %r1, 1, 0, %p1;\n" : " mov.u32 %r1, " + reg + ";\n";
        return read + " st.global.u32 [%rd1+" + 4 * k + "], %r1;\n";
    }

    private static final String[] REGISTERS = {"%envreg0", "%envreg3", "%envreg31", "%cluster_ctaid.x", "%cluster_ctaid.z",
        "%cluster_nctaid.x", "%cluster_nctaid.y", "%cluster_ctarank", "%cluster_nctarank", "%clusterid.x",
        "%clusterid.y", "%nclusterid.x", "%nclusterid.z"};

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void environmentAndClusterRegistersOfALaunchWithoutClusters(ExecEngine engine) {
        StringBuilder body = new StringBuilder(" mul.wide.u32 %rd1, %g, 64;\n add.u64 %rd1, %rd1, %aux;\n");
        for (int k = 0; k < REGISTERS.length; k++) {
            body.append(store(REGISTERS[k], k, false));
        }
        body.append(store("%is_explicit_cluster", REGISTERS.length, true));
        int grid = 3, block = 2;
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel("", body.toString()), 64 * grid * block,
                grid * block);
        r.launch(grid, block, ExecOptions.defaults().withEngine(engine));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] slots = r.aux(16 * grid * block);
        for (int c = 0; c < grid; c++) {
            for (int t = 0; t < block; t++) {
                int g = c * block + t;
                int[] expected = {0, 0, 0, 0, 0, 1, 1, 0, 1, c, 0, grid, 1, 0};
                for (int k = 0; k < expected.length; k++) {
                    assertEquals(expected[k], slots[16 * g + k], "thread " + g + " " + (k < REGISTERS.length
                            ? REGISTERS[k] : "%is_explicit_cluster"));
                }
            }
        }
    }

    @Test
    void clusterRegistersNeedSm90() {
        String ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n .reg .b32 %r1;\n"
                + " mov.u32 %r1, %cluster_ctarank;\n ret;\n}\n";
        assertEquals("c.ptx:7: %cluster_ctarank needs sm_90 or later; the module targets sm_80",
                PtxLoader.load("c.ptx", ptx).function("k").unsupported().get(0).describe());
    }

    /** An sm number past every int is a (future) sm past 90, not a NumberFormatException out of the loader. */
    @Test
    void clusterRegistersOfATargetPastEveryIntAreRead() {
        String ptx = ".version 8.0\n.target sm_99999999999\n.address_size 64\n.visible .entry k()\n{\n .reg .b32 %r1;\n"
                + " mov.u32 %r1, %cluster_ctarank;\n ret;\n}\n";
        PtxModule m = PtxLoader.load("c.ptx", ptx);
        assertTrue(m.function("k").unsupported().isEmpty(), () -> m.function("k").unsupported().toString());
        assertTrue(m.independentThreads());
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void reservedSharedMemoryFollowsTheKernelsAndHoldsWhatIsStoredThere(ExecEngine engine) {
        String ptx = SimTestSupport.HEADER + String.join("\n",
                ".visible .entry k(.param .u64 out)",
                "{",
                " .shared .align 4 .b8 tile[20];",
                " .reg .b32 %r<8>; .reg .b64 %rd<4>;",
                " ld.param.u64 %rd1, [out];",
                " mov.u32 %r1, %reserved_smem_offset_begin;",
                " mov.u32 %r2, %reserved_smem_offset_end;",
                " mov.u32 %r3, %reserved_smem_offset_cap;",
                " mov.u32 %r4, %reserved_smem_offset_0;",
                " mov.u32 %r5, %reserved_smem_offset_1;",
                " mov.u32 %r6, %tid.x;",
                " shl.b32 %r7, %r6, 2;",
                " add.u32 %r7, %r7, %r5;",
                " st.shared.u32 [%r7], %r6;",
                " bar.sync 0;",
                " ld.shared.u32 %r6, [%r5+4];",
                " st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};",
                " st.global.v2.u32 [%rd1+16], {%r5, %r6};",
                " mov.u32 %r1, %total_smem_size;",
                " st.global.u32 [%rd1+24], %r1;",
                " ret;",
                "}", "");
        SimulatedDevice device = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = device.load(PtxLoader.load("r.ptx", ptx));
        long out = device.allocate(32);
        int dynamic = 100;
        LaunchResult result = m.launch(LaunchConfig.builder("k").block(64, 1, 1).sharedBytes(dynamic).argU64(out).build(),
                ExecOptions.defaults().withEngine(engine)).run();
        assertNull(result.fault(), () -> result.fault().message());
        long cap = DeviceFacts.of(90).reservedSharedBytesPerBlock();
        long total = (20 + 15) / 16 * 16 + dynamic; // dynamic shared memory starts at a 16-byte boundary
        long begin = (total + 15) / 16 * 16;
        int[] o = SimTestSupport.ints(device.read(out, 28));
        assertEquals(1024, cap);
        assertEquals(begin, o[0]);
        assertEquals(begin + cap, o[1]);
        assertEquals(cap, o[2]);
        assertEquals(begin, o[3]);
        assertEquals(begin + cap / 2, o[4]);
        assertEquals(1, o[5], "thread 1's word at %reserved_smem_offset_1 + 4");
        assertEquals(total, o[6], "%total_smem_size counts the kernel's shared memory only");
    }
}
