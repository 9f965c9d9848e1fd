package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.gpumem.sim.Device;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.GenericWindowsOf;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;

class DebugSessionTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    private Device device;
    private long input;
    private long partial;

    private KernelLaunch reduce(String variant, int n, int ctas) throws Exception {
        device = Devices.create("sm_90", 1 << 20);
        LoadedModule dm = device.load(KERNELS.resolve("reduce." + variant + ".ptx"));
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(i * 4, i + 1);
        }
        input = device.allocate(4L * n);
        device.write(input, b.array());
        partial = device.allocate(4L * ctas);
        return dm.launch(LaunchConfig.builder(dm.kernels().get(0).name()).grid(ctas, 1, 1).block(64, 1, 1)
                .sharedBytes(256).argU64(input).argU64(partial).argS32(n).build(), ControlledLaunch.options(0));
    }

    @Test
    void sourceBreakpointStopsEveryWarpThenRunsToTheEnd() throws Exception {
        ControlledLaunch s = new ControlledLaunch(reduce("G", 128, 2));
        List<DebugEvent.Kind> events = new ArrayList<>();
        s.addListener(e -> events.add(e.kind()));
        Breakpoint bp = s.addSourceBreakpoint("reduce.cu", 8);
        assertFalse(bp.sites().isEmpty());
        int hits = 0;
        DebugEvent e = s.resume();
        while (e.kind() == DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
            hits++;
            assertEquals(8, e.warp().sourceLocation().line());
            assertEquals(bp, e.breakpoint());
            e = s.resume();
        }
        assertEquals(DebugEvent.Kind.EXITED, e.kind());
        assertTrue(e.result().completed());
        assertEquals(2 * 2, hits, "each of the 2 warps of each of the 2 CTAs stops once");
        assertEquals(DebugEvent.Kind.RESUMED, events.get(0));
        assertEquals(DebugEvent.Kind.EXITED, events.get(events.size() - 1));
        int[] sums = new int[2];
        ByteBuffer out = ByteBuffer.wrap(device.read(partial, 8)).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < 2; c++) {
            for (int i = c * 64; i < c * 64 + 64; i++) {
                sums[c] += i + 1;
            }
        }
        assertArrayEquals(sums, new int[] {out.getInt(0), out.getInt(4)});
    }

    @Test
    void sharedBytesReadTheSameThroughSharedAndGeneric() throws Exception {
        ControlledLaunch s = new ControlledLaunch(reduce("G", 64, 1));
        s.addSourceBreakpoint("reduce.cu", 9);
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        // Warp 0 is past the first barrier only once every thread stored its element.
        WarpView w0 = s.cta().warp(0);
        long sharedWindow = GenericWindowsOf.base(device.addressSpaces(), "shared");
        byte[] viaShared = s.read(PtxStateSpace.SHARED, 0, 256, w0, 0);
        byte[] viaGeneric = s.read(PtxStateSpace.GENERIC, sharedWindow, 256, w0, 0);
        assertArrayEquals(viaShared, viaGeneric);
        ByteBuffer b = ByteBuffer.wrap(viaShared).order(ByteOrder.LITTLE_ENDIAN);
        for (int t = 0; t < 64; t++) {
            assertEquals(t + 1, b.getInt(4 * t));
        }
        s.write(PtxStateSpace.SHARED, 0, new byte[] {9, 0, 0, 0}, w0, 0);
        assertEquals(9, s.read(PtxStateSpace.GENERIC, sharedWindow, 1, w0, 0)[0]);
    }

    @Test
    void stepsByInstructionAndBySourceLine() throws Exception {
        ControlledLaunch s = new ControlledLaunch(reduce("G", 64, 1));
        s.addPtxBreakpoint(69);
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        WarpView w = e.warp();
        assertEquals(69, w.ptxLine());
        int pc = w.pc(0);
        s.selectWarp(w.id());
        e = s.step(StepScope.WARP, StepUnit.INSTRUCTION);
        assertEquals(DebugEvent.Kind.SUSPENDED_STEP, e.kind());
        assertEquals(pc + 1, w.pc(0));
        assertTrue(w.hasRegister(0, "%r15"));
        assertEquals(0, w.register(0, "%r15", 5), "%r15 = sdata's shared offset, the same in every lane");
        int line = w.sourceLocation().line();
        e = s.step(StepScope.WARP, StepUnit.SOURCE_LINE);
        assertEquals(DebugEvent.Kind.SUSPENDED_STEP, e.kind());
        assertNotEquals(line, w.sourceLocation().line());
        e = s.step(StepScope.CTA, StepUnit.INSTRUCTION);
        assertEquals(DebugEvent.Kind.SUSPENDED_STEP, e.kind());
        s.removeBreakpoint(s.breakpoints().get(0));
        assertEquals(DebugEvent.Kind.EXITED, s.resume().kind());
        assertNull(s.result().fault());
    }

    /** fault_endless.O3.ptx: one warp spinning until the flag it is given becomes non-zero. */
    private record Endless(Device device, long flag, ControlledLaunch session) {
        static Endless start() throws Exception {
            Device d = Devices.create("sm_90", 1 << 20);
            LoadedModule dm = d.load(KERNELS.resolve("fault_endless.O3.ptx"));
            long flag = d.allocate(4), counter = d.allocate(128);
            KernelLaunch l = dm.launch(LaunchConfig.builder(dm.kernels().get(0).name()).block(32, 1, 1).argU64(flag)
                    .argU64(counter).build(), new ExecOptions(0, 1, false));
            return new Endless(d, flag, new ControlledLaunch(l));
        }

        /** Lets the spin loop end. */
        void release() {
            device.write(flag, new byte[] {1, 0, 0, 0});
        }
    }

    @Test
    void suspendFromAnotherThreadStopsARunawayKernel() throws Exception {
        for (int i = 0; i < 100; i++) {
            Endless k = Endless.start();
            ControlledLaunch s = k.session();
            CountDownLatch running = new CountDownLatch(1);
            s.addListener(e -> {
                if (e.kind() == DebugEvent.Kind.RESUMED) {
                    running.countDown();
                }
            });
            CompletableFuture<DebugEvent> resumed = CompletableFuture.supplyAsync(s::resume);
            assertTrue(running.await(60, TimeUnit.SECONDS), "the resume started");
            s.suspend();
            // A failure guard, not a measurement: the loop looks at requests every few thousand instructions.
            DebugEvent e = resumed.get(60, TimeUnit.SECONDS);
            assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, e.kind(), "round " + i);
            k.release();
            assertEquals(DebugEvent.Kind.EXITED, s.resume().kind(), "the request was answered; setting the flag ends the loop");
        }
    }

    @Test
    void aSuspendRequestedBeforeAResumeStartsStopsItBeforeAnyInstruction() throws Exception {
        Endless k = Endless.start();
        ControlledLaunch s = k.session();
        s.suspend();
        // Run off the test thread with a failure guard: a lost request would let the kernel spin forever.
        DebugEvent e = CompletableFuture.supplyAsync(s::resume).get(60, TimeUnit.SECONDS);
        assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, e.kind());
        assertEquals(0, s.warpInstructions(), "the pending request stops the resume before it issues anything");
        // Answered requests are gone: the next resume runs until its own request.
        CompletableFuture<DebugEvent> resumed = CompletableFuture.supplyAsync(s::resume);
        s.suspend();
        assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, resumed.get(60, TimeUnit.SECONDS).kind());
        long before = s.warpInstructions();
        s.suspend();
        assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, CompletableFuture.supplyAsync(
                () -> s.step(StepScope.CTA, StepUnit.SOURCE_LINE)).get(60, TimeUnit.SECONDS).kind());
        assertEquals(before, s.warpInstructions(), "a step answers a pending request before it issues anything");
        k.release();
        assertEquals(DebugEvent.Kind.EXITED, s.resume().kind());
    }
}
