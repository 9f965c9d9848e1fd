package org.gpumem.sim.ptx;

import java.util.List;

/**
 * The device functions CUDA's runtime provides without a body in the module ({@code printf},
 * {@code assert}, {@code malloc} and {@code free} compile to calls of these, and the device side of
 * conditional graph nodes, {@code cudaGraphSetConditional}), which the
 * simulator's engine serves ({@code org.gpumem.sim.exec.DeviceFunctions}). The one list of them:
 * a call to one of these binds to its body-less declaration; a call to any other body-less
 * function makes the kernels that reach it not runnable.
 */
public final class DeviceRuntimeFunctions {
    /** The functions nvcc declares {@code .extern .func} for the device runtime. */
    public static final List<String> NAMES = List.of("vprintf", "__assertfail", "malloc", "free",
            "cudaGraphSetConditional");

    private DeviceRuntimeFunctions() {
    }

    public static boolean isRuntimeFunction(String name) {
        return NAMES.contains(name);
    }

    /** The names as a sentence: "vprintf, __assertfail, malloc, free and cudaGraphSetConditional". */
    static String describe() {
        return String.join(", ", NAMES.subList(0, NAMES.size() - 1)) + " and " + NAMES.get(NAMES.size() - 1);
    }
}
