package org.gpumem.sim.shadow;

import java.util.Arrays;

/**
 * The last accesses of a run of 4-byte words, as racecheck needs them: per word the last write
 * and up to two reads of different threads not ordered after each other, each an epoch (the
 * thread and its clock, see {@link LaunchShadow}) and a tag: the instruction ({@link Sites}), the
 * bytes of the word it touched, and whether it was atomic and strong (atomic, relaxed, volatile,
 * acquire or release: two strong accesses never race). An epoch whose generation is not the
 * current one (an earlier launch, an earlier CTA in shared memory) counts as no access.
 */
final class RaceShadow {
    /** Tag bits: the site, the word's bytes, atomic, strong. */
    static final int SITE_MASK = (1 << 26) - 1;
    static final int BYTES_SHIFT = 26;
    static final int ATOMIC = 1 << 30;
    static final int STRONG = 1 << 31;
    /**
     * Longs per word, side by side so that an access reads one or two cache lines, not six: the
     * last write's epoch, the two reads' epochs, the write's tag (low half) with the first read's
     * (high half), and the second read's tag.
     */
    static final int STRIDE = 5;
    static final int WRITE = 0, READ1 = 1, READ2 = 2, TAGS = 3, READ2_TAG = 4;

    /** Per word, {@link #STRIDE} longs from {@code STRIDE * word}. */
    final long[] cells;
    /** Words shadowed: a field, since racecheck asks on every word it looks at. */
    private final int words;

    RaceShadow(int words) {
        this.words = words;
        cells = new long[words * STRIDE];
    }

    int words() {
        return words;
    }

    /** Forgets every access (when the generation counter wraps). */
    void clear() {
        Arrays.fill(cells, 0);
    }

    /** Forgets the accesses of word {@code word}. */
    void forget(int word) {
        int at = word * STRIDE;
        cells[at + WRITE] = 0;
        cells[at + READ1] = 0;
        cells[at + READ2] = 0;
    }

    static int tag(int site, int bytes, boolean atomic, boolean strong) {
        return site | bytes << BYTES_SHIFT | (atomic ? ATOMIC : 0) | (strong ? STRONG : 0);
    }

    static int bytes(int tag) {
        return tag >>> BYTES_SHIFT & 0xF;
    }

    static int site(int tag) {
        return tag & SITE_MASK;
    }

    static boolean strong(int tag) {
        return tag < 0;
    }

    static boolean atomic(int tag) {
        return (tag & ATOMIC) != 0;
    }
}
