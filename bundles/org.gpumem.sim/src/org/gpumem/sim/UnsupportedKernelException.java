package org.gpumem.sim;

import java.util.List;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A launch of a kernel that can reach a construct the simulator cannot execute (see
 * {@link LoadedKernel#unsupported()}). The message names the kernel, the construct's file and PTX line,
 * its opcode and the call path that reaches it.
 */
public final class UnsupportedKernelException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final transient LoadedKernel kernel;

    public UnsupportedKernelException(LoadedKernel kernel) {
        super(first(kernel).file(), "line", first(kernel).line(), message(kernel));
        this.kernel = kernel;
    }

    private static UnsupportedConstruct first(LoadedKernel kernel) {
        if (kernel.runnable()) {
            throw new IllegalArgumentException("kernel " + kernel.name() + " is runnable");
        }
        return kernel.unsupported().get(0);
    }

    private static String message(LoadedKernel kernel) {
        List<UnsupportedConstruct> all = kernel.unsupported();
        return "kernel " + kernel.name() + " cannot run on the simulator: " + all.get(0).describe()
                + (all.size() > 1 ? "; and " + (all.size() - 1) + " more unsupported construct"
                        + (all.size() > 2 ? "s" : "") + " it can reach" : "");
    }

    /** The kernel that was refused. */
    public LoadedKernel kernel() {
        return kernel;
    }

    @Override
    public String getMessage() {
        return problem();
    }
}
