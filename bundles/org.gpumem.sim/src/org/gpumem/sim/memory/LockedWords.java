package org.gpumem.sim.memory;

import java.nio.ByteBuffer;

/**
 * Atomic compare-and-set and ordered loads of aligned 4- and 8-byte words of a heap buffer, each
 * under one of 64 locks chosen by the word's offset, for JVMs whose buffer views refuse atomic
 * access to heap buffers (Java 22 and later: a heap buffer's bytes carry no alignment promise,
 * JDK-8318966). Atomics on one word always take the same lock, so they stay atomic among
 * themselves, as on the device, where a weak store racing an atomic is a data race too. A 4-byte
 * word and the 8-byte word holding it share a lock, so mixed-width atomics on them stay atomic.
 * Callers pass offsets whose low bits are those of the device address, as global memory's
 * allocations start 256-byte aligned.
 */
final class LockedWords {
    private static final Object[] LOCKS = new Object[64];

    static {
        for (int i = 0; i < LOCKS.length; i++) {
            LOCKS[i] = new Object();
        }
    }

    private LockedWords() {
    }

    private static Object lock(int off) {
        return LOCKS[(off >>> 3) & (LOCKS.length - 1)];
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
