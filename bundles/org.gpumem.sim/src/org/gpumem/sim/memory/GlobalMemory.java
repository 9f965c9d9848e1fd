package org.gpumem.sim.memory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SimulatorTarget;

/**
 * Device (global) memory: a set of allocations, each its own byte buffer, at addresses from
 * its base ({@link SimulatorTarget#GLOBAL_BASE} unless the device says otherwise) on, 256-byte aligned, with an unmapped 256-byte gap after
 * each so that running off the end of one allocation faults instead of reading the next.
 * Bytes outside every allocation are not mapped: an access there is out of bounds.
 * <p>
 * The buffers come from a {@link Backing}: Java heap arrays by default, or a caller's storage
 * such as a file that another process maps at the same addresses. New allocations go above
 * every earlier one, so a stale pointer into freed memory faults; only when that would leave
 * the backing's address range are freed ranges reused (lowest first).
 * <p>
 * Allocation is not thread-safe against itself; lookups from engine worker threads see an
 * immutable snapshot published through a volatile field, so allocating between launches is
 * safe.
 */
public final class GlobalMemory {
    public static final long ALIGN = 256;
    private static final long GAP = 256;
    /** Largest single allocation: one Java array or buffer. */
    public static final long MAX_ALLOCATION = Integer.MAX_VALUE - 64;

    /** Where the bytes of allocations live. */
    public interface Backing {
        /**
         * Storage for the allocation [address, address + size): a buffer whose index 0 is
         * {@code address}, exactly {@code size} bytes long. A range never allocated before must
         * read as zeros; a reused range may hold what the earlier allocation left (the caller
         * clears it).
         */
        ByteBuffer map(long address, int size);

        /** The first address past the range this backing can hold. */
        long limit();
    }

    /** Java heap arrays, at any address. */
    private static final Backing HEAP = new Backing() {
        @Override
        public ByteBuffer map(long address, int size) {
            return ByteBuffer.wrap(new byte[size]);
        }

        @Override
        public long limit() {
            return Long.MAX_VALUE;
        }
    };

    /**
     * What a memory checker sees of global memory: every allocation, free and write made through
     * this object (not the writes of a host process that maps the backing, nor kernels' stores).
     * Called on the thread that allocates, frees or writes.
     */
    public interface Observer {
        void allocated(long address, long size);

        void freed(long address);

        void written(long address, long length);
    }

    /** Immutable view of the allocations sorted by address. */
    public static final class Segments {
        final long[] starts;
        final long[] ends;
        final ByteBuffer[] data;

        Segments(long[] starts, long[] ends, ByteBuffer[] data) {
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

        /** The allocation's bytes; index 0 is {@link #start(int)}. */
        public ByteBuffer data(int i) {
            return data[i];
        }

        public int count() {
            return starts.length;
        }
    }

    private final long base;
    private final long capacity;
    private final Backing backing;
    private long used;
    private long next;
    private volatile Segments segments = new Segments(new long[0], new long[0], new ByteBuffer[0]);
    private Observer observer;

    /** Global memory on the Java heap from {@link SimulatorTarget#GLOBAL_BASE} on that holds at most {@code capacity} bytes of allocations. */
    public GlobalMemory(long capacity) {
        this(SimulatorTarget.GLOBAL_BASE, capacity, HEAP);
    }

    /** Global memory on the Java heap whose allocations start at {@code base} (a multiple of 256). */
    public GlobalMemory(long base, long capacity) {
        this(base, capacity, HEAP);
    }

    /**
     * Global memory whose allocations live in {@code backing}, at most {@code capacity} bytes of
     * them, at addresses between {@code base} and the backing's limit.
     */
    public GlobalMemory(long base, long capacity, Backing backing) {
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
        this.backing = backing;
    }

    /** Tells {@code o} of every later allocation, free and write (one observer; null for none). */
    public synchronized void observe(Observer o) {
        this.observer = o;
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
        Segments s = segments;
        long start = (next + a - 1) & -a;
        boolean fresh = start + size <= backing.limit() - GAP;
        if (!fresh) {
            start = lowestGap(s, size, a);
        }
        int n = s.starts.length;
        int at = -Arrays.binarySearch(s.starts, start) - 1;
        long[] st = new long[n + 1];
        long[] en = new long[n + 1];
        ByteBuffer[] d = new ByteBuffer[n + 1];
        System.arraycopy(s.starts, 0, st, 0, at);
        System.arraycopy(s.ends, 0, en, 0, at);
        System.arraycopy(s.data, 0, d, 0, at);
        System.arraycopy(s.starts, at, st, at + 1, n - at);
        System.arraycopy(s.ends, at, en, at + 1, n - at);
        System.arraycopy(s.data, at, d, at + 1, n - at);
        st[at] = start;
        en[at] = start + size;
        d[at] = backing.map(start, (int) size);
        if (!fresh) {
            clear(d[at]);
        }
        segments = new Segments(st, en, d);
        used += size;
        if (fresh) {
            next = start + size + GAP;
        }
        if (observer != null) {
            observer.allocated(start, size);
        }
        return start;
    }

    private static void clear(ByteBuffer b) {
        byte[] zeros = new byte[Math.min(b.capacity(), 1 << 16)];
        for (int at = 0; at < b.capacity(); at += zeros.length) {
            b.put(at, zeros, 0, Math.min(zeros.length, b.capacity() - at));
        }
    }

    /** The lowest {@code align}-aligned start with {@code size} bytes and a gap free on both sides. */
    private long lowestGap(Segments s, long size, long align) {
        long candidate = (base + align - 1) & -align;
        for (int i = 0; i < s.starts.length; i++) {
            if (candidate + size + GAP <= s.starts[i]) {
                return candidate;
            }
            candidate = Math.max(candidate, (s.ends[i] + GAP + align - 1) & -align);
        }
        if (candidate + size + GAP <= backing.limit()) {
            return candidate;
        }
        throw new IllegalArgumentException("out of device memory: no free range of " + size
                + " bytes left (" + (capacity - used) + " of " + capacity + " bytes free, fragmented)");
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
        ByteBuffer[] d = new ByteBuffer[n - 1];
        for (int j = 0, k = 0; j < n; j++) {
            if (j != i) {
                st[k] = s.starts[j];
                en[k] = s.ends[j];
                d[k++] = s.data[j];
            }
        }
        used -= s.ends[i] - s.starts[i];
        segments = new Segments(st, en, d);
        if (observer != null) {
            observer.freed(address);
        }
    }

    /**
     * The lock a 16-byte access that is not weak holds over its elements ({@link LockedWords}):
     * the JVM has no 16-byte atomic access, and CUB's look-back over 8-byte values reads and
     * writes a tile's status and value as one {@code .relaxed .v2.u64}.
     */
    public Object wideAccessLock(long address) {
        return LockedWords.lock(address);
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
        s.data[i].get((int) (address - s.starts[i]), dst, dstOff, length);
    }

    /**
     * A read-only little-endian view of {@code length} bytes at {@code address}, inside one
     * allocation: no copy, it shows later writes. Valid until the allocation is freed.
     */
    public ByteBuffer view(long address, int length) {
        Segments s = segments;
        int i = checkRange(s, address, length);
        return s.data[i].slice((int) (address - s.starts[i]), length).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    public void write(long address, byte[] src, int srcOff, int length) {
        Segments s = segments;
        int i = checkRange(s, address, length);
        s.data[i].put((int) (address - s.starts[i]), src, srcOff, length);
        Observer o = observer;
        if (o != null) {
            o.written(address, length);
        }
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
