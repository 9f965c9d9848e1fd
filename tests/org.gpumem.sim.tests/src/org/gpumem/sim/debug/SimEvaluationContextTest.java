package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.gpumem.dwarf.expr.ContextBinding;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.sim.Device;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;

class SimEvaluationContextTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    private static long pack(String name) {
        long v = 0;
        for (char c : name.toCharArray()) {
            v = v << 8 | c;
        }
        return v;
    }

    /** The DWARF space of nvcc's numbering named as the state space (the registry's names are PTX's). */
    private static org.gpumem.dwarf.aspace.DwarfAddressSpace space(SimEvaluationContext ctx, PtxStateSpace s) {
        return ctx.numbering().spaces().stream().filter(a -> a.name().equals(s.ptxName())).findFirst().orElseThrow();
    }

    @Test
    void registersAndMemoryOfTheInnermostFrame() throws Exception {
        Device d = Devices.create("sm_90", 1 << 20);
        LoadedModule dm = d.load(KERNELS.resolve("local_array.G.ptx"));
        ByteBuffer in = ByteBuffer.allocate(4 * 64).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 64; i++) {
            in.putInt(4 * i, 3 * i + 1);
        }
        long pin = d.allocate(256), pout = d.allocate(256);
        d.write(pin, in.array());
        ControlledLaunch s = new ControlledLaunch(dm.launch(LaunchConfig.builder(dm.kernels().get(0).name()).block(64, 1, 1)
                .argU64(pin).argU64(pout).argS32(64).build(), ControlledLaunch.options(0)));
        s.addSourceBreakpoint("local_array.cu", 7);
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        WarpView w = e.warp();
        int level = w.depth() - 1;
        assertTrue(level >= 1, "stopped inside the device function");
        SimEvaluationContext ctx = new SimEvaluationContext(s, w, level, 5);
        assertEquals("%rd1", SimEvaluationContext.registerName(0x25726431L));
        assertEquals(w.register(level, "%rd1", 5), ctx.readRegister(pack("%rd1")));
        assertThrows(UnsupportedOperationException.class, () -> ctx.readRegister(pack("%nope9")));

        var shared = space(ctx, PtxStateSpace.SHARED);
        long viaContext = ctx.readMemory(new LocationDescription.Memory(shared, ContextBinding.DEVICE, 20), 4);
        assertEquals(ByteBuffer.wrap(s.read(PtxStateSpace.SHARED, 20, 4, w, 5)).order(ByteOrder.LITTLE_ENDIAN)
                .getInt(), (int) viaContext);
        assertEquals(3 * 5 + 1, (int) viaContext, "stage[5] holds in[5] of CTA 0");

        var local = space(ctx, PtxStateSpace.LOCAL);
        SimEvaluationContext kernelFrame = new SimEvaluationContext(s, w, 0, 5);
        long windowFirst = kernelFrame.readMemory(new LocationDescription.Memory(local, ContextBinding.DEVICE, 0), 4);
        byte[] raw = s.read(PtxStateSpace.LOCAL, w.frameLocalBase(0), 4, w, 5);
        assertArrayEquals(raw, new byte[] {(byte) windowFirst, (byte) (windowFirst >> 8), (byte) (windowFirst >> 16),
            (byte) (windowFirst >> 24)});
        assertEquals(w.id(), ctx.currentWarp());
        assertEquals(5, ctx.currentLane());
        assertEquals(0, ctx.currentFrame());
    }
}
