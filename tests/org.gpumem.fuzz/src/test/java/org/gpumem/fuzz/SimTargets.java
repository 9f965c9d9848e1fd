package org.gpumem.fuzz;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxParam;

/** The fuzz targets of the simulator bundle: the PTX loader (and one short launch of what loads), the launch file reader. */
final class SimTargets {
    /** Warp instructions one fuzz launch may run: endless loops end here, quickly. */
    private static final long BUDGET = 20_000;

    private SimTargets() {
    }

    /**
     * PTX text: loaded, and when it loads, its first kernel run as one CTA of 32 threads with
     * every pointer parameter pointing at a 4 KiB zeroed buffer and the others zero.
     */
    static void ptxLoader(byte[] input) {
        PtxModule module = PtxLoader.load("fuzz.ptx", new String(input, StandardCharsets.UTF_8));
        if (module.kernels().isEmpty()) {
            return;
        }
        SimulatedDevice device = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule loaded;
        try {
            loaded = device.load(module);
        } catch (IllegalArgumentException refused) {
            // the device's documented refusal, naming the file: a newer target, variables that do not fit
            return;
        }
        // the first kernel the simulator can run: the others are refused at launch by design
        PtxFunction kernel = module.kernels().stream().filter(k -> k.unsupported().isEmpty()).findFirst()
                .orElse(module.kernels().get(0));
        LaunchConfig.Builder config = LaunchConfig.builder(kernel.name()).grid(1, 1, 1).block(32, 1, 1);
        for (PtxParam p : kernel.params()) {
            if (p.size() == 8) {
                config.argU64(device.allocate(4096));
            } else {
                config.argBytes(new byte[p.size()]);
            }
        }
        try {
            loaded.launch(config.build(), new ExecOptions(BUDGET, 1, false)).run();
        } catch (RuntimeException e) {
            if (!KnownGaps.isKnownGap(e)) {
                throw e;
            }
        }
    }

    /** Launch description JSON, relative paths resolved against an empty folder. */
    static void launchJson(byte[] input, Path emptyDir) {
        new LaunchFileReader().parse(new String(input, StandardCharsets.UTF_8), emptyDir);
    }
}
