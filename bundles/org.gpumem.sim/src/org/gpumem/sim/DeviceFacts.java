package org.gpumem.sim;

import org.gpumem.model.targets.BuiltinTargets;

/**
 * The one table of the simulated device's facts, by SM version: how many SMs it has, how many
 * warps, blocks and bytes of shared memory one SM keeps resident, the lane count, the shared
 * memory a block has without opting in and the most it may opt in to, the launch limits, constant
 * memory, registers and clock. The interpreter's special registers ({@code %nsmid},
 * {@code %nwarpid}, {@code %smid}, {@code WARP_SZ}), the debugger's resident CTAs, launch
 * validation, and the CUDA runtime's {@code cudaDeviceProp}, device attributes and occupancy
 * functions (in Java and, over the channel, in the C library) all read it here.
 * <p>
 * The per-version limits are the CUDA C++ Programming Guide's "Technical Specifications per
 * Compute Capability"; a version between two rows takes the lower row's limits. The two facts
 * every NVIDIA GPU shares with the model's NVPTX description, the warp size and the 48 KiB of
 * shared memory a block has without opting in, are that description's
 * ({@link BuiltinTargets#NVPTX_WARP_SIZE}, {@link BuiltinTargets#NVPTX_SHARED_PER_BLOCK}), so
 * the simulator's model {@code Target} and this table are one value by construction.
 *
 * @param smVersion                the version asked for, 90 for sm_90
 * @param maxBlocksPerSm           resident blocks per SM
 * @param maxWarpsPerSm            resident warps per SM ({@code %nwarpid})
 * @param sharedBytesPerSm         shared memory per SM
 * @param sharedBytesPerBlockOptin the most shared memory a block may have, static and dynamic,
 *                                 after opting in ({@code cudaFuncAttributeMaxDynamicSharedMemorySize})
 * @param registersPerBlock        32-bit registers a block may use
 */
