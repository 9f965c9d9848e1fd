package org.gpumem.dwarf.io;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes one input file may inflate into memory, across all its compressed sections,
 * entries and bundles. Each compressed item is charged once, by its declared size, before
 * anything is allocated for it; an item decompressed again (after its cached bytes were
 * dropped) is not charged again. {@link BoundedDecompression} allocates exactly the declared
 * size, so inflating a file needs its budget plus the decoders' tables. Safe to use from
 * several threads.
 */
public final class DecompressionBudget {
    /** The largest default budget of one file: 1 GiB. */
    public static final long MAX_DEFAULT_BYTES = 1L << 30;

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    public DecompressionBudget(long limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("decompression budget " + limit + " must be positive");
        }
        this.limit = limit;
    }

    /**
     * The default budget of one file in this JVM: half its maximum heap, at most
     * {@link #MAX_DEFAULT_BYTES}. Decompressed items live on the heap, so a budget of half the heap
     * leaves the other half to the rest of the program: 1 GiB for the command line's -Xmx4g,
     * 256 MiB in a JVM of -Xmx512m, whatever the IDE was started with.
     */
    public static long defaultBytes() {
        return Math.max(1, Math.min(MAX_DEFAULT_BYTES, Runtime.getRuntime().maxMemory() / 2));
    }

    /** A fresh budget of {@link #defaultBytes()}. */
    public static DecompressionBudget ofDefault() {
        return new DecompressionBudget(defaultBytes());
    }

    public long limit() {
        return limit;
    }

    /** Bytes charged so far. */
    public long used() {
        return used.get();
    }

    /**
     * Charges {@code bytes} for the item whose stored bytes {@code where} reads.
     *
     * @throws InputFormatException naming {@code where} when the budget cannot cover them
     */
    public void charge(ByteReader where, long bytes, String what) {
        while (true) {
            long u = used.get();
            if (bytes > limit - u) {
                throw where.fail(0, what + " declares " + Long.toUnsignedString(bytes) + " bytes after decompression; "
                        + "the file's decompression budget of " + limit + " bytes has " + (limit - u)
                        + " left (raise it with --decompression-budget)");
            }
            if (used.compareAndSet(u, u + bytes)) {
                return;
            }
        }
    }
}
