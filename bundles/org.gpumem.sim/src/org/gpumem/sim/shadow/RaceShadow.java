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

    final long[] write, read1, read2;
    final int[] writeTag, read1Tag, read2Tag;

    RaceShadow(int words) {
        write = new long[words];
        read1 = new long[words];
        read2 = new long[words];
        writeTag = new int[words];
        read1Tag = new int[words];
        read2Tag = new int[words];
    }

    int words() {
        return write.length;
    }

    /** Forgets every access (when the generation counter wraps). */
    void clear() {
        Arrays.fill(write, 0);
        Arrays.fill(read1, 0);
        Arrays.fill(read2, 0);
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
