package org.gpumem.host;

import java.util.List;
import java.util.Set;

import org.gpumem.sim.Device;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;

/** One process of the program, connected to gpumem through its CUDA runtime. */
public interface HostProcess {
    /** The process id the program's runtime reported. */
    long pid();

    /** The simulated device its kernels run on; its global memory is the program's device memory. */
    Device device();

    /** Its live device allocations, by address. */
    List<DeviceAllocation> allocations();

    /** Kernel launches so far. */
    int launchCount();

    /**
     * Checks this process's later launches with {@code tools}, from the {@link HostListener#connected}
     * call on (before its modules load); once per process.
     *
     * @return where the findings collect
     */
    MemoryChecker enableChecks(Set<CheckTool> tools);
}
