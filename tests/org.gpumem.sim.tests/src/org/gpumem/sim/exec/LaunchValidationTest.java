package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;

class LaunchValidationTest {
    private final SimulatedDevice device = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
    private final DeviceModule module = device.load(PtxLoader.load("v.ptx",
            SimTestSupport.perThreadKernel("", "")));

    private String reject(LaunchConfig c) {
        return assertThrows(IllegalArgumentException.class, () -> module.launch(c, ExecOptions.defaults())).getMessage();
    }

    @Test
    void absurdSizesAreRejectedWithTheFieldNamed() {
        assertTrue(reject(LaunchConfig.builder("k").block(2048, 1, 1).argU64(0).argU64(0).build()).contains("block.x"));
        assertTrue(reject(LaunchConfig.builder("k").block(32, 32, 2).argU64(0).argU64(0).build()).contains("1024"));
        assertTrue(reject(LaunchConfig.builder("k").grid(1, 70000, 1).argU64(0).argU64(0).build()).contains("grid.y"));
        assertTrue(reject(LaunchConfig.builder("k").grid(0, 1, 1).argU64(0).argU64(0).build()).contains("grid.x"));
        assertTrue(reject(LaunchConfig.builder("k").sharedBytes(1 << 30).argU64(0).argU64(0).build()).contains("shared"));
    }

    @Test
    void argumentsMustMatchTheKernelParameters() {
        assertTrue(reject(LaunchConfig.builder("k").argU64(0).build()).contains("takes 2 arguments"));
        assertTrue(reject(LaunchConfig.builder("k").argU64(0).argU32(1).build()).contains("argument 1"));
        assertTrue(reject(LaunchConfig.builder("nope").build()).contains("no kernel nope"));
    }

    @Test
    void devicesAndAllocationsAreBounded() {
        assertThrows(IllegalArgumentException.class, () -> new SimulatedDevice("gfx90a", 1024, BlockCompiler.INSTANCE));
        assertThrows(IllegalArgumentException.class, () -> device.allocate(1L << 40));
        assertThrows(IllegalArgumentException.class, () -> device.allocate(-1));
    }
}
