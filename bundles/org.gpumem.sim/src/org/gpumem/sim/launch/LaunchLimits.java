package org.gpumem.sim.launch;

/**
 * Bounds a launch description must respect. Grid and block limits are CUDA's for compute
 * capability 9.0; the dynamic shared memory bound is sm_90's opt-in maximum per block; buffer
 * bytes are bounded so that a typo in a count yields an error instead of an OutOfMemoryError.
 */
public record LaunchLimits(long maxBufferBytes, long maxTotalBufferBytes, long maxLaunchFileBytes) {

    public static final int MAX_GRID_X = Integer.MAX_VALUE;
    public static final int MAX_GRID_YZ = 65535;
    public static final int MAX_BLOCK_XY = 1024;
    public static final int MAX_BLOCK_Z = 64;
    public static final int MAX_THREADS_PER_BLOCK = 1024;
    /** 227 KiB: cudaFuncAttributeMaxDynamicSharedMemorySize's upper bound on sm_90. */
    public static final int MAX_SHARED_BYTES = 227 * 1024;

    /**
     * Default bounds: one buffer below Java's array limit, all buffers together at most a
     * quarter of the heap (the simulator holds them and the harness copies outputs).
     */
    public static LaunchLimits defaults() {
        long heapShare = Runtime.getRuntime().maxMemory() / 4;
        return new LaunchLimits(Math.min(Integer.MAX_VALUE - 64L, heapShare), heapShare, 16L << 20);
    }
}
