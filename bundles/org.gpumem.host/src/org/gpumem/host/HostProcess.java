package org.gpumem.host;

import java.util.List;

import org.gpumem.sim.Device;

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
}
