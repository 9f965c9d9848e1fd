package org.gpumem.sim.memory;

/**
 * How per-thread local memory of a warp is stored: lane-interleaved in 4-byte words, the way
 * NVIDIA hardware lays out local memory so that the same local offset of all 32 lanes is one
 * contiguous 128-byte line.
 *
 * <pre>
 *   physical(lane, offset) = (offset / 4) * 32 * 4 + lane * 4 + (offset % 4)
 * </pre>
 *
 * A per-thread access of 8 or 16 bytes (naturally aligned) is therefore split into 4-byte
 * words that lie 128 bytes apart in the warp's storage. {@link LocalMemory} stores one warp's
 * local memory in this layout; the model can describe the same bytes through a per-lane space
 * (offsets as the thread sees them) and a per-warp space (physical offsets).
 */
public final class LocalLayout {
    /** Bytes per interleaved element. */
    public static final int WORD = 4;
    /** Lanes per warp. */
    public static final int LANES = 32;

    private LocalLayout() {
    }

    /** Physical offset in the warp's local storage of byte {@code offset} of lane {@code lane}. */
    public static long physical(int lane, long offset) {
        return (offset >>> 2) * (WORD * LANES) + lane * WORD + (offset & 3);
    }

    /** Bytes one warp needs for {@code perThreadBytes} of local memory per thread. */
    public static long warpBytes(long perThreadBytes) {
        return ((perThreadBytes + WORD - 1) / WORD) * WORD * LANES;
    }
}
