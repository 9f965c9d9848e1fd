package org.gpumem.sim;

/** A 3D index or extent (CTA index, thread index, grid or block size). */
public record Dim3(int x, int y, int z) {
    /** x * y * z. */
    public long volume() {
        return (long) x * y * z;
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }
}
