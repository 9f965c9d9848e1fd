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

import org.gpumem.sim.exec.Device;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.ExecOptions;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.LaunchConfig;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;

class DebugSessionTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    private Device device;
    private long input;
    private long partial;

    private Launch reduce(String variant, int n, int ctas) throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("reduce." + variant + ".ptx"));
        device = new Device("sm_90", 1 << 20);
        DeviceModule dm = device.load(m);
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(i * 4, i + 1);
        }
        input = device.allocate(4L * n);
        device.write(input, b.array());
        partial = device.allocate(4L * ctas);
        return dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).grid(ctas, 1, 1).block(64, 1, 1)
                .sharedBytes(256).argU64(input).argU64(partial).argS32(n).build(), DebugSession.options(0));
    }

    @Test
    void sourceBreakpointStopsEveryWarpThenRunsToTheEnd() throws Exception {
        DebugSession s = new DebugSession(reduce("G", 128, 2));
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
        DebugSession s = new DebugSession(reduce("G", 64, 1));
        s.addSourceBreakpoint("reduce.cu", 9);
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        // Warp 0 is past the first barrier only once every thread stored its element.
        byte[] viaShared = s.read(AddressSpace.SHARED, 0, 256, 0, 0);
        byte[] viaGeneric = s.read(AddressSpace.GENERIC, GenericWindows.SHARED_BASE, 256, 0, 0);
        assertArrayEquals(viaShared, viaGeneric);
        ByteBuffer b = ByteBuffer.wrap(viaShared).order(ByteOrder.LITTLE_ENDIAN);
        for (int t = 0; t < 64; t++) {
            assertEquals(t + 1, b.getInt(4 * t));
        }
        s.write(AddressSpace.SHARED, 0, new byte[] {9, 0, 0, 0}, 0, 0);
        assertEquals(9, s.read(AddressSpace.GENERIC, GenericWindows.SHARED_BASE, 1, 0, 0)[0]);
    }

    @Test
    void stepsByInstructionAndBySourceLine() throws Exception {
        DebugSession s = new DebugSession(reduce("G", 64, 1));
        s.addPtxBreakpoint(69);
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        Warp w = e.warp();
        assertEquals(69, w.ptxLine());
        int pc = w.pc();
        s.selectWarp(w.id());
        e = s.step(StepScope.WARP, StepUnit.INSTRUCTION);
        assertEquals(DebugEvent.Kind.SUSPENDED_STEP, e.kind());
        assertEquals(pc + 1, w.pc());
        int reg = w.instruction().src.length > 0 ? w.function().registerIndex("%r15") : -1;
        assertTrue(reg >= 0);
        assertEquals(0, w.register(reg, 5), "%r15 = sdata's shared offset, the same in every lane");
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

    @Test
    void suspendFromAnotherThreadStopsARunawayKernel() throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("fault_endless.O3.ptx"));
        Device d = new Device("sm_90", 1 << 20);
        DeviceModule dm = d.load(m);
        long flag = d.allocate(4), counter = d.allocate(128);
        Launch l = dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).block(32, 1, 1).argU64(flag)
                .argU64(counter).build(), new ExecOptions(0, 1, false));
        DebugSession s = new DebugSession(l);
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            s.suspend();
        });
        t.start();
        DebugEvent e = s.resume();
        t.join();
        assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, e.kind());
        d.write(flag, new byte[] {1, 0, 0, 0});
        assertEquals(DebugEvent.Kind.EXITED, s.resume().kind(), "setting the flag lets the spin loop end");
    }
}
