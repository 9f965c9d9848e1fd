package org.gpumem.sim.launch;

import org.gpumem.sim.Device;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;

/**
 * Where simulated devices come from: a {@link Device} made here runs launches with either
 * engine (the fast one through the block compiler). It lives above the simulator's engine, not
 * in {@link Device} itself, so that the API's vocabulary does not depend on the engine that
 * implements it.
 */
public final class Devices {
    private Devices() {
    }

    /**
     * A device with {@code globalBytes} of global memory whose allocations start at
     * {@link SimulatorTarget#GLOBAL_BASE}.
     *
     * @param target compute capability as PTX names it, e.g. {@code sm_90}
     * @throws IllegalArgumentException for a malformed target or a non-positive size
     */
    public static Device create(String target, long globalBytes) {
        return new SimulatedDevice(target, globalBytes, BlockCompiler.INSTANCE);
    }
}
