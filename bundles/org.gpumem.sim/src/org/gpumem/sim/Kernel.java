package org.gpumem.sim;

import java.util.List;

/**
 * A kernel ({@code .entry}) of a loaded module.
 *
 * @param name       its mangled name
 * @param params     its {@code .param}s in order, where each lies in the parameter buffer
 * @param paramBytes size of the parameter buffer a launch fills
 * @param line       PTX line of the declaration
 */
public record Kernel(String name, List<KernelParameter> params, int paramBytes, int line) {
    public Kernel {
        params = List.copyOf(params);
    }
}
