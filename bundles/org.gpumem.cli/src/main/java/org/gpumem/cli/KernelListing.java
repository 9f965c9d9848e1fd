package org.gpumem.cli;

import java.io.PrintWriter;
import java.util.List;

import org.gpumem.images.Kernel;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.UnsupportedConstruct;

/**
 * The kernels of a loaded module, each runnable or not and why: the module loads whatever it
 * holds, and a kernel is refused only when it can reach something the simulator cannot execute.
 */
final class KernelListing {
    /** Unsupported constructs shown per kernel; the rest are counted. */
    static final int SHOWN = 3;

    private KernelListing() {
    }

    static void print(LoadedModule module, PrintWriter out) {
        List<org.gpumem.sim.LoadedKernel> kernels = module.kernels();
        long runnable = kernels.stream().filter(org.gpumem.sim.LoadedKernel::runnable).count();
        out.println(module.name() + ": " + kernels.size() + " kernel" + (kernels.size() == 1 ? "" : "s") + ", "
                + runnable + " runnable");
        for (org.gpumem.sim.LoadedKernel k : kernels) {
            String shown = Kernel.of(k.name()).displayName();
            String name = shown.equals(k.name()) ? k.name() : k.name() + " (" + shown + ")";
            if (k.runnable()) {
                out.println("  runnable      " + name);
                continue;
            }
            out.println("  not runnable  " + name);
            List<UnsupportedConstruct> why = k.unsupported();
            for (int i = 0; i < Math.min(SHOWN, why.size()); i++) {
                out.println("      " + why.get(i).describe());
            }
            if (why.size() > SHOWN) {
                out.println("      and " + (why.size() - SHOWN) + " more");
            }
        }
        out.flush();
    }
}
