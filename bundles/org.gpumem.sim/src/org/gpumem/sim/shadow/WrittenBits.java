package org.gpumem.sim.shadow;

import java.util.Arrays;

/** Which bytes of a range were written, one bit per byte, as initcheck keeps them. */
final class WrittenBits {
    private static final int SET = 0, CLEAR = 1, FIRST_UNWRITTEN = 2;

    private final long[] bits;

    WrittenBits(long bytes) {
        this.bits = new long[(int) ((bytes + 63) >>> 6)];
    }

    /** Marks {@code n} bytes from {@code from} written. */
    void set(long from, long n) {
        int bit = (int) (from & 63);
        if (n > 0 && bit + n <= 64) {
            // inside one word of bits: an access of at most 64 bytes, the common case
            bits[(int) (from >>> 6)] |= mask(bit, (int) n);
            return;
        }
        walk(SET, from, n);
    }

    /** Marks {@code n} bytes from {@code from} not written (a block handed out again). */
    void clear(long from, long n) {
        walk(CLEAR, from, n);
    }

    /** Forgets every write. */
    void clearAll() {
        Arrays.fill(bits, 0);
    }

    /** The first byte of the {@code n} from {@code from} that was not written, or -1 when all were. */
    long firstUnwritten(long from, int n) {
        int bit = (int) (from & 63);
        if (n > 0 && bit + n <= 64) {
            long missing = ~bits[(int) (from >>> 6)] & mask(bit, n);
            return missing == 0 ? -1 : (from & ~63L) + Long.numberOfTrailingZeros(missing);
        }
        return walk(FIRST_UNWRITTEN, from, n);
    }

    /** Bits {@code bit..bit + span - 1} of a word. */
    private static long mask(int bit, int span) {
        return span == 64 ? -1L : ((1L << span) - 1) << bit;
    }

    /** Does {@code what} to the bits of {@code n} bytes from {@code from}, a word of 64 at a time. */
    private long walk(int what, long from, long n) {
        long end = from + n;
        for (long b = from; b < end;) {
            int word = (int) (b >>> 6);
            int bit = (int) (b & 63);
            long span = Math.min(64 - bit, end - b);
            long mask = mask(bit, (int) span);
            switch (what) {
                case SET -> bits[word] |= mask;
                case CLEAR -> bits[word] &= ~mask;
                default -> {
                    long missing = ~bits[word] & mask;
                    if (missing != 0) {
                        return ((long) word << 6) + Long.numberOfTrailingZeros(missing);
                    }
                }
            }
            b += span;
        }
        return -1;
    }
}
