package org.gpumem.host;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A CUDA program to run with gpumem's runtime: its executable and arguments, working folder,
 * extra environment, the device the simulator models and its memory size, and the folder
 * holding gpumem's {@code libcudart.so.13}.
 *
 * @param executable the program (an ELF executable, or a script that starts one)
 * @param arguments its arguments
 * @param workingDirectory where it runs
 * @param environment variables set for it, on top of gpumem's own environment
 * @param device the compute capability the simulator models, e.g. {@code sm_90}
 * @param memoryBytes the device's global memory
 * @param runtimeDirectory the folder with gpumem's libcudart.so.13 ({@link RuntimeLibrary})
 */
public record HostProgram(Path executable, List<String> arguments, Path workingDirectory, Map<String, String> environment,
        String device, long memoryBytes, Path runtimeDirectory) {

    /** The default device memory: 4 GiB, allocated only as the program writes it. */
    public static final long DEFAULT_MEMORY_BYTES = 4L << 30;

    public HostProgram {
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
        if (memoryBytes <= 0) {
            throw new IllegalArgumentException("device memory must be positive: " + memoryBytes);
        }
    }

    /** The program with its arguments, run in the current folder on an sm_90 device with default memory. */
    public static HostProgram of(Path executable, List<String> arguments, Path runtimeDirectory) {
        return new HostProgram(executable, arguments, Path.of("").toAbsolutePath(), Map.of(), "sm_90", DEFAULT_MEMORY_BYTES,
                runtimeDirectory);
    }

    public HostProgram withDevice(String sm) {
        return new HostProgram(executable, arguments, workingDirectory, environment, sm, memoryBytes, runtimeDirectory);
    }

    public HostProgram withWorkingDirectory(Path dir) {
        return new HostProgram(executable, arguments, dir, environment, device, memoryBytes, runtimeDirectory);
    }

    public HostProgram withEnvironment(Map<String, String> env) {
        return new HostProgram(executable, arguments, workingDirectory, env, device, memoryBytes, runtimeDirectory);
    }
}
