package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.GenericWindowsOf;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Binds the variables of local_array.cu (nvcc -G) stopped inside weighted_sum and compares them
 * with what the kernel's inputs imply: in[i] = 3i + 1, stage[t] = in[t], window[k] =
 * stage[(t + k) % 64], gid = blockIdx.x * 64 + t.
 */
class FrameVariablesTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");
    private static final int N = 64;
    private static final int LANE = 5;

    private static FrameVariable named(List<FrameVariable> vars, String name) {
        return vars.stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no variable " + name + " in " + vars));
    }

    private static int[] ints(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[bytes.length / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getInt();
        }
        return out;
    }

    private static long u64(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    private static int lineOf(String text) throws Exception {
        List<String> source = Files.readAllLines(KERNELS.resolve("local_array.cu"));
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in local_array.cu");
    }

    @Test
    void bindsKernelAndCalleeVariablesToSimulatorStorage() throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("local_array.G.ptx"));
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        ByteBuffer in = ByteBuffer.allocate(4 * N).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < N; i++) {
            in.putInt(4 * i, 3 * i + 1);
        }
        long pin = d.allocate(4 * N), pout = d.allocate(4 * N);
        d.write(pin, in.array());
        ControlledLaunch s = new ControlledLaunch(dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).block(N, 1, 1)
                .argU64(pin).argU64(pout).argS32(N).build(), ControlledLaunch.options(0)));
        s.addSourceBreakpoint("local_array.cu", lineOf("sum += "));
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        WarpView w = e.warp();
        int callee = w.depth() - 1;
        assertTrue(callee >= 1, "stopped inside weighted_sum");

        FrameVariables binder = new FrameVariables(dm);
        assertNull(binder.problem());
        List<FrameVariable> kernel = binder.bind(s, w, 0, LANE);
        int t = w.threadIndex(LANE).x();

        FrameVariable gid = named(kernel, "gid");
        assertInstanceOf(FrameVariable.Register.class, gid.location());
        assertEquals(VariableType.Encoding.SIGNED, gid.type().encoding());
        assertEquals(s.cta().index().x() * N + t, ints(gid.bytes())[0]);
        assertEquals(lineOf("int gid"), gid.declLine());
        assertEquals("local_array.cu", gid.declFile());

        FrameVariable n = named(kernel, "n");
        assertTrue(n.parameter());
        assertEquals(N, ints(n.bytes())[0]);

        FrameVariable inParam = named(kernel, "in");
        assertEquals(VariableType.Encoding.POINTER, inParam.type().encoding());
        assertEquals(8, inParam.type().elementSize());
        assertEquals(PtxStateSpace.GENERIC, inParam.type().pointee());
        assertEquals(pin, u64(inParam.bytes()));

        FrameVariable stage = named(kernel, "stage");
        assertEquals("int[128]", stage.type().name());
        assertEquals(List.of(128L), stage.type().dimensions());
        FrameVariable.Memory stageAt = assertInstanceOf(FrameVariable.Memory.class, stage.location());
        assertEquals(PtxStateSpace.SHARED, stageAt.space());
        assertEquals(dm.symbolAddress(stageSymbol(m), false), stageAt.offset());
        int[] stageValues = ints(stage.bytes());
        for (int k = 0; k < 128; k++) {
            assertEquals(k < N ? 3 * k + 1 : 0, stageValues[k], "stage[" + k + "]");
        }

        FrameVariable window = named(kernel, "window");
        FrameVariable.Memory windowAt = assertInstanceOf(FrameVariable.Memory.class, window.location());
        assertEquals(PtxStateSpace.LOCAL, windowAt.space());
        assertEquals(lineOf("int window[8]"), window.declLine());
        int[] expectedWindow = new int[8];
        for (int k = 0; k < 8; k++) {
            expectedWindow[k] = 3 * ((t + k) % N) + 1;
        }
        assertArrayEquals(expectedWindow, ints(window.bytes()));

        List<FrameVariable> inner = binder.bind(s, w, callee, LANE);
        FrameVariable values = named(inner, "values");
        assertEquals(VariableType.Encoding.POINTER, values.type().encoding());
        assertEquals(GenericWindowsOf.base(d.addressSpaces(), "local") + windowAt.offset(), u64(values.bytes()),
                "the kernel passes window through a generic pointer into the lane's local window");
        assertEquals(8, ints(named(inner, "count").bytes())[0]);
        assertNotNull(named(inner, "sum"));
    }

    /**
     * A register holds nothing of a frame that has run no instruction: the variables of a warp
     * whose CTA has not started, and the parameters of a device function just stepped into (at its
     * first instruction, before it loads them), are not live; one step later they are.
     */
    @Test
    void registersOfAFrameThatHasNotRunAreNotLive() throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("local_array.G.ptx"));
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        long pin = d.allocate(4 * 2 * N), pout = d.allocate(4 * 2 * N);
        ControlledLaunch s = new ControlledLaunch(dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).grid(2, 1, 1)
                .block(N, 1, 1).argU64(pin).argU64(pout).argS32(2 * N).build(), ControlledLaunch.options(0)));
        s.addSourceBreakpoint("local_array.cu", lineOf("int result = weighted_sum("));
        DebugEvent e = s.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, e.kind());
        FrameVariables binder = new FrameVariables(dm);

        // every resident warp: those that issued nothing have no live register variable, the others do
        int notStarted = 0;
        for (CtaView cta : s.residentCtas()) {
            for (WarpView w : cta.warps()) {
                if (w.frames().isEmpty()) {
                    continue;
                }
                FrameVariable gid = named(binder.bind(s, w, 0, 0), "gid");
                if (w.instructionCount() == 0) {
                    notStarted++;
                    assertNull(gid.bytes(), "gid of a warp that has not started: " + cta.index() + " warp " + w.id());
                    assertEquals(FrameVariables.NOT_RUN_YET, gid.problem());
                } else {
                    assertEquals(cta.index().x() * N + w.threadIndex(0).x(), ints(gid.bytes())[0]);
                }
            }
        }
        assertTrue(notStarted > 0, "every resident warp had started at the first stop: nothing to check");

        // step into weighted_sum: at its first instruction its parameters are not loaded yet
        WarpView w = e.warp();
        s.selectWarp(w);
        DebugEvent into = s.step(StepScope.WARP, StepUnit.SOURCE_LINE_INTO);
        WarpView entered = into.warp();
        int callee = entered.depth() - 1;
        assertTrue(callee >= 1, "stepped into weighted_sum");
        assertEquals(0, entered.pc(callee), "the step stops at the callee's first instruction");
        for (String parameter : List.of("values", "count")) {
            FrameVariable v = named(binder.bind(s, entered, callee, LANE), parameter);
            assertNull(v.bytes(), parameter + " at weighted_sum's entry");
            assertEquals(FrameVariables.NOT_RUN_YET, v.problem());
        }
        DebugEvent next = s.step(StepScope.WARP, StepUnit.SOURCE_LINE);
        List<FrameVariable> loaded = binder.bind(s, next.warp(), next.warp().depth() - 1, LANE);
        assertEquals(8, ints(named(loaded, "count").bytes())[0], "count once weighted_sum has loaded it");
        assertNotNull(named(loaded, "values").bytes());
    }

    @Test
    void moduleWithoutDwarfSaysWhy() throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("local_array.O3.ptx"));
        DeviceModule dm = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE).load(m);
        FrameVariables binder = new FrameVariables(dm);
        assertTrue(binder.problem().contains("nvcc -G"), binder.problem());
        ControlledLaunch s = new ControlledLaunch(dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).block(32, 1, 1)
                .argU64(0).argU64(0).argS32(0).build(), ControlledLaunch.options(0)));
        assertThrows(IllegalStateException.class, () -> binder.bind(s, null, 0, 0));
    }

    private static String stageSymbol(PtxModule m) {
        return m.sharedOffsets().keySet().stream().filter(k -> k.contains("stage")).findFirst()
                .orElseThrow(() -> new AssertionError("no shared stage in " + m.sharedOffsets()));
    }
}
