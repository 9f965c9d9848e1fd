package org.gpumem.sim;

import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.model.targets.TargetBuilder;
import org.gpumem.model.targets.WindowSpec;

/**
 * The simulator's address spaces as a model {@link Target}: the one description of its spaces,
 * scopes, generic windows and local interleave. The simulator derives its own constants from it
 * when a device is made (see {@code StateSpaceLayout}), and the debugger and views resolve
 * simulator memory through it with the model's {@code AddressResolver}, so the two cannot
 * disagree.
 * <p>
 * It is NVPTX as {@link BuiltinTargets#nvptxBased} describes it (shared and local windows at the
 * NVPTX defaults, local interleaved per warp in 4-byte words), plus the two windows the simulator
 * adds right after them, onto the module's const bank and the launch's kernel parameters, and
 * {@code local_warp}, a warp's local pool as stored. Every space is named as its PTX state space
 * ({@link PtxStateSpace#ptxName()}). Global memory is indexed by address: allocations start at
 * {@link #GLOBAL_BASE}. Its subgroup size and local interleave are NVPTX's warp size, the lane
 * count of {@link DeviceFacts}.
 * <p>
 * Texture memory is its own space, {@value #TEXTURE} (nvcc's DWARF number for the PTX state space
 * {@code .tex}), over its own device-wide storage: the device's CUDA arrays
 * ({@link TextureArray}), each at its device address in gpumem's linear layout; offsets that
 * are no array's byte hold nothing.
 */
public final class SimulatorTarget {
    /** The architecture string of the simulator's target. */
    public static final String ARCHITECTURE = "nvptx gpumem-sim";
    /** Name of the space that shows a warp's local pool as stored (lane-interleaved). */
    public static final String LOCAL_WARP = "local_warp";
    /** Name of the texture space and of its storage: the device's CUDA arrays, by device address. */
    public static final String TEXTURE = "tex";
    /**
     * Where global allocations start: above 4 GiB, so that a 32-bit offset of another space
     * taken for a global address faults instead of reading an allocation.
     */
    public static final long GLOBAL_BASE = 0x0000_0001_0000_0000L;

    private static final long CONST_WINDOW = BuiltinTargets.NVPTX_LOCAL_WINDOW + BuiltinTargets.NVPTX_WINDOW_SIZE;
    private static final long PARAM_WINDOW = CONST_WINDOW + BuiltinTargets.NVPTX_WINDOW_SIZE;
    private static final long DEFAULT_GLOBAL_BYTES = 4L << 30;

    private SimulatorTarget() {
    }

    /** A fresh description of the simulator's target (EMF objects have one container). */
    public static Target create() {
        TargetBuilder b = BuiltinTargets.nvptxBased("gpumem PTX simulator", ARCHITECTURE,
                "The PTX interpreter of org.gpumem.sim: generic windows onto shared, local, const and param;"
                        + " global addresses are generic addresses; local memory interleaved per warp in 4-byte words",
                GLOBAL_BASE + DEFAULT_GLOBAL_BYTES,
                "Flat addresses: 4 GiB windows onto shared, local, const and param, global elsewhere",
                new WindowSpec(CONST_WINDOW, BuiltinTargets.NVPTX_WINDOW_SIZE, PtxStateSpace.CONST.ptxName()),
                new WindowSpec(PARAM_WINDOW, BuiltinTargets.NVPTX_WINDOW_SIZE, PtxStateSpace.PARAM.ptxName()));
        b.space(LOCAL_WARP, -1, 32, Scope.SUBGROUP).aliases("private_wave", "private_warp")
                .describe("gpumem's view of a warp's local pool as stored (lane-interleaved)")
                .linear(PtxStateSpace.LOCAL.ptxName(), 0);
        b.storage(TEXTURE, Scope.DEVICE, GLOBAL_BASE + DEFAULT_GLOBAL_BYTES, false);
        BuiltinTargets.nvidiaSpace(b, TEXTURE, Scope.DEVICE).aliases("texture", "cudaArray")
                .describe("Texture memory: the CUDA arrays that textures read and surfaces write, each at its device address,"
                        + " in gpumem's linear layout (row after row, then layers and levels), not a GPU's opaque one")
                .linear(TEXTURE, 0);
        return b.defaultSpace(PtxStateSpace.GENERIC.ptxName()).build();
    }
}
