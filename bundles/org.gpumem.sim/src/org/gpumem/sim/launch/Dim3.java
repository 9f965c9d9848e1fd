package org.gpumem.sim.launch;

/** Grid or block extent in three dimensions, each at least 1. */
public record Dim3(int x, int y, int z) {
    public Dim3 {
        if (x < 1 || y < 1 || z < 1) {
            throw new IllegalArgumentException("extent must be positive: " + x + "x" + y + "x" + z);
        }
    }

    /** Number of points, x * y * z. */
    public long volume() {
        return (long) x * y * z;
    }

    @Override
    public String toString() {
        return "[" + x + "," + y + "," + z + "]";
    }
}
