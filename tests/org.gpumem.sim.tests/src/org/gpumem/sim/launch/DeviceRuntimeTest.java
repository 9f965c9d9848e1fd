package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.ControlledLaunch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The device functions the simulator provides (vprintf, __assertfail, malloc, free) on the
 * everyday fixtures (tests/fixtures/everyday, README.md there), in their -O3 and -G forms, run on
 * several workers and in a debug session.
 */
class DeviceRuntimeTest {
    private static final Path EVERYDAY = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"))
            .resolve("everyday");

    private static PreparedLaunch prepare(String launch, String variant) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(EVERYDAY.resolve("launch").resolve(launch + ".json"));
        if (variant.equals("G")) {
            d = d.withModule(Path.of(d.module().toString().replace(".O3.ptx", ".G.ptx")));
        }
        return PreparedLaunch.prepare(d);
    }

    private static String expected(String name) throws IOException {
        return Files.readString(EVERYDAY.resolve(name + ".expected.txt"));
    }

    private static String text(LaunchResult r) {
        return new String(r.deviceOutput(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void printfFormatsEveryConversionAsCudaDoes(String variant) throws IOException {
        LaunchResult r = prepare("printf.printf_conversions", variant).run(ExecOptions.defaults()).result();
        assertTrue(r.completed(), () -> r.fault().report());
        assertEquals(expected("printf_conversions"), text(r));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void printfOutputComesOutByCtaThenWarpThenLane(String variant) throws IOException {
        // four workers finish CTAs in any order; the buffer still comes out in CTA order
        LaunchResult r = prepare("printf.printf_threads", variant).run(ExecOptions.defaults().withWorkers(4)).result();
        assertTrue(r.completed(), () -> r.fault().report());
        assertEquals(expected("printf_threads"), text(r));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void aDebugSessionGivesTheSameOutputAtTheEnd(String variant) throws IOException {
        PreparedLaunch p = prepare("printf.printf_threads", variant);
        LaunchResult r = ControlledLaunch.runToEnd(p.launch(ControlledLaunch.options(ExecOptions.DEFAULT_BUDGET)));
        assertTrue(r.completed());
        assertEquals(expected("printf_threads"), text(r));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void aFailedAssertStopsTheKernelWithCudasMessage(String variant) throws IOException {
        LaunchResult r = prepare("assert.fails", variant).run(ExecOptions.defaults()).result();
        assertFalse(r.completed());
        Fault f = r.fault();
        assertEquals(FaultKind.ASSERTION, f.kind());
        assertEquals("assert.cu:10: void checked_scale(const int *, int, int *): block: [2,0,0], thread: [89,0,0] "
                + "Assertion `in[i] != 12345` failed.", f.detail());
        assertEquals(new Dim3(2, 0, 0), f.cta());
        assertEquals(new Dim3(89, 0, 0), f.thread());
        assertEquals(89 % 32, f.lane());
        if (variant.equals("O3")) {
            // -G calls __assertfail from nvcc's wrapper __assert_fail, which has no .loc
            assertEquals(10, f.source().line());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void anAssertThatHoldsLetsTheKernelFinish(String variant) throws IOException {
        PreparedLaunch.Outcome o = prepare("assert.passes", variant).run(ExecOptions.defaults());
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        int[] out = ints(o.outputs().get("out"));
        for (int i = 0; i < 500; i++) {
            assertEquals(2 * i, out[i]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void mallocAndFreeServeEveryThread(String variant) throws IOException {
        PreparedLaunch.Outcome o = prepare("malloc.heap_sum", variant).run(ExecOptions.defaults().withWorkers(4));
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        ByteBuffer b = ByteBuffer.wrap(o.outputs().get("out")).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1000; i++) {
            long k = 1 + i % 7;
            assertEquals(i * k * (k - 1) / 2, b.getLong(8 * i), "out[" + i + "]");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void aHeapBlockSharedThroughSharedMemory(String variant) throws IOException {
        PreparedLaunch.Outcome o = prepare("malloc.heap_block_buffer", variant).run(ExecOptions.defaults());
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        int[] out = ints(o.outputs().get("out"));
        for (int b = 0; b < 4; b++) {
            for (int t = 0; t < 96; t++) {
                assertEquals(96 * b + (t + 1) % 96, out[96 * b + t]);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void mallocBeyondTheDefaultHeapReturnsNull(String variant) throws IOException {
        PreparedLaunch.Outcome o = prepare("malloc.heap_limits", variant).run(ExecOptions.defaults());
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        int[] status = ints(o.outputs().get("status"));
        assertEquals(1, status[0], "malloc(64 MiB) must fail on the 8 MiB heap");
        assertEquals(1, status[1], "malloc(1 KiB) must succeed");
    }

    private static int[] ints(byte[] bytes) {
        int[] v = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }
}
