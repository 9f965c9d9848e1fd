package org.gpumem.sim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/** The heap-buffer atomics of Java 22 and later, run here on whatever JVM runs the tests. */
class LockedWordsTest {
    private static final int THREADS = 4;
    private static final int ADDS = 20_000;

    private static void add(ByteBuffer b, int off, int size, long delta) {
        long old;
        do {
            old = LockedWords.load(b, off, size);
        } while (!LockedWords.compareAndSet(b, off, size, old, old + delta));
    }

    @Test
    void contendedAddsOfBothWidthsOnOneWordLoseNothing() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        List<Callable<Void>> work = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            boolean wide = t % 2 == 0;
            work.add(() -> {
                for (int i = 0; i < ADDS; i++) {
                    // The 8-byte adds count in the upper half of the word whose lower half the 4-byte adds count in.
                    if (wide) {
                        add(b, 32, 8, 1L << 32);
                    } else {
                        add(b, 32, 4, 1);
                    }
                    add(b, 44, 4, 3);
                }
                return null;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            for (Future<Void> f : pool.invokeAll(work)) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(2L * ADDS, b.getInt(32));
        assertEquals(2L * ADDS, b.getInt(36));
        assertEquals(3L * THREADS * ADDS, b.getInt(44));
    }

    @Test
    void aWordsAtomicsAndAWideAccessOverItTakeOneLockByAddressOrOffset() {
        GlobalMemory g = new GlobalMemory(1 << 20);
        g.allocate(48, 256);
        long start = g.allocate(4096, 256);
        for (int off = 0; off < 4096; off += 4) {
            // the wide access knows the address, the word atomics the offset in the allocation
            assertSame(g.wideAccessLock(start + (off & ~15)), LockedWords.lock(off), "offset " + off);
        }
    }

    @Test
    void aSwapExpectingAnotherValueLeavesTheWord() {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(4, -7);
        assertFalse(LockedWords.compareAndSet(b, 4, 4, 7, 1));
        assertEquals(-7, b.getInt(4));
        assertEquals(0xFFFF_FFF9L, LockedWords.load(b, 4, 4));
    }
}
