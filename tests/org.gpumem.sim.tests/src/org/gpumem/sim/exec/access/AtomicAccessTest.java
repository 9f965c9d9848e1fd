package org.gpumem.sim.exec.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Op;
import org.junit.jupiter.api.Test;

/**
 * The fast engine's shared-memory atomics on their own: lanes in ascending order, and a refusal
 * that leaves memory and registers as they were, so that the interpreter, which then runs the
 * instruction, applies the lanes before a faulting one exactly once. (A launch cannot show this:
 * shared memory is gone once the fault ends it; {@link RandomProgramDifferentialTest} sees the
 * same for global memory in the words the global atomics leave.)
 */
class AtomicAccessTest {
    private static final int ADDR = 0, B = 1 << 5, C = 2 << 5, D = 3 << 5;
    private static final int U32 = ScalarType.U32.ordinal(), B64 = ScalarType.B64.ordinal();

    /** Registers for 32 lanes: address {@code addr(l)}, operands b = 100 + l and c = 7. */
    private static long[] registers(java.util.function.IntToLongFunction addr) {
        long[] r = new long[4 * 32];
        for (int l = 0; l < 32; l++) {
            r[ADDR | l] = addr.applyAsLong(l);
            r[B | l] = 100 + l;
            r[C | l] = 7;
            r[D | l] = -5;
        }
        return r;
    }

    @Test
    void exchangeOnOneWordHandsEachLaneThePreviousLanesValue() {
        byte[] shared = new byte[64];
        Bytes.store(shared, 8, 8, 42);
        long[] r = registers(l -> 8);
        assertTrue(AtomicAccess.shared(shared, r, D, ADDR, 0, B, B, Op.ATOM_EXCH, B64, 0b1011));
        assertEquals(42, r[D | 0]);
        assertEquals(100, r[D | 1]);
        assertEquals(-5, r[D | 2], "lane 2 is not in the mask");
        assertEquals(101, r[D | 3]);
        assertEquals(103, Bytes.load(shared, 8, 8));
    }

    @Test
    void incrementWrapsAtItsBoundLaneAfterLane() {
        byte[] shared = new byte[16];
        long[] r = registers(l -> 4);
        for (int l = 0; l < 32; l++) {
            r[B | l] = 2;
        }
        assertTrue(AtomicAccess.shared(shared, r, D, ADDR, 0, B, B, Op.ATOM_INC, U32, -1));
        for (int l = 0; l < 32; l++) {
            assertEquals(l % 3, r[D | l], "lane " + l);
        }
        assertEquals(32 % 3, Bytes.load(shared, 4, 4));
    }

    @Test
    void aMisalignedLaneAfterOthersIsRefusedWithNothingWritten() {
        byte[] shared = new byte[256];
        long[] r = registers(l -> l == 2 ? 10 : 8);
        assertRefused(shared, r, Op.ATOM_ADD, U32, 0);
    }

    @Test
    void aLaneOutsideSharedMemoryIsRefusedWithNothingWritten() {
        assertRefused(new byte[256], registers(l -> l == 31 ? 256 : 4 * l), Op.ATOM_CAS, U32, 0);
        assertRefused(new byte[256], registers(l -> l == 5 ? -4 : 0), Op.ATOM_MAX, U32, 0);
        assertRefused(new byte[256], registers(l -> 248), Op.ATOM_OR, B64, 8);
    }

    private static void assertRefused(byte[] shared, long[] r, int op, int type, long off) {
        for (int k = 0; k < shared.length; k++) {
            shared[k] = (byte) k;
        }
        byte[] memoryBefore = shared.clone();
        long[] registersBefore = r.clone();
        assertFalse(AtomicAccess.shared(shared, r, D, ADDR, off, B, C, op, type, -1));
        assertArrayEquals(memoryBefore, shared);
        assertArrayEquals(registersBefore, r);
    }
}
