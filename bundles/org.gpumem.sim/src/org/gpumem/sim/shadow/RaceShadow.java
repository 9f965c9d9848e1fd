package org.gpumem.sim.shadow;

import java.util.Arrays;

/**
 * The last accesses of a run of 4-byte words, as racecheck needs them: per word the last write
 * and up to two reads of different threads not ordered after each other, each an epoch (the
 * thread and its clock, see {@link LaunchShadow}) and a tag: the instruction ({@link Sites}), the
 * bytes of the word it touched, and whether it was atomic and strong (atomic, relaxed, volatile,
 * acquire or release: two strong accesses never race). An epoch whose generation is not the
 * current one (an earlier launch, an earlier CTA in shared memory) counts as no access.
 * <p>
 * Most words of global memory hold one live access at a time (one thread reads an input once,
 * writes an output, or reads and then writes its own word): such a word is compact, its one
 * access in {@link #epochs}, {@link #tags} and {@link #writes} (12 bytes instead of 40, what keeps
 * the shadow of a large buffer in the caches and out of the collector's way). A word that needs a
 * second access expands, for good, into a full record of {@link #STRIDE} longs in {@link #cells};
 * its {@link #epochs} entry then points there. A compact word is exactly the full record with its
 * one access in the write slot or the first read's and the other slots empty, so the checks give
 * the same answers either way. Shared memory's shadow (small, and every word written and read by
 * different threads) is full from the start.
 * <p>
 * A word read by several lanes of one instruction (bytes of an input, each read by its own lane),
 * or by threads of several CTAs at one site (an input every CTA of a row reads), holds two reads
 * of one site and no write: such a compact word is paired ({@link #pairs}), its second read in
 * {@link #seconds} (20 bytes instead of 52, and no record made and copied for every word of the
 * input). It stands for the full record with the two reads in the first and second read slots
 * and the write slot empty: the checks ask a paired word of the current generation nothing but
 * {@link #expand} it first, except a read of its site that may replace one of its reads
 * ({@link #setFirst}, {@link #setSecond}); one of an earlier generation holds no access, as a
 * compact one, and {@link #setCompact} unpairs it.
 */
final class RaceShadow {
    /** Tag bits: the site, the word's bytes, atomic, strong. */
    static final int SITE_MASK = (1 << 26) - 1;
    static final int BYTES_SHIFT = 26;
    static final int ATOMIC = 1 << 30;
    static final int STRONG = 1 << 31;
    /**
     * Longs per full word, side by side so that an access reads one or two cache lines, not six:
     * the last write's epoch, the two reads' epochs, the write's tag (low half) with the first
     * read's (high half), and the second read's tag.
     */
    static final int STRIDE = 5;
    static final int WRITE = 0, READ1 = 1, READ2 = 2, TAGS = 3, READ2_TAG = 4;

    /**
     * Full records, {@link #STRIDE} longs each: per word from {@code STRIDE * word} when the shadow
     * is full, else from where a word's {@link #epochs} entry points.
     */
    long[] cells;
    /**
     * Per word of a compact shadow (null when full): the epoch of its one access (generation 0
     * and not 0: the offset of its full record in {@link #cells} instead).
     */
    final long[] epochs;
    /** Per word of a compact shadow: the tag of its one access. */
    final int[] tags;
    /** Per word of a compact shadow, one bit: its one access is the write slot's, not the first read's. */
    final long[] writes;
    /**
     * Per word of a compact shadow, one bit: the word is paired, its second read in
     * {@link #seconds}. Null (with it) until a word is first paired.
     */
    private long[] pairs;
    /**
     * Per word of a compact shadow once one is paired: a paired word's second read, of the first
     * read's generation and site, as its epoch's low 48 bits and its bytes above them (one array
     * and one cache line less than an epoch and a tag).
     */
    private long[] seconds;
    /** Longs of {@link #cells} in use by expanded words of a compact shadow (offset 0 is never a record). */
    private int used;
    /** Words shadowed: a field, since racecheck asks on every word it looks at. */
    private final int words;

