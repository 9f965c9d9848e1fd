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
     * Default bounds: one buffer below Java's array limit, all buffers together at most three
     * quarters of the heap. Device memory holds each buffer once, filled and saved a piece at a
     * time (nothing copies a whole buffer), and the last quarter is left to the simulator's own
     * state: the module, its compiled code, the resident CTAs.
     */
    public static LaunchLimits defaults() {
        long heapShare = Runtime.getRuntime().maxMemory() / 4 * 3;
        return new LaunchLimits(Math.min(Integer.MAX_VALUE - 64L, heapShare), heapShare, 16L << 20);
    }
}
