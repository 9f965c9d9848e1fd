package org.gpumem.sim.ptx;

import java.util.Set;

/**
 * The device functions CUDA's runtime provides without a body in the module ({@code printf},
 * {@code assert}, {@code malloc} and {@code free} compile to calls of these), which the
 * simulator's engine is to serve. The one place that says what a call to one of them becomes.
 */
final class DeviceRuntimeFunctions {
    /** The functions nvcc declares {@code .extern .func} for the device runtime. */
    static final Set<String> NAMES = Set.of("vprintf", "__assertfail", "malloc", "free");

    private DeviceRuntimeFunctions() {
    }

    static boolean isRuntimeFunction(String name) {
        return NAMES.contains(name);
    }

    /** Why a call to runtime function {@code name} cannot run yet: the engine does not serve it. */
    static String unservedReason(String name) {
        return "calls " + name + ", a device runtime function the simulator does not provide";
    }
}
