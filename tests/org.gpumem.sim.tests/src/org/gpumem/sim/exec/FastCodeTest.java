package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.api.Test;

/**
 * That a launch on the fast engine runs compiled blocks (the differential tests would pass,
 * uselessly, if it never did), compiled once per module text.
 */
class FastCodeTest {

    private static DeviceModule load(SimulatedDevice device, String kernel) throws Exception {
        Path ptx = SimTestSupport.fixtures().resolve("kernels").resolve(kernel + ".O3.ptx");
        return device.load(kernel + ".O3.ptx", Files.readString(ptx));
    }

    /** A fast launch compiles the kernel's blocks, once per module text; an interpreter launch compiles nothing. */
    @Test
    void fastLaunchesRunCompiledBlocksSharedByModulesOfOneText() throws Exception {
        SimulatedDevice device = new SimulatedDevice("sm_90", 16L << 20, BlockCompiler.INSTANCE);
        DeviceModule first = load(device, "saxpy");
        DeviceModule again = load(device, "saxpy");
        assertSame(first.fastCode(false), again.fastCode(false));
        int n = 1000;
        long x = device.allocate(4L * n), y = device.allocate(4L * n);
        LaunchConfig c = LaunchConfig.builder("_Z5saxpyifPKfPf").grid(4, 1, 1).block(256, 1, 1).argS32(n)
                .argF32(2f).argU64(x).argU64(y).build();
        int kernel = again.module().functions().stream().filter(f -> f.name().equals("_Z5saxpyifPKfPf")).findFirst()
                .orElseThrow().index();
        // A text of its own (the comment), so that no other test's launch compiled it before.
        DeviceModule own = device.load("saxpy-own.ptx", first.ptx() + "\n// " + getClass().getName() + "\n");
        LaunchResult i = own.launch(c, new ExecOptions(0, 1, false, ExecEngine.INTERPRETER)).run();
        assertTrue(i.completed(), i.report());
        assertFalse(own.fastCode(false).compiled(kernel), "an interpreter launch compiles nothing");
        LaunchResult r = own.launch(c, new ExecOptions(0, 1, false, ExecEngine.FAST)).run();
        assertTrue(r.completed(), r.report());
        assertTrue(own.fastCode(false).compiled(kernel), "the fast launch compiled the kernel");
        CompiledBlock[] blocks = own.fastCode(false).blocks(kernel);
        assertNotNull(blocks[0], "the kernel's first block");
        assertTrue(blocks[0].length() > 3);
    }
}
