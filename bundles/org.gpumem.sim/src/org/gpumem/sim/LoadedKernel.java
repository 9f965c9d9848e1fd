package org.gpumem.sim;

import java.util.List;

/**
 * A kernel ({@code .entry}) of a loaded module.
 *
 * @param name        its mangled name
 * @param params      its {@code .param}s in order, where each lies in the parameter buffer
 * @param paramBytes  size of the parameter buffer a launch fills
 * @param line        PTX line of the declaration
 * @param unsupported every construct the simulator cannot execute that the kernel can reach
 *                    through its call graph, in PTX order of the functions holding them, each with
 *                    a shortest call path; empty when the kernel is runnable
 */
public record LoadedKernel(String name, List<KernelParameter> params, int paramBytes, int line,
        List<UnsupportedConstruct> unsupported) {
    public LoadedKernel {
        params = List.copyOf(params);
        unsupported = List.copyOf(unsupported);
    }

    /** True when the simulator can execute everything the kernel can reach. */
    public boolean runnable() {
        return unsupported.isEmpty();
    }
}
