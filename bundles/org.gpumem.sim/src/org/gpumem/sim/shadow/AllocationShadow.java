package org.gpumem.sim.shadow;

import org.gpumem.sim.check.Access;

/**
 * The shadow state of one global allocation: what it is (for reports), which of its bytes were
 * written (initcheck; kept across launches), and its racecheck words, made per chunk as a launch
 * first touches them and reused by later launches (older epochs count as no access).
 */
final class AllocationShadow {
    /**
     * Words of one racecheck chunk: 1 MiB of memory. Its compact shadow's arrays are large objects
     * of the collector's (allocated where they stay, never copied while a launch runs); an
     * allocation's last chunk holds only its words.
     */
    static final int CHUNK_WORDS = 1 << 18;

    final long start;
    final long size;
    /**
     * The bytes from {@link #start} the program holds: {@link #size}, or less for a memory pool's
     * block handed out for a smaller request than the block's (an access past them is past the end).
     */
    long held;
    /** The allocation's name in reports, or null until someone names it. */
    String name;
    /** The host call that gave the allocation back while it stays mapped (a pool's block), or null while it is in use. */
    Access freedBy;
    /** The device heap's region, whose blocks kernels' malloc hands out. */
    boolean heap;
    private WrittenBits written;
    private boolean allWritten;
    private RaceShadow[] chunks;

    AllocationShadow(long start, long size) {
        this.start = start;
        this.size = size;
        this.held = size;
    }

    /**
     * The program holds {@code bytes} of the allocation from now on, a new owner ordered after
     * every earlier access: nothing is written unless {@code initialized} (then everything is),
     * and no earlier access races with a later one.
     */
    void handedOut(long bytes, boolean initialized) {
        held = bytes;
        written = null;
        allWritten = initialized;
        chunks = null;
    }

    void wrote(long offset, long n) {
        if (!allWritten) {
            bits().set(offset, n);
        }
    }

    /** The bytes of a heap block handed out again count as not written. */
    void unwrite(long offset, long n) {
        if (allWritten) {
            return;
        }
        bits().clear(offset, n);
    }

    /** The first of {@code n} bytes from {@code offset} never written, or -1. */
    long firstUnwritten(long offset, int n) {
        return allWritten ? -1 : bits().firstUnwritten(offset, n);
    }

    private WrittenBits bits() {
        if (written == null) {
            written = new WrittenBits(size);
        }
        return written;
    }

    /** The racecheck words holding word {@code word} of this allocation. */
    RaceShadow chunk(long word) {
        int c = (int) (word / CHUNK_WORDS);
        if (chunks == null) {
            chunks = new RaceShadow[(int) ((size + 4L * CHUNK_WORDS - 1) / (4L * CHUNK_WORDS))];
        }
        RaceShadow s = chunks[c];
        if (s == null) {
            s = new RaceShadow((int) Math.min(CHUNK_WORDS, (size + 3) / 4 - (long) c * CHUNK_WORDS), true);
            chunks[c] = s;
        }
        return s;
    }

    /** Forgets the racecheck accesses of {@code n} bytes from {@code offset} (a heap block handed out again). */
    void forgetRaces(long offset, long n) {
        if (chunks == null) {
            return;
        }
        for (long word = offset >>> 2; word < (offset + n + 3) >>> 2; word++) {
            RaceShadow s = chunks[(int) (word / CHUNK_WORDS)];
            if (s != null) {
                s.forget((int) (word % CHUNK_WORDS));
            }
        }
    }

    /** Forgets every racecheck access (the launch generation counter wrapped). */
    void clearRaces() {
        chunks = null;
    }

    /** The name for reports: the given one, or the address and size. */
    String describe() {
        return name != null ? name : "allocation at 0x" + Long.toHexString(start) + " of " + size + " bytes";
    }
}
