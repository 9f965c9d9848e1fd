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
 * {@link #GLOBAL_BASE}.
 */
public final class SimulatorTarget {
    /** The architecture string of the simulator's target. */
    public static final String ARCHITECTURE = "nvptx gpumem-sim";
    /** Name of the space that shows a warp's local pool as stored (lane-interleaved). */
    public static final String LOCAL_WARP = "local_warp";
    /**
     * Where global allocations start: above 4 GiB, so that a 32-bit offset of another space
     * taken for a global address faults instead of reading an allocation.
     */
    public static final long GLOBAL_BASE = 0x0000_0001_0000_0000L;

    private static final long CONST_WINDOW = BuiltinTargets.NVPTX_LOCAL_WINDOW + BuiltinTargets.NVPTX_WINDOW_SIZE;
    private static final long PARAM_WINDOW = CONST_WINDOW + BuiltinTargets.NVPTX_WINDOW_SIZE;
    private static final long DEFAULT_GLOBAL_BYTES = 4L << 30;

    /**
     * Per-SM residency limits by compute capability (sm version, max resident blocks per SM, max
     * resident warps per SM, shared memory per SM in KiB), from the CUDA C++ Programming Guide's
     * "Technical Specifications per Compute Capability" table. A version between two rows takes
     * the lower row's limits. Registers are not counted: the simulator allocates none.
     */
    private static final int[][] RESIDENCY = {
        {50, 32, 64, 64}, {52, 32, 64, 96}, {53, 32, 64, 64}, {60, 32, 64, 64}, {61, 32, 64, 96},
        {62, 32, 64, 64}, {70, 32, 64, 96}, {72, 32, 64, 96}, {75, 16, 32, 64}, {80, 32, 64, 164},
        {86, 16, 48, 100}, {87, 16, 48, 164}, {89, 24, 48, 100}, {90, 32, 64, 228}, {100, 32, 64, 228},
        {120, 32, 48, 100},
    };
    /** Shared memory the CUDA driver reserves per resident block from compute capability 8.0 on. */
    private static final long RESERVED_SHARED_PER_BLOCK_SM80 = 1024;

    private SimulatorTarget() {
    }

    /**
     * How many CTAs of {@code threads} threads and {@code sharedBytes} bytes of shared memory
     * one SM of version {@code smVersion} (90 for sm_90) keeps resident at once, as the CUDA
     * occupancy rules count them: the blocks-per-SM limit, bounded by the resident warps and the
     * shared memory per SM (with the 1 KiB per block the driver reserves on sm_80 and later).
     * At least 1.
     */
    public static int residentCtasPerSm(int smVersion, long threads, long sharedBytes) {
        int[] row = residency(smVersion);
        long warps = Math.max(1, (threads + 31) / 32);
        long byWarps = row[2] / warps;
        long perBlock = sharedBytes + reservedSharedBytesPerBlock(smVersion);
        long byShared = perBlock == 0 ? Long.MAX_VALUE : (row[3] * 1024L) / perBlock;
        return (int) Math.max(1, Math.min(row[1], Math.min(byWarps, byShared)));
    }

    /** Shared memory the driver reserves for each resident block on an SM of version {@code smVersion}. */
    public static long reservedSharedBytesPerBlock(int smVersion) {
        return smVersion >= 80 ? RESERVED_SHARED_PER_BLOCK_SM80 : 0;
    }

    /** The most CTAs one SM of version {@code smVersion} keeps resident, whatever their size. */
    public static int maxResidentCtasPerSm(int smVersion) {
        return residency(smVersion)[1];
    }

    /** The most threads one SM of version {@code smVersion} keeps resident (its resident warps x 32). */
    public static int maxResidentThreadsPerSm(int smVersion) {
        return residency(smVersion)[2] * 32;
    }

    /** Shared memory per SM of version {@code smVersion}, in bytes. */
    public static long sharedBytesPerSm(int smVersion) {
        return residency(smVersion)[3] * 1024L;
    }

    private static int[] residency(int smVersion) {
        int[] row = RESIDENCY[0];
        for (int[] r : RESIDENCY) {
            if (r[0] <= smVersion) {
                row = r;
            }
        }
        return row;
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
        return b.defaultSpace(PtxStateSpace.GENERIC.ptxName()).build();
    }
}
