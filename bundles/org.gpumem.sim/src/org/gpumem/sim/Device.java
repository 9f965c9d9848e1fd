package org.gpumem.sim;

import java.io.IOException;
import java.nio.file.Path;

import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.model.Target;

/**
 * A simulated GPU: its compute capability, its global memory and its address spaces (the
 * simulator's {@link Target}). Modules are loaded onto it, which allocates their {@code .global}
 * variables and builds their {@code .const} banks. Allocation, reads and writes may be called
 * from any thread, but not while a launch on this device runs. {@code Devices.create} (in
 * {@code org.gpumem.sim.launch}) makes one.
 */
public interface Device {

    /** {@code sm_90} etc. */
    String target();

    /** 90 for sm_90. */
    int smVersion();

    /**
     * The address spaces of this device, as the simulator runs them (one instance per device;
     * memory states of its launches hold copies).
     */
    Target addressSpaces();

    /** Allocates zeroed global memory (256-byte aligned) and returns its address. */
    long allocate(long bytes);

    /** Releases the allocation that starts at {@code address}. */
    void free(long address);

    /**
     * Copies {@code length} bytes of global memory at {@code address}.
     *
     * @throws IllegalArgumentException when the range is not inside one allocation
     */
    byte[] read(long address, int length);

    /** Writes global memory; same failures as {@link #read}. */
    void write(long address, byte[] bytes);

    /** The texture and surface objects kernels of this device read and write through. */
    TextureTable textures();

    /**
     * Loads PTX text: decodes every function, allocates and initializes the module's
     * {@code .global} variables and builds its {@code .const} bank. As with the CUDA driver's
     * lazy loading, an instruction the simulator cannot execute does not stop the load: it makes
     * the kernels that can reach it not runnable ({@link LoadedKernel#unsupported()}).
     *
     * @param name the file name messages use
     * @throws InputFormatException naming {@code name:line} for text that is not well-formed PTX
     *         or a declaration beyond the simulator's limits
     * @throws IllegalArgumentException if the module targets a newer GPU than this device or its
     *         variables do not fit
     */
    LoadedModule load(String name, String ptx);

    /** {@link #load(String, String)} for a PTX file. */
    LoadedModule load(Path ptxFile) throws IOException;
}
