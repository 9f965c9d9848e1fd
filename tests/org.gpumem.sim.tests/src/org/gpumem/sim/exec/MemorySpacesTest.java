package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MemorySpacesTest {
    private static final StateSpaceLayout LAYOUT = StateSpaceLayout.of(SimulatorTarget.create());

    @Test
    void cvtaSharedPutsSharedOffsetsInTheSharedWindow() {
        String decl = ".shared .align 8 .b8 pad[24];\n.shared .align 4 .b32 cells[64];";
        String body = String.join("\n",
                " mov.u64 %rd1, cells;",
                " cvta.shared.u64 %rd2, %rd1;",
                " cvta.to.shared.u64 %rd3, %rd2;",
                " setp.ne.u64 %p1, %rd3, %rd1;",
                " @%p1 trap;",
                " sub.u64 %rd4, %rd2, " + LAYOUT.base(PtxStateSpace.SHARED) + ";",
                " cvt.u32.u64 %r0, %rd4;",
                " isspacep.shared %p2, %rd2;",
                " @!%p2 trap;",
                " isspacep.global %p3, %rd2;",
                " @%p3 trap;");
        SimTestSupport.Run r = SimTestSupport.runPerThread(decl, body, 1, 32);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        assertEquals(24, r.out()[0], "cells follows the 24-byte pad in the module's shared layout");
    }

    /**
     * A launch is a grid of clusters of one CTA: {@code .shared::cta} and {@code .shared::cluster}
     * name the CTA's shared memory as {@code .shared} does, for isspacep (libcu++'s
     * {@code __isClusterShared}, which picks a barrier's mbarrier path) and for ld/st of 32-bit
     * shared offsets, on both engines.
     */
    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void sharedCtaAndSharedClusterAreTheCtasSharedMemory(ExecEngine engine) {
        String decl = ".shared .align 8 .b8 pad[24];\n.shared .align 4 .b32 cells[64];";
        String body = String.join("\n",
                " mov.u32 %r1, cells;",
                " shl.b32 %r2, %t, 2;",
                " add.u32 %r3, %r1, %r2;",
                " add.u32 %r4, %t, 1000;",
                " st.shared::cluster.u32 [%r3], %r4;",
                " bar.sync 0;",
                " xor.b32 %r5, %r2, 4;",
                " add.u32 %r6, %r1, %r5;",
                " ld.shared::cta.u32 %r7, [%r6];",
                " cvt.u64.u32 %rd1, %r3;",
                " cvta.shared::cta.u64 %rd2, %rd1;",
                " isspacep.shared::cluster %p1, %rd2;",
                " isspacep.shared::cta %p2, %rd2;",
                " isspacep.shared::cluster %p3, %out;",
                " selp.u32 %r8, 1, 0, %p1;",
                " selp.u32 %r9, 2, 0, %p2;",
                " selp.u32 %r10, 4, 0, %p3;",
                " add.u32 %r0, %r8, %r9;",
                " add.u32 %r0, %r0, %r10;",
                " shl.b32 %r0, %r0, 16;",
                " add.u32 %r0, %r0, %r7;");
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(decl, body), 4, 64);
        r.launch(1, 64, ExecOptions.defaults().withEngine(engine));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] out = r.out();
        for (int t = 0; t < 64; t++) {
            // the neighbour's value (t ^ 1) through .shared::cta; shared addresses are both, %out neither
            assertEquals((1 | 2) << 16 | (t ^ 1) + 1000, out[t], "thread " + t);
        }
    }

    @Test
    void genericStoresReachSharedAndLocalThroughTheirWindows() {
        String decl = ".shared .align 4 .b32 cells[64];";
        String body = String.join("\n",
                " .local .align 4 .b8 depot[16];",
                " mov.u64 %rd1, cells;",
                " cvta.shared.u64 %rd2, %rd1;",
                " mul.wide.u32 %rd3, %t, 4;",
                " add.u64 %rd4, %rd2, %rd3;",
                " st.u32 [%rd4], %t;",
                " mov.u64 %rd5, depot;",
                " cvta.local.u64 %rd6, %rd5;",
                " add.u32 %r1, %t, 500;",
                " st.u32 [%rd6+8], %r1;",
                " bar.sync 0;",
                " ld.shared.u32 %r2, [cells+4];",
                " ld.local.u32 %r3, [depot+8];",
                " add.u32 %r0, %r2, %r3;");
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(decl, body), 4, 64);
        r.launch(1, 64, ExecOptions.defaults().withProfile(true));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] out = r.out();
        for (int t = 0; t < 64; t++) {
            assertEquals(1 + t + 500, out[t]);
        }
        AddressSpaceProfile p = r.result.profile();
        long toShared = 0, toLocal = 0, cvta = 0;
        for (AddressSpaceProfile.InstructionCounts ic : p.instructions()) {
            toShared += ic.counts().shared();
            toLocal += ic.counts().local();
            cvta += ic.counts().cvta();
        }
        assertEquals(64, toShared, "one generic store per thread resolved to shared");
        assertEquals(64, toLocal, "one generic store per thread resolved to local");
        assertEquals(128, cvta, "two cvta per thread");
    }

    /**
     * PTX computes shared, local, const and param addresses in 32 bits (a 64-bit register is
     * truncated to the space's width) and global ones in 64: a base below zero comes back with
     * its offset, in both engines.
     */
    @Test
    void addressesWrapAtTheirSpacesWidth() {
        String decl = ".shared .align 4 .b32 cells[64];";
        String body = String.join("\n",
                " .local .align 4 .b8 depot[8];",
                " mov.u32 %r1, cells;",
                " shl.b32 %r2, %t, 2;",
                " add.u32 %r3, %r1, %r2;",
                " st.shared.u32 [%r3], %t;",
                " mov.u64 %rd1, depot;",
                " st.local.u32 [%rd1+4], %t;",
                " bar.sync 0;",
                " sub.u32 %r4, %r3, 8;",
                " ld.shared.u32 %r5, [%r4+8];",
                " cvt.u64.u32 %rd2, %r3;",
                " add.u64 %rd3, %rd2, 0x100000000;",
                " ld.shared.u32 %r6, [%rd3];",
                " cvt.u32.u64 %r7, %rd1;",
                " sub.u32 %r7, %r7, 4;",
                " ld.local.u32 %r8, [%r7+8];",
                " add.u64 %rd4, %aux, 16;",
                " ld.global.u32 %r9, [%rd4+-16];",
                " add.u32 %r0, %r5, %r6;",
                " add.u32 %r0, %r0, %r8;",
                " add.u32 %r0, %r0, %r9;");
        for (ExecEngine engine : ExecEngine.values()) {
            SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(decl, body), 4, 64);
            r.device.write(r.aux, SimTestSupport.bytes(new int[] {1000}));
            r.launch(1, 64, ExecOptions.defaults().withEngine(engine));
            assertNull(r.result.fault(), () -> engine + ": " + r.result.fault().report());
            int[] out = r.out();
            for (int t = 0; t < 64; t++) {
                assertEquals(3 * t + 1000, out[t], engine + ", thread " + t);
            }
        }
    }

    /**
     * Vectors of up to 8 bytes move as one access (another worker's CTA never sees half of one),
     * with the same values, sign extension and profile (one count per element) as element by
     * element, in both engines; generic ones here, which both engines run through the same path,
     * and global ones, which the fast engine runs through its own.
     */
    @Test
    void smallVectorsKeepTheirElementsSignsAndCounts() {
        String decl = ".shared .align 8 .b32 cells[192];";
        String body = String.join("\n",
                " mov.u64 %rd1, cells;",
                " cvta.shared.u64 %rd2, %rd1;",
                " mul.wide.u32 %rd3, %t, 8;",
                " add.u64 %rd4, %rd2, %rd3;",
                " add.u32 %r1, %t, 1000;",
                " st.v2.u32 [%rd4], {%t, %r1};",
                " mul.wide.u32 %rd5, %t, 4;",
                " add.u64 %rd6, %rd4, 512;",
                " sub.u64 %rd6, %rd6, %rd3;",
                " add.u64 %rd6, %rd6, %rd5;",
                " mov.u32 %r4, -3;",
                " st.v2.u16 [%rd6], {%r4, %t};",
                " bar.sync 0;",
                " ld.v2.u32 {%r2, %r3}, [%rd4];",
                " ld.v2.s16 {%r5, %r6}, [%rd6];",
                " add.u64 %rd7, %aux, %rd3;",
                " st.global.v2.u32 [%rd7], {%r5, %r6};",
                " ld.global.v2.u32 {%r7, %r8}, [%rd7];",
                " sub.u32 %r0, %r3, %r2;",
                " add.u32 %r0, %r0, %r7;",
                " sub.u32 %r9, %r8, %t;",
                " add.u32 %r0, %r0, %r9;");
        for (ExecEngine engine : ExecEngine.values()) {
            SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(decl, body), 8 * 64, 64);
            r.launch(1, 64, ExecOptions.defaults().withProfile(true).withEngine(engine));
            assertNull(r.result.fault(), () -> r.result.fault().message());
            int[] out = r.out();
            for (int t = 0; t < 64; t++) {
                assertEquals(997, out[t], engine + ", thread " + t + ": 1000, then -3 sign-extended, then its own id");
            }
            long toShared = 0;
            for (AddressSpaceProfile.InstructionCounts ic : r.result.profile().instructions()) {
                toShared += ic.counts().shared();
            }
            assertEquals(4 * 2 * 64, toShared, engine + ": four generic vectors of two elements per thread");
        }
    }

    @Test
    void localMemoryIsInterleavedAcrossTheWarp() {
        String ptx = SimTestSupport.HEADER + String.join("\n",
                ".visible .entry k()",
                "{",
                " .local .align 8 .b8 depot[16];",
                " .reg .b32 %t, %v; .reg .b64 %d;",
                " mov.u32 %t, %tid.x;",
                " add.u32 %v, %t, 0x100;",
                " st.local.u32 [depot], %v;",
                " cvt.u64.u32 %d, %t;",
                " or.b64 %d, %d, 0x7700000000;",
                " st.local.u64 [depot+8], %d;",
                " ret;",
                "}");
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(PtxLoader.load("local.ptx", ptx));
        Launch launch = dm.launch(LaunchConfig.builder("k").block(32, 1, 1).build(), ExecOptions.defaults());
        Cta cta = launch.newCta(0);
        Warp w = cta.warp(0);
        assertEquals(Cta.Stop.LIMIT, cta.run(w, 6, false, false), "stops before ret");
        byte[] storage = w.localStorage();
        assertEquals(LAYOUT.localWarpBytes(16), storage.length);
        for (int lane = 0; lane < 32; lane++) {
            assertEquals(0x100 + lane, Bytes.load(storage, (int) LAYOUT.localPhysical(lane, 0), 4));
            assertEquals(lane * 4, LAYOUT.localPhysical(lane, 0), "offset 0 of every lane is one 128-byte line");
            assertEquals(lane, Bytes.load(storage, (int) LAYOUT.localPhysical(lane, 8), 4));
            assertEquals(0x77, Bytes.load(storage, (int) LAYOUT.localPhysical(lane, 12), 4),
                    "the high word of an 8-byte store lies 128 bytes after the low word");
            assertEquals(2 * 128 + lane * 4, LAYOUT.localPhysical(lane, 8));
            long v = Bytes.load(w.readLocal(lane, 8, 8), 0, 8);
            assertEquals(0x77_0000_0000L | lane, v);
        }
    }

    @Test
    void constAndGlobalVariablesAreInitialized() {
        String decl = ".const .align 4 .b32 table[4] = {10, 20, 30, 40};\n.global .align 4 .u32 counter = 5;";
        String body = String.join("\n",
                " and.b32 %r1, %t, 3;",
                " mul.wide.u32 %rd1, %r1, 4;",
                " mov.u64 %rd2, table;",
                " add.u64 %rd3, %rd2, %rd1;",
                " ld.const.u32 %r2, [%rd3];",
                " ld.global.u32 %r3, [counter];",
                " add.u32 %r0, %r2, %r3;");
        SimTestSupport.Run r = SimTestSupport.runPerThread(decl, body, 1, 32);
        assertNull(r.result.fault());
        int[] expected = new int[32];
        for (int t = 0; t < 32; t++) {
            expected[t] = 10 * (t % 4 + 1) + 5;
        }
        assertArrayEquals(expected, r.out());
    }

    @Test
    void windowsResolveToTheirSpaces() {
        long window = 1L << 32;
        assertEquals(PtxStateSpace.SHARED, LAYOUT.resolve(LAYOUT.base(PtxStateSpace.SHARED)));
        assertEquals(PtxStateSpace.LOCAL, LAYOUT.resolve(LAYOUT.base(PtxStateSpace.LOCAL) + 12));
        assertEquals(PtxStateSpace.CONST, LAYOUT.resolve(LAYOUT.base(PtxStateSpace.CONST) + 4));
        assertEquals(PtxStateSpace.PARAM, LAYOUT.resolve(LAYOUT.base(PtxStateSpace.PARAM)));
        assertEquals(PtxStateSpace.GLOBAL, LAYOUT.resolve(LAYOUT.base(PtxStateSpace.PARAM) + window));
        assertEquals(PtxStateSpace.GLOBAL, LAYOUT.resolve(SimulatorTarget.GLOBAL_BASE));
        assertEquals(LAYOUT.base(PtxStateSpace.SHARED) + window, LAYOUT.base(PtxStateSpace.LOCAL));
        assertEquals(LAYOUT.base(PtxStateSpace.LOCAL) + window, LAYOUT.base(PtxStateSpace.CONST));
        assertEquals(LAYOUT.base(PtxStateSpace.CONST) + window, LAYOUT.base(PtxStateSpace.PARAM));
        assertEquals(0, LAYOUT.base(PtxStateSpace.GLOBAL), "cvta.global is the identity");
    }
}
