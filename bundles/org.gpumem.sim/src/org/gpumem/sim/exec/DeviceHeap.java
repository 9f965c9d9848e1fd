package org.gpumem.sim.exec;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The device-side heap that {@code malloc} and {@code free} in kernels use: one region of global
 * memory of the device's heap size (CUDA's {@code cudaLimitMallocHeapSize}, 8 MiB unless set),
 * handed out first fit in 16-byte-aligned blocks; freed blocks merge with free neighbours. Kernels
 * on several workers call it at once, so every method is synchronized.
 */
final class DeviceHeap {
    /** CUDA's default {@code cudaLimitMallocHeapSize}. */
    static final long DEFAULT_BYTES = 8L << 20;
    private static final long ALIGN = 16;

    private final long base;
    private final long size;
    /** Free blocks: start -> length. */
    private final TreeMap<Long, Long> free = new TreeMap<>();
    /** Blocks in use: start -> length. */
    private final Map<Long, Long> used = new HashMap<>();

    /** The heap region's first byte in global memory. */
    long base() {
        return base;
    }

    DeviceHeap(long base, long size) {
        this.base = base;
        this.size = size;
        free.put(base, size);
    }

    /** The bytes a block of {@code bytes} takes: the size rounded up to the heap's alignment. */
    static long granted(long bytes) {
        return (bytes + ALIGN - 1) & -ALIGN;
    }

    /** The red zone after each block of a checked launch: one alignment unit. */
    static final long RED_ZONE = ALIGN;

    /**
     * The address of a new block of at least {@code bytes}, or 0 (NULL) when none is left; the
     * block followed by {@code redZone} bytes (a multiple of the alignment) that belong to it but
     * that no access may reach: a checked launch's memcheck finds an access past a block there
     * instead of in the next block.
     */
    synchronized long allocate(long bytes, long redZone) {
        if (bytes <= 0 || bytes > size) {
            return 0;
        }
        long want = granted(bytes) + redZone;
        for (Map.Entry<Long, Long> e : free.entrySet()) {
            long at = e.getKey();
            long length = e.getValue();
            if (length >= want) {
                // read before the removal: TreeMap reuses a removed entry for its successor
                free.remove(at);
                if (length > want) {
                    free.put(at + want, length - want);
                }
                used.put(at, want);
                return at;
            }
        }
        return 0;
    }

    /**
     * Releases the block at {@code address} (NULL does nothing, as in C).
     *
     * @return null, or why the pointer cannot be freed
     */
    synchronized String free(long address) {
        if (address == 0) {
            return null;
        }
        Long length = used.remove(address);
        if (length == null) {
            if (address < base || address >= base + size) {
                return "free of 0x" + Long.toHexString(address) + ", which is not a device heap address (the heap is 0x"
                        + Long.toHexString(base) + "..0x" + Long.toHexString(base + size) + ")";
            }
            Map.Entry<Long, Long> f = free.floorEntry(address);
            boolean released = f != null && address < f.getKey() + f.getValue();
            return (released ? "double free of 0x" : "free of 0x") + Long.toHexString(address)
                    + (released ? ", a device heap block already freed" : ", which is not the start of a device heap block");
        }
        long start = address;
        long end = address + length;
        Map.Entry<Long, Long> before = free.floorEntry(start);
        if (before != null && before.getKey() + before.getValue() == start) {
            start = before.getKey();
            free.remove(start);
        }
        Long after = free.remove(end);
        if (after != null) {
            end += after;
        }
        free.put(start, end - start);
        return null;
    }
}
