package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.api.Test;

/**
 * Device-side malloc/free: the heap's first-fit blocks and merging, and kernels that misuse it
 * (double free, free of a pointer the heap never gave out), which fault like other faults, naming
 * the lane and the call.
 */
class DeviceHeapTest {
    private static final String DECLARATIONS = ".extern .func (.param .b64 r) malloc (.param .b64 size);\n"
            + ".extern .func free (.param .b64 p);\n";

    private static String call(String function, String argument, boolean returns) {
        return "{ .param .b64 a; st.param.b64 [a], " + argument + ";"
                + (returns ? " .param .b64 r; call.uni (r), " + function + ", (a); ld.param.b64 %rd1, [r];"
                        : " call.uni " + function + ", (a);")
                + " }\n";
    }

    @Test
    void blocksAreAlignedDistinctAndMergedWhenFreed() {
        DeviceHeap h = new DeviceHeap(0x1000, 1024);
        long a = h.allocate(1, 0);
        long b = h.allocate(100, 0);
        assertEquals(0x1000, a);
        assertEquals(0x1010, b, "16-byte blocks");
        assertEquals(0, h.allocate(1024, 0), "no room for a whole heap now");
        assertNull(h.free(a));
        assertNull(h.free(b));
        assertEquals(0x1000, h.allocate(1024, 0), "the freed blocks merged back into one");
        assertEquals(0, h.allocate(0, 0));
        assertNull(h.free(0), "free(NULL) does nothing");
    }

    @Test
    void aDoubleFreeFaultsNamingTheLane() {
        SimTestSupport.Run r = SimTestSupport.runPerThread(DECLARATIONS, call("malloc", "64", true)
                + call("free", "%rd1", false) + " setp.eq.u32 %p1, %t, 3;\n @%p1 bra AGAIN;\n bra DONE;\nAGAIN:\n"
                + call("free", "%rd1", false) + "DONE:\n", 1, 32);
        Fault f = r.result.fault();
        assertFalse(r.result.completed());
        assertEquals(FaultKind.HEAP_MISUSE, f.kind(), f.report());
        assertEquals(3, f.lane());
        assertTrue(f.detail().startsWith("double free of 0x"), f.detail());
        assertTrue(f.instruction().contains("free"), f.instruction());
    }

    @Test
    void freeingAPointerTheHeapDidNotGiveFaults() {
        SimTestSupport.Run r = SimTestSupport.runPerThread(DECLARATIONS, call("free", "%out", false), 1, 1);
        Fault f = r.result.fault();
        assertEquals(FaultKind.HEAP_MISUSE, f.kind(), f.report());
        assertTrue(f.detail().contains("not a device heap address"), f.detail());
    }

    @Test
    void aHeapThatDoesNotFitRefusesTheLaunchSayingWhy() {
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = d.load(org.gpumem.sim.ptx.PtxLoader.load("heap.ptx", SimTestSupport.perThreadKernel(DECLARATIONS,
                call("malloc", "16", true))));
        org.gpumem.sim.LaunchConfig c = org.gpumem.sim.LaunchConfig.builder("k").block(32, 1, 1).argU64(0).argU64(0).build();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> m.launch(c, ExecOptions.defaults()));
        assertTrue(e.getMessage().startsWith("kernel k calls malloc or free, and the device heap of 8388608 bytes "
                + "(cudaLimitMallocHeapSize) does not fit in global memory"), e.getMessage());
    }

    @Test
    void everyThreadGetsItsOwnBlockAndTheHeapSizeCanBeSetBeforeTheFirstLaunch() {
        SimulatedDevice d = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
        assertTrue(d.setMallocHeapBytes(1 << 16));
        DeviceModule m = d.load(org.gpumem.sim.ptx.PtxLoader.load("heap.ptx", SimTestSupport.perThreadKernel(DECLARATIONS,
                call("malloc", "1024", true) + " cvt.u32.u64 %r0, %rd1;\n")));
        long out = d.allocate(4 * 128);
        org.gpumem.sim.LaunchConfig c = org.gpumem.sim.LaunchConfig.builder("k").grid(1, 1, 1).block(128, 1, 1)
                .argU64(out).argU64(out).build();
        assertTrue(m.launch(c, ExecOptions.defaults()).run().completed());
        int[] low = SimTestSupport.ints(d.read(out, 4 * 128));
        // 64 KiB hold 64 blocks of 1 KiB: the other 64 threads got NULL
        long nonNull = java.util.Arrays.stream(low).filter(v -> v != 0).count();
        assertEquals(64, nonNull);
        assertEquals(64, java.util.Arrays.stream(low).filter(v -> v != 0).distinct().count());
        assertFalse(d.setMallocHeapBytes(1 << 20), "the heap is fixed once a kernel using it was launched");
        assertTrue(d.setMallocHeapBytes(1 << 16));
        assertNotEquals(0, d.mallocHeapBytes());
    }
}
