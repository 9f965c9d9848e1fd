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
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20);
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
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20);
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
}
