package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.Device;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;

/**
 * A debug session stops at the same places on both engines: a breakpoint in the middle of a
 * straight-line run (which the fast engine compiles into one block) stops every warp there,
 * instruction steps and source-line steps move warps the same way, and the kernel ends with the
 * same result and memory.
 */
class DebugEnginesTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    /** The stops of one session: for each, kind, warp, PTX line, the warp's and the session's instruction counts. */
    private static List<String> stops(ExecEngine engine, int ptxLine, byte[][] memory) throws Exception {
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule m = device.load(KERNELS.resolve("reduce.O3.ptx"));
        int n = 256, ctas = 2;
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(i * 4, i * 7 - 100);
        }
        long input = device.allocate(4L * n);
        device.write(input, b.array());
        long partial = device.allocate(4L * ctas);
        ControlledLaunch s = new ControlledLaunch(m.launch(LaunchConfig.builder(m.kernels().get(0).name()).grid(ctas, 1, 1)
                .block(128, 1, 1).sharedBytes(512).argU64(input).argU64(partial).argS32(n).build(),
                ControlledLaunch.options(0).withEngine(engine)));
        Breakpoint bp = s.addPtxBreakpoint(ptxLine);
        List<String> stops = new ArrayList<>();
        DebugEvent e = s.resume();
        int steps = 0;
        while (e.isSuspended()) {
            stops.add(e.kind() + " warp " + e.warp().id() + " line " + e.warp().ptxLine() + " issued "
                    + e.warp().instructionCount() + "/" + s.warpInstructions());
            if (stops.size() == 3) {
                s.removeBreakpoint(bp);
            }
            if (steps < 6) {
                steps++;
                e = s.step(steps % 2 == 0 ? StepScope.WARP : StepScope.CTA,
                        steps % 3 == 0 ? StepUnit.SOURCE_LINE : StepUnit.INSTRUCTION);
            } else {
                e = s.resume();
            }
        }
        stops.add(e.kind() + " " + e.result().warpInstructions() + " " + e.result().threadInstructions());
        memory[0] = device.read(partial, 4 * ctas);
        return stops;
    }

    @Test
    void breakpointsInsideABlockAndStepsStopAtTheSamePlacesOnBothEngines() throws Exception {
        List<String> ptx = Files.readAllLines(KERNELS.resolve("reduce.O3.ptx"));
        int line = 0;
        for (int i = 0; i < ptx.size(); i++) {
            // The add between the two shared loads and the store of the reduction loop's body.
            if (ptx.get(i).trim().startsWith("add.s32") && ptx.get(i - 1).trim().startsWith("ld.shared")) {
                line = i + 1;
            }
        }
        assertTrue(line > 0, "reduce.O3.ptx has the loop body");
        byte[][] a = new byte[1][], b = new byte[1][];
        List<String> interpreted = stops(ExecEngine.INTERPRETER, line, a);
        List<String> fast = stops(ExecEngine.FAST, line, b);
        assertTrue(interpreted.size() >= 5, interpreted.toString());
        assertTrue(interpreted.get(0).contains("line " + line), interpreted.toString());
        assertEquals(interpreted, fast);
        assertArrayEquals(a[0], b[0]);
    }
}
