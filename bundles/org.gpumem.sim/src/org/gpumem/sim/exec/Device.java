package org.gpumem.sim.exec;

import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.PtxModule;

/**
 * A simulated GPU: its compute capability and its global memory. Modules are loaded onto it
 * ({@link #load}), which allocates their {@code .global} variables and builds their
 * {@code .const} banks. Allocation, reads and writes may be called from any thread but not
 * while a launch on this device runs.
 */
public final class Device {
    private final String target;
    private final int smVersion;
    private final GlobalMemory global;

    /**
     * @param target compute capability as PTX names it, e.g. {@code sm_90}
     * @param globalBytes size of global memory
     */
    public Device(String target, long globalBytes) {
        this(target, new GlobalMemory(globalBytes));
    }

    /**
     * A device whose global memory is {@code global}, e.g. memory another process maps at the
     * same addresses.
     *
     * @param target compute capability as PTX names it, e.g. {@code sm_90}
     */
    public Device(String target, GlobalMemory global) {
        if (!target.matches("sm_\\d{2,3}[a-z]?")) {
            throw new IllegalArgumentException("device must be sm_NN (e.g. sm_90): " + target);
        }
        this.target = target;
        this.smVersion = Integer.parseInt(target.replaceAll("[^0-9]", ""));
        this.global = global;
    }

    /** {@code sm_90} etc. */
    public String target() {
        return target;
    }

    /** 90 for sm_90. */
    public int smVersion() {
        return smVersion;
    }

    public GlobalMemory global() {
        return global;
    }

    /** Allocates zeroed global memory (256-byte aligned) and returns its address. */
    public long allocate(long bytes) {
        return global.allocate(bytes, 256);
    }

    public void free(long address) {
        global.free(address);
    }

    public byte[] read(long address, int length) {
        return global.read(address, length);
    }

    public void write(long address, byte[] bytes) {
        global.write(address, bytes);
    }

    /**
     * Loads a module on this device: allocates and initializes its {@code .global} variables
     * and its {@code .const} bank.
     *
     * @throws IllegalArgumentException if the module targets a newer GPU than this device or
     *         its variables do not fit
     */
    public DeviceModule load(PtxModule module) {
        String t = module.target();
        if (t.startsWith("sm_")) {
            int need = Integer.parseInt(t.replaceAll("[^0-9]", ""));
            if (need > smVersion) {
                throw new IllegalArgumentException(module.name() + " targets " + t + ", newer than the device " + target);
            }
        }
        return new DeviceModule(this, module);
    }
}