public record DeviceFacts(int smVersion, int maxBlocksPerSm, int maxWarpsPerSm, long sharedBytesPerSm,
        long sharedBytesPerBlockOptin, int registersPerBlock) {

    /** Lanes of a warp ({@code warpSize}, {@code WARP_SZ}); the interpreter keeps registers as {@code regs[r * 32 + lane]}. */
    public static final int WARP_SIZE = BuiltinTargets.NVPTX_WARP_SIZE;
    /**
     * SMs of the simulated device: one, of its version's limits. The debugger keeps one SM's
     * occupancy resident ({@link #residentBlocks}) and runs those CTAs side by side, and a
     * cooperative launch may have no more CTAs than are resident at once; with one SM, what a
     * program sizes from {@code multiProcessorCount} (grids of "blocks per SM x SMs", cooperative
     * grids) is what the debugger shows resident. So {@code %nsmid} is 1 and every CTA's
     * {@code %smid} is 0.
     */
    public static final int MULTIPROCESSORS = 1;
    /** Static shared memory a block may declare, and what it has in all without opting in. */
    public static final long SHARED_BYTES_PER_BLOCK = BuiltinTargets.NVPTX_SHARED_PER_BLOCK;
    /** Most threads in a block, as on every NVIDIA GPU since sm_20. */
    public static final int MAX_THREADS_PER_BLOCK = 1024;
    /** Largest block extents (x, y, z). */
    public static final Dim3 MAX_BLOCK = new Dim3(1024, 1024, 64);
    /** Largest grid extents (x, y, z). */
    public static final Dim3 MAX_GRID = new Dim3(Integer.MAX_VALUE, 65535, 65535);
    /** Most local memory a thread may have, checked where {@code .local} is declared and at launch. */
    public static final long MAX_LOCAL_BYTES_PER_THREAD = 512 * 1024;
    /** Constant memory of the device ({@code __constant__} variables of one module). */
    public static final long CONSTANT_BYTES = 64 * 1024;
    /** 32-bit registers per SM, every version. */
    public static final int REGISTERS_PER_SM = 64 * 1024;
    /**
     * The clock of the simulated device in kHz: it issues one warp instruction per cycle on its
     * one SM, so a launch takes one nanosecond per warp instruction.
     */
    public static final long CLOCK_KHZ = 1_000_000;

    private static final int KIB = 1024;
    /**
     * By SM version: resident blocks per SM, resident warps per SM, shared memory per SM (KiB),
     * most shared memory per block (KiB), registers per block (Ki).
     */
    private static final int[][] TABLE = {
        {50, 32, 64, 64, 48, 64}, {52, 32, 64, 96, 48, 64}, {53, 32, 64, 64, 48, 32}, {60, 32, 64, 64, 48, 64},
        {61, 32, 64, 96, 48, 64}, {62, 32, 64, 64, 48, 32}, {70, 32, 64, 96, 96, 64}, {72, 32, 64, 96, 96, 64},
        {75, 16, 32, 64, 64, 64}, {80, 32, 64, 164, 163, 64}, {86, 16, 48, 100, 99, 64}, {87, 16, 48, 164, 163, 64},
        {89, 24, 48, 100, 99, 64}, {90, 32, 64, 228, 227, 64}, {100, 32, 64, 228, 227, 64}, {120, 32, 48, 100, 99, 64},
    };
    /** Shared memory the CUDA driver reserves per resident block from compute capability 8.0 on. */
    private static final long RESERVED_SHARED_PER_BLOCK_SM80 = 1024;
    /** The most shared memory a block may have on any version: what a module may declare before it meets a device. */
    public static final long MOST_SHARED_BYTES_PER_BLOCK;

    static {
        long most = 0;
        for (int[] row : TABLE) {
            most = Math.max(most, (long) row[4] * KIB);
        }
        MOST_SHARED_BYTES_PER_BLOCK = most;
    }

    /** The facts of a device of version {@code smVersion} (90 for sm_90). */
    public static DeviceFacts of(int smVersion) {
        int[] row = TABLE[0];
        for (int[] r : TABLE) {
            if (r[0] <= smVersion) {
                row = r;
            }
        }
        return new DeviceFacts(smVersion, row[1], row[2], (long) row[3] * KIB, (long) row[4] * KIB, row[5] * KIB);
    }

    /** {@link #MULTIPROCESSORS}. */
    public int multiprocessors() {
        return MULTIPROCESSORS;
    }

    /** {@link #WARP_SIZE}. */
    public int warpSize() {
        return WARP_SIZE;
    }

    /**
     * {@code lane}, when it is a lane of a warp.
     *
     * @throws IllegalArgumentException naming the lanes there are
     */
    public static int checkLane(int lane) {
        if (lane < 0 || lane >= WARP_SIZE) {
            throw new IllegalArgumentException("lane must be 0.." + (WARP_SIZE - 1) + ": " + lane);
        }
        return lane;
    }

    /** {@link #SHARED_BYTES_PER_BLOCK}. */
    public long sharedBytesPerBlock() {
        return SHARED_BYTES_PER_BLOCK;
    }

    /** {@link #MAX_THREADS_PER_BLOCK}. */
    public int maxThreadsPerBlock() {
        return MAX_THREADS_PER_BLOCK;
    }

    /** {@link #MAX_BLOCK}. */
    public Dim3 maxBlock() {
        return MAX_BLOCK;
    }

    /** {@link #MAX_GRID}. */
    public Dim3 maxGrid() {
        return MAX_GRID;
    }

    /** {@link #CONSTANT_BYTES}. */
    public long constantBytes() {
        return CONSTANT_BYTES;
    }

    /** {@link #REGISTERS_PER_SM}. */
    public int registersPerSm() {
        return REGISTERS_PER_SM;
    }

    /** {@link #CLOCK_KHZ}. */
    public long clockKhz() {
        return CLOCK_KHZ;
    }

    /** Resident threads per SM: its resident warps' lanes. */
    public int maxThreadsPerSm() {
        return maxWarpsPerSm * WARP_SIZE;
    }

    /** Shared memory the driver reserves for each resident block (1 KiB from sm_80 on). */
    public long reservedSharedBytesPerBlock() {
        return smVersion >= 80 ? RESERVED_SHARED_PER_BLOCK_SM80 : 0;
    }

    /** The SM that runs CTA number {@code linearIndex} ({@code %smid}). */
    public int smOf(long linearIndex) {
        return (int) (linearIndex % MULTIPROCESSORS);
    }

    /**
     * How many blocks of {@code threads} threads using {@code sharedBytes} of shared memory
     * (static and dynamic) one SM keeps resident at once, as CUDA's occupancy calculator counts
     * them: the blocks-per-SM limit, bounded by the resident warps and by the shared memory per
     * SM with the driver's reserve counted in each block. 0 when such a block cannot be launched
     * (more threads or shared memory than a block may have). Registers do not count: the
     * simulator allocates none.
     */
    public int residentBlocks(long threads, long sharedBytes) {
        if (threads < 1 || threads > MAX_THREADS_PER_BLOCK || sharedBytes < 0 || sharedBytes > sharedBytesPerBlockOptin) {
            return 0;
        }
        long warps = (threads + WARP_SIZE - 1) / WARP_SIZE;
        long blocks = Math.min(maxBlocksPerSm, maxWarpsPerSm / warps);
        long perBlock = sharedBytes + reservedSharedBytesPerBlock();
        if (perBlock > 0) {
            blocks = Math.min(blocks, sharedBytesPerSm / perBlock);
        }
        return (int) blocks;
    }

    /**
     * The dynamic shared memory each of {@code blocks} resident blocks may have when its dynamic
     * part starts at {@code dynamicOffset} (after its static shared memory): its share of the SM
     * less the driver's reserve, within the opt-in limit of a block
     * ({@code cudaOccupancyAvailableDynamicSMemPerBlock}); 0 when nothing is left.
     */
    public long availableDynamicSharedBytes(int blocks, long dynamicOffset) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks must be at least 1: " + blocks);
        }
        long perBlock = Math.min(sharedBytesPerSm / blocks - reservedSharedBytesPerBlock(), sharedBytesPerBlockOptin);
        return Math.max(0, perBlock - dynamicOffset);
    }
}
