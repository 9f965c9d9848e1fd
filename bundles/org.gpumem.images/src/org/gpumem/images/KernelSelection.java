package org.gpumem.images;

/**
 * What a device runs for one kernel: the module (container) that defines it and the choice
 * among that module's images that define the kernel. CUDA and ROCm load a module's code when
 * one of its kernels is first used, so a module without a compatible image matters only for
 * the kernels it holds.
 *
 * @param kernel    the kernel
 * @param module    the container defining it (a kernel defined in several modules has one selection per module)
 * @param selection the verdicts on the module's images that define the kernel, and the chosen one
 */
public record KernelSelection(Kernel kernel, Container module, Selection selection) {

    public boolean resolves() {
        return selection.chosen().isPresent();
    }
}
