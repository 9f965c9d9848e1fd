package org.gpumem.sim.memory;

import java.util.Arrays;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;

/**
 * Device (global) memory: a set of allocations, each its own byte array, at addresses from
 * its base ({@link #DEFAULT_BASE} unless the device says otherwise) on, 256-byte aligned, with an unmapped 256-byte gap after
 * each so that running off the end of one allocation faults instead of reading the next.
 * Bytes outside every allocation are not mapped: an access there is out of bounds.
 * <p>
 * Allocation is not thread-safe against itself; lookups from engine worker threads see an
 * immutable snapshot published through a volatile field, so allocating between launches is
 * safe.
 */
public final class GlobalMemory {
    private static final long ALIGN = 256;
    private static final long GAP = 256;
    /** Largest single allocation: one Java array. */
    public static final long MAX_ALLOCATION = Integer.MAX_VALUE - 64;
    /**
     * Where allocations start by default: above 4 GiB, so that a 32-bit offset of another space
     * taken for a global address faults instead of reading an allocation.
     */
    public static final long DEFAULT_BASE = 0x0000_0001_0000_0000L;

    /** Immutable view of the allocations sorted by address. */
    public static final class Segments {
        final long[] starts;
        final long[] ends;
        final byte[][] data;

        Segments(long[] starts, long[] ends, byte[][] data) {
            this.starts = starts;
            this.ends = ends;
            this.data = data;
        }

        /** Index of the allocation holding {@code address}, or -1. */
        public int find(long address) {
            int i = Arrays.binarySearch(starts, address);
            if (i < 0) {
                i = -i - 2;
            }
            if (i >= 0 && address < ends[i]) {
                return i;
            }
            return -1;
        }

        public long start(int i) {
            return starts[i];
        }

        public long end(int i) {
            return ends[i];
        }

        public byte[] data(int i) {
            return data[i];
        }

        public int count() {
            return starts.length;
        }
    }

    private final long base;
    private final long capacity;
    private long used;
    private long next;
    private volatile Segments segments = new Segments(new long[0], new long[0], new byte[0][]);

    /** Global memory from {@link #DEFAULT_BASE} on that holds at most {@code capacity} bytes of allocations. */
    public GlobalMemory(long capacity) {
        this(DEFAULT_BASE, capacity);
    }

    /** Global memory whose allocations start at {@code base} (a multiple of 256). */
    public GlobalMemory(long base, long capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("global memory size must be positive: " + capacity);
        }
        if (base < 0 || (base & (ALIGN - 1)) != 0) {
            throw new IllegalArgumentException("global memory base must be a non-negative multiple of " + ALIGN + ": 0x"
                    + Long.toHexString(base));
        }
        this.base = base;
        this.next = base;
        this.capacity = capacity;
    }

    /** The lowest address an allocation can have. */
    public long base() {
        return base;
    }

    public long capacity() {
        return capacity;
    }

    public long used() {
        return used;
    }

    /**
     * Allocates {@code size} zeroed bytes aligned to {@code alignment} (at least 256) and returns
     * the global address.
     *
     * @throws IllegalArgumentException when the size is not positive, too large for one
     *         allocation, or the device has not that much memory left
     */
    public synchronized long allocate(long size, long alignment) {
        if (size <= 0 || size > MAX_ALLOCATION) {
            throw new IllegalArgumentException("cannot allocate " + size + " bytes of global memory (limit "
                    + MAX_ALLOCATION + " per allocation)");
        }
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two: " + alignment);
        }
        if (size > capacity - used) {
            throw new IllegalArgumentException("out of device memory: " + size + " bytes requested, "
                    + (capacity - used) + " of " + capacity + " free");
        }
        long a = Math.max(alignment, ALIGN);
        long start = (next + a - 1) & -a;
        Segments s = segments;
        int n = s.starts.length;
        long[] st = Arrays.copyOf(s.starts, n + 1);
        long[] en = Arrays.copyOf(s.ends, n + 1);
        byte[][] d = Arrays.copyOf(s.data, n + 1);
        st[n] = start;
        en[n] = start + size;
        d[n] = new byte[(int) size];
        segments = new Segments(st, en, d);
        used += size;
        next = start + size + GAP;
        return start;
    }

    /** Releases the allocation starting at {@code address}. */
    public synchronized void free(long address) {
        Segments s = segments;
        int i = s.find(address);
        if (i < 0 || s.starts[i] != address) {
            throw new IllegalArgumentException("0x" + Long.toHexString(address) + " is not the start of an allocation");
        }
        int n = s.starts.length;
        long[] st = new long[n - 1];
        long[] en = new long[n - 1];
        byte[][] d = new byte[n - 1][];
        for (int j = 0, k = 0; j < n; j++) {
            if (j != i) {
                st[k] = s.starts[j];
                en[k] = s.ends[j];
                d[k++] = s.data[j];
            }
        }
        used -= s.ends[i] - s.starts[i];
        segments = new Segments(st, en, d);
    }

    /** The current allocations (a snapshot). */
    public Segments segments() {
        return segments;
    }

    /** Copies {@code length} bytes at {@code address} into a new array. */
    public byte[] read(long address, int length) {
        byte[] out = new byte[length];
        read(address, out, 0, length);
        return out;
    }

    public void read(long address, byte[] dst, int dstOff, int length) {
        Segments s = segments;
        int i = checkRange(s, address, length);
        System.arraycopy(s.data[i], (int) (address - s.starts[i]), dst, dstOff, length);
    }

    public void write(long address, byte[] src, int srcOff, int length) {
        Segments s = segments;
        int i = checkRange(s, address, length);
        System.arraycopy(src, srcOff, s.data[i], (int) (address - s.starts[i]), length);
    }

    public void write(long address, byte[] src) {
        write(address, src, 0, src.length);
    }

    private static int checkRange(Segments s, long address, long length) {
        int i = s.find(address);
        if (length < 0 || i < 0 || address + length > s.ends[i]) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, PtxStateSpace.GLOBAL, address,
                    (int) Math.min(Integer.MAX_VALUE, Math.max(0, length)), "not inside one allocation");
        }
        return i;
    }
}
