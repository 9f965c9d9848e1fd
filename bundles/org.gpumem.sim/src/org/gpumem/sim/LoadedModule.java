package org.gpumem.sim;

import java.util.List;

/**
 * A PTX module loaded on a {@link Device}: its kernels and its module-scope variables with where
 * they live, ready to launch.
 */
public interface LoadedModule {

    /** The name given to {@link Device#load(String, String)}. */
    String name();

    /** The PTX text as loaded. */
    String ptx();

    /** The device the module is loaded on. */
    Device device();

    /** {@code .target}'s first entry, e.g. {@code sm_90}. */
    String target();

    /** The kernels ({@code .entry}) in declaration order, runnable or not ({@link LoadedKernel#runnable()}). */
    List<LoadedKernel> kernels();

    /**
     * The kernel with this exact (mangled) name.
     *
     * @throws IllegalArgumentException naming the module's kernels when there is none
     */
    LoadedKernel kernel(String name);

    /** Module-scope {@code .global}, {@code .const} and {@code .shared} variables, where they live. */
    List<ModuleVariable> variables();

    /** The variable with this name, or null. */
    ModuleVariable variable(String name);

    /**
     * Prepares a launch: checks the extents, argument count and sizes, shared and local memory
     * sizes; {@link KernelLaunch#run()} executes it.
     *
     * @throws UnsupportedKernelException when the kernel can reach a construct the simulator
     *         cannot execute
     * @throws IllegalArgumentException naming what does not fit
     */
    KernelLaunch launch(LaunchConfig config, ExecOptions options);
}