    /** A shadow of {@code words} words, compact ({@link #expand} as needed) or full from the start. */
    RaceShadow(int words, boolean compact) {
        this.words = words;
        if (compact) {
            epochs = new long[words];
            tags = new int[words];
            writes = new long[(words + 63) >>> 6];
            cells = new long[STRIDE * 16];
            used = STRIDE;
        } else {
            epochs = null;
            tags = null;
            writes = null;
            cells = new long[words * STRIDE];
        }
    }

    int words() {
        return words;
    }

    /** Forgets every access (when the generation counter wraps). */
    void clear() {
        Arrays.fill(cells, 0);
        if (epochs != null) {
            Arrays.fill(epochs, 0);
            used = STRIDE;
        }
        if (pairs != null) {
            Arrays.fill(pairs, 0);
        }
    }

    /** Forgets the accesses of word {@code word}. */
    void forget(int word) {
        int at = word * STRIDE;
        if (epochs != null) {
            long e = epochs[word];
            if (!expanded(e)) {
                epochs[word] = 0;
                unpair(word);
                return;
            }
            at = (int) e;
        }
        cells[at + WRITE] = 0;
        cells[at + READ1] = 0;
        cells[at + READ2] = 0;
    }

    /** Whether a compact shadow's {@link #epochs} entry points to a full record. */
    static boolean expanded(long epoch) {
        return epoch >>> 48 == 0 && epoch != 0;
    }

    /** Whether compact word {@code word}'s one access is a write or atomic (the write slot's). */
    boolean compactWrite(int word) {
        return (writes[word >>> 6] & 1L << word) != 0;
    }

    /** Makes compact word {@code word}'s one access {@code epoch} with {@code tag}, a write's or a read's (unpaired). */
    void setCompact(int word, long epoch, int tag, boolean write) {
        epochs[word] = epoch;
        tags[word] = tag;
        if (write) {
            writes[word >>> 6] |= 1L << word;
        } else {
            writes[word >>> 6] &= ~(1L << word);
        }
        unpair(word);
    }

    /**
     * {@link #setCompact} of the 32 compact words from {@code first}, each with {@code tag}, a
     * write's or a read's; the caller sets their {@link #epochs}.
     */
    void setCompacts32(int first, int tag, boolean write) {
        Arrays.fill(tags, first, first + 32, tag);
        setBits32(writes, first, write);
        if (pairs != null) {
            setBits32(pairs, first, false);
        }
    }

    /** {@link #compactWrite} of the 32 compact words from {@code first}: bit {@code l} for word {@code first + l}. */
    int writes32(int first) {
        return bits32(writes, first);
    }

    /** {@link #paired} of the 32 compact words from {@code first}: bit {@code l} for word {@code first + l}. */
    int paired32(int first) {
        return pairs == null ? 0 : bits32(pairs, first);
    }

    /** Bits {@code first..first+31} of bitmap {@code b}, bit {@code l} of the result for bit {@code first + l}. */
    private static int bits32(long[] b, int first) {
        int i = first >>> 6;
        int shift = first & 63;
        long v = b[i] >>> shift;
        if (shift > 32) {
            v |= b[i + 1] << 64 - shift;
        }
        return (int) v;
    }

    /** Sets ({@code on}) or clears bits {@code first..first+31} of bitmap {@code b}. */
    private static void setBits32(long[] b, int first, boolean on) {
        int i = first >>> 6;
        int shift = first & 63;
        long low = 0xFFFF_FFFFL << shift;
        b[i] = on ? b[i] | low : b[i] & ~low;
        if (shift > 32) {
            long high = 0xFFFF_FFFFL >>> 64 - shift;
            b[i + 1] = on ? b[i + 1] | high : b[i + 1] & ~high;
        }
    }

