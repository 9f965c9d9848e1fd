package org.gpumem.sim.launch;

/**
 * Size bounds on a launch description beyond the grid, block and shared-memory limits of
 * {@link org.gpumem.sim.LaunchConfig}: buffer bytes are bounded so that a typo in a count
 * yields an error naming the field instead of an OutOfMemoryError.
 *
 * @param maxBufferBytes      largest single buffer
 * @param maxTotalBufferBytes all buffers of one launch together
 * @param maxLaunchFileBytes  largest launch file read
 */
public record LaunchLimits(long maxBufferBytes, long maxTotalBufferBytes, long maxLaunchFileBytes) {

    /**
     * Default bounds: one buffer below Java's array limit, all buffers together at most a
     * quarter of the heap (the simulator holds them and the harness copies the outputs).
     */
    public static LaunchLimits defaults() {
        long heapShare = Runtime.getRuntime().maxMemory() / 4;
        return new LaunchLimits(Math.min(Integer.MAX_VALUE - 64L, heapShare), heapShare, 16L << 20);
    }
}
