package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FaultTest {

    private static Fault runFixture(String fixture, int grid, int block, long budget, Object... args) throws Exception {
        PtxModule m = SimTestSupport.fixture(fixture);
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        LaunchConfig.Builder b = LaunchConfig.builder(m.kernels().get(0).name()).grid(grid, 1, 1).block(block, 1, 1);
        for (Object a : args) {
            if (a instanceof String) {
                b.argU64(d.allocate(Integer.parseInt(((String) a).substring(4))));
            } else {
                b.argS32((Integer) a);
            }
        }
        return dm.launch(b.build(), ExecOptions.defaults().withBudget(budget)).run().fault();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_oob_global.G.ptx", "fault_oob_global.O3.ptx"})
    void outOfBoundsGlobalStoreNamesAddressThreadAndLine(String fixture) throws Exception {
        // 64 ints, 2 CTAs of 64: CTA 1 lane 0 stores at byte 256 of a 256-byte allocation.
        Fault f = runFixture(fixture, 2, 64, 0, "buf:256", 7);
        assertNotNull(f);
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind());
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(new Dim3(1, 0, 0), f.cta());
        assertEquals(0, f.warp());
        assertEquals(0, f.lane());
        assertEquals(new Dim3(0, 0, 0), f.thread());
        assertEquals(4, f.size());
        assertTrue(f.instruction().startsWith("st."), f.instruction());
        assertTrue(f.source().file().endsWith("fault_oob_global.cu"));
        assertEquals(5, f.source().line());
        assertTrue(f.ptxLine() > 0);
        assertTrue(f.report().contains("PTX line " + f.ptxLine()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_oob_shared.G.ptx", "fault_oob_shared.O3.ptx"})
    void outOfBoundsSharedStoreIsCaught(String fixture) throws Exception {
        Fault f = runFixture(fixture, 1, 64, 0, "buf:256", 100);
        assertNotNull(f);
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind());
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(400, f.address(), "stage[100] is 400 bytes into shared memory");
        assertEquals(8, f.source().line());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_oob_shared.G.ptx", "fault_oob_shared.O3.ptx"})
    void inBoundsSharedIndexRunsClean(String fixture) throws Exception {
        assertNull(runFixture(fixture, 1, 64, 0, "buf:256", 63));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_oob_local.G.ptx", "fault_oob_local.O3.ptx"})
    void outOfBoundsLocalLoadIsCaught(String fixture) throws Exception {
        Fault f = runFixture(fixture, 1, 32, 0, "buf:1024", "buf:256", 1000);
        assertNotNull(f);
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind());
        assertEquals(PtxStateSpace.LOCAL, f.space());
        assertEquals(8, f.source().line());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fault_endless.G.ptx", "fault_endless.O3.ptx"})
    void runawayKernelStopsAtTheInstructionBudget(String fixture) throws Exception {
        Fault f = runFixture(fixture, 1, 32, 100_000, "buf:256", "buf:256");
        assertNotNull(f);
        assertEquals(FaultKind.INSTRUCTION_BUDGET, f.kind());
        assertTrue(f.source().file().endsWith("fault_endless.cu"));
    }

    @Test
    void misalignedAccessIsCaught() {
        String body = " add.u64 %rd1, %aux, 2;\n ld.global.u32 %r0, [%rd1];";
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32, 64, null);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.MISALIGNED, f.kind());
        assertEquals(r.aux + 2, f.address());
    }

    @Test
    void misalignedVectorAccessIsCaught() {
        String body = " add.u64 %rd1, %aux, 8;\n ld.global.v4.u32 {%r0, %r1, %r2, %r3}, [%rd1];";
        Fault f = SimTestSupport.runPerThread("", body, 1, 32, 64, null).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.MISALIGNED, f.kind());
    }

    @Test
    void storeThroughGenericPointerToConstIsReadOnly() {
        String decl = ".const .align 4 .b32 table[4] = {1, 2, 3, 4};";
        String body = " mov.u64 %rd1, table;\n cvta.const.u64 %rd2, %rd1;\n st.u32 [%rd2], %t;";
        Fault f = SimTestSupport.runPerThread(decl, body, 1, 32).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.READ_ONLY, f.kind());
        assertEquals(PtxStateSpace.CONST, f.space());
    }

    @Test
    void trapStopsTheKernel() {
        Fault f = SimTestSupport.runPerThread("", " setp.eq.u32 %p1, %t, 3;\n @%p1 trap;", 1, 32).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.TRAP, f.kind());
        assertEquals(3, f.lane());
    }
}