    /** Whether compact word {@code word} is paired: two reads, the second in {@link #seconds}. */
    boolean paired(int word) {
        long[] p = pairs;
        return p != null && (p[word >>> 6] & 1L << word) != 0;
    }

    /**
     * Makes compact word {@code word} paired: the full record with read {@code epoch1} with
     * {@code tag1} in the first read's slot, {@code epoch2} with {@code tag1}'s site, strength and
     * atomicity and bytes {@code bytes2} in the second's, and the write slot empty. The two epochs
     * are of one generation (two lanes of one instruction, or two reads of one launch).
     */
    void setPair(int word, long epoch1, int tag1, long epoch2, int bytes2) {
        if (pairs == null) {
            pairs = new long[writes.length];
            seconds = new long[words];
        }
        setFirst(word, epoch1, tag1);
        writes[word >>> 6] &= ~(1L << word);
        pairs[word >>> 6] |= 1L << word;
        setSecond(word, epoch2, bytes2);
    }

    /**
     * Paired word {@code word}'s first read becomes {@code epoch} with {@code tag}, of the
     * generation, site, strength and atomicity of the read it replaces ({@link #sameKind}); the
     * second read stays.
     */
    void setFirst(int word, long epoch, int tag) {
        epochs[word] = epoch;
        tags[word] = tag;
    }

    /**
     * Paired word {@code word}'s second read becomes {@code epoch2} of bytes {@code bytes2}, of the
     * first read's generation, site, strength and atomicity; the first read stays.
     */
    void setSecond(int word, long epoch2, int bytes2) {
        seconds[word] = epoch2 & LaunchShadow.LOW48 | (long) bytes2 << 48;
    }

    /** Compact word {@code word} is no longer paired (its second read is left behind, never looked at again). */
    private void unpair(int word) {
        long[] p = pairs;
        if (p != null) {
            p[word >>> 6] &= ~(1L << word);
        }
    }

    /**
     * Gives compact word {@code word} its full record, holding its one access (when live) in the
     * write slot or the first read's, or a paired word's two reads in the read slots, and returns
     * the record's offset in {@link #cells}.
     */
    int expand(int word) {
        if (used + STRIDE > cells.length) {
            cells = Arrays.copyOf(cells, Math.min(Math.max(cells.length * 2, used + STRIDE), words * STRIDE + STRIDE));
        }
        int at = used;
        used += STRIDE;
        long e = epochs[word];
        long t = tags[word] & 0xFFFF_FFFFL;
        if (compactWrite(word)) {
            cells[at + WRITE] = e;
            cells[at + TAGS] = t;
        } else {
            cells[at + READ1] = e;
            cells[at + TAGS] = t << 32;
            if (paired(word)) {
                long second = seconds[word];
                cells[at + READ2] = e & ~LaunchShadow.LOW48 | second & LaunchShadow.LOW48;
                cells[at + READ2_TAG] = tags[word] & ~(0xF << BYTES_SHIFT) | (int) (second >>> 48) << BYTES_SHIFT;
                unpair(word);
            }
        }
        epochs[word] = at;
        return at;
    }

    static int tag(int site, int bytes, boolean atomic, boolean strong) {
        return site | bytes << BYTES_SHIFT | (atomic ? ATOMIC : 0) | (strong ? STRONG : 0);
    }

    /** The bytes of a word, as a tag holds them, that an access of {@code size} bytes from its byte {@code in} touches. */
    static int wordBytes(int in, int size) {
        return (1 << in + size) - 1 & ~((1 << in) - 1);
    }

    /**
     * Whether two tags are of one site, strength and atomicity (bytes aside): two reads a paired
     * word can hold, its second read's tag being its first's with other bytes.
     */
    static boolean sameKind(int tag1, int tag2) {
        return ((tag1 ^ tag2) & ~(0xF << BYTES_SHIFT)) == 0;
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
