package org.gpumem.dwarf.io;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes one input file may inflate into memory, across all its compressed sections,
 * entries and bundles. Each compressed item is charged once, by its declared size, before
 * anything is allocated for it; an item decompressed again (after its cached bytes were
 * dropped) is not charged again. Safe to use from several threads.
 */
public final class DecompressionBudget {
    /** The default budget of one file: 1 GiB. */
    public static final long DEFAULT_BYTES = 1L << 30;

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    public DecompressionBudget(long limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("decompression budget " + limit + " must be positive");
        }
        this.limit = limit;
    }

    /** A fresh budget of {@link #DEFAULT_BYTES}. */
    public static DecompressionBudget ofDefault() {
        return new DecompressionBudget(DEFAULT_BYTES);
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
