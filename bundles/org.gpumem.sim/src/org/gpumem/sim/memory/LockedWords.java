package org.gpumem.sim.memory;

import java.nio.ByteBuffer;

/**
 * The locks that stand in for the atomic access the JVM lacks on global memory: a 16-byte access
 * that is not weak ({@link GlobalMemory#wideAccessLock}), and, on JVMs whose buffer views refuse
 * atomic access to heap buffers (Java 22 and later: a heap buffer's bytes carry no alignment
 * promise, JDK-8318966), the compare-and-set and ordered load of aligned 4- and 8-byte words.
 * A lock covers an aligned 16-byte granule, chosen by bits 4 to 7 of its address: an address and
 * its offset in its allocation share those bits (allocations start 256-byte aligned), so callers
 * holding either take the same lock, and a word's atomics and a 16-byte access over it exclude
 * each other. Atomics on one word always take the same lock, so they stay atomic among
 * themselves, as on the device, where a weak store racing an atomic is a data race too.
 */
final class LockedWords {
    private static final Object[] LOCKS = new Object[16];

    static {
        for (int i = 0; i < LOCKS.length; i++) {
            LOCKS[i] = new Object();
        }
    }

    private LockedWords() {
    }

    /** The lock of the 16-byte granule holding {@code at}, an address or an offset in its allocation. */
    static Object lock(long at) {
        return LOCKS[(int) (at >>> 4) & (LOCKS.length - 1)];
    }

    static boolean compareAndSet(ByteBuffer b, int off, int size, long expect, long update) {
        synchronized (lock(off)) {
            long now = Bytes.load(b, off, size);
            if (size == 4 ? (int) now != (int) expect : now != expect) {
                return false;
            }
            Bytes.store(b, off, size, update);
            return true;
        }
    }

    static long load(ByteBuffer b, int off, int size) {
        synchronized (lock(off)) {
            return Bytes.load(b, off, size);
        }
    }
}
