package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The CTA's mbarrier objects and bulk copies (PTX ISA, "Parallel Synchronization and
 * Communication Instructions: mbarrier" and {@code cp.async.bulk}), for both engines.
 * <p>
 * An mbarrier is the 8 bytes at its shared address, so that it lives, is reset and is shown where
 * the program put it: bits 0-19 hold the pending arrival count of the current phase, 20-39 the
 * expected arrival count, 40-60 the tx-count (21-bit two's complement, the ISA's range
 * -(2^20-1)..2^20-1), bit 62 the current phase's parity and bit 63 whether it is initialized (a
 * CTA's shared memory starts zeroed, so a barrier never initialized reads as such). A phase
 * completes when its pending arrivals and its tx-count are both zero: the phase flips and the
 * pending count becomes the expected count again. The state an arrive returns is the object's
 * encoding after the arrival, with the parity of the phase it arrived in.
 * <p>
 * Copies are done at issue (a schedule the asynchronous semantics allow): a bulk copy into shared
 * memory completes its bytes on its mbarrier at once; {@code cp.async.mbarrier.arrive} finds the
 * thread's earlier cp.async copies complete, so without {@code .noinc} it leaves the pending
 * count as it was and with it arrives. Waits do not suspend: {@code test_wait} and
 * {@code try_wait} answer at once (the ISA lets try_wait's time limit be any), and a warp whose
 * lanes find a phase incomplete gives way to its other paths and then to the CTA's other warps
 * ({@link Interpreter}). Misuse the ISA leaves undefined fails the lane with an illegal-instruction
 * fault that says what was wrong, and warps that keep waiting while no mbarrier of the CTA
 * changes are a deadlock fault ({@link #stalled}), not a hang.
 */
final class AsyncBarriers {
    /** The largest arrival count and tx-count magnitude the ISA allows: 2^20 - 1. */
    static final int MAX_COUNT = (1 << 20) - 1;
    /**
     * Turns per warp of the CTA that may end at an incomplete phase while no mbarrier of the CTA
     * changes before the waits are a deadlock: enough for loops that poll several barriers or
     * time out after many tries, few enough to report a real deadlock in milliseconds.
     */
    static final int STALLED_TURNS = 1000;
    private static final long VALID = 1L << 63, PHASE = 1L << 62;

    private final CtaMemory memory;
    /** Changes of any mbarrier of the CTA, and their count when the current run of stalled turns began. */
    private long changes, changesAtStall = -1;
    private long stalledTurns;
    /** Whether the last warp turn ended at a wait whose phase was incomplete. */
    boolean turnEndedWaiting;
    /** Set by a test_wait or try_wait that some lane found incomplete; the interpreter clears it. */
    boolean waitFailed;
    /** The first lane of the last failed wait, its barrier's shared offset and state, for the deadlock report. */
    private int failedLane;
    private long failedOffset, failedState;

    AsyncBarriers(CtaMemory memory) {
        this.memory = memory;
    }

    /** A new CTA: its shared memory was zeroed, no wait has failed. */
    void reset() {
        changes = 0;
        changesAtStall = -1;
        stalledTurns = 0;
        waitFailed = false;
        turnEndedWaiting = false;
    }

    /** One mbarrier instruction for lanes {@code m}, in lane order. */
    void execute(Warp w, Frame f, Instruction in, long[] R, int m) {
        // what an earlier wait left when its warp stopped before the interpreter looked
        waitFailed = false;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (in.mod == Op.MBAR_PENDING_COUNT) {
                R[in.dst[0] << 5 | l] = R[in.src[0] << 5 | l] & MAX_COUNT;
                continue;
            }
            long offset = sharedOffset(in, (R[in.addrReg << 5 | l] + in.addrOffset) & in.addrMask, l);
            lane(w, f, in, R, l, offset);
        }
    }

    private void lane(Warp w, Frame f, Instruction in, long[] R, int l, long offset) {
        if (in.mod == Op.MBAR_INIT) {
            long count = R[in.src[0] << 5 | l] & 0xFFFF_FFFFL;
            if (count < 1 || count > MAX_COUNT) {
                throw misuse(in, l, offset, "its count " + count + " is outside 1.." + MAX_COUNT);
            }
            write(w, f, in, l, offset, encode(count, count, 0, 0));
            return;
        }
        long s = memory.loadLane(w, f, in, PtxStateSpace.SHARED, offset, 8, l);
        if ((s & VALID) == 0) {
            throw misuse(in, l, offset, "no mbarrier is initialized there (mbarrier.init first; after mbarrier.inval it is plain memory)");
        }
        switch (in.mod) {
            case Op.MBAR_INVAL:
                write(w, f, in, l, offset, 0);
                return;
            case Op.MBAR_ARRIVE:
            case Op.MBAR_ARRIVE_DROP: {
                long count = R[in.src[0] << 5 | l] & 0xFFFF_FFFFL;
                if (count < 1 || count > MAX_COUNT) {
                    throw misuse(in, l, offset, "its count " + count + " is outside 1.." + MAX_COUNT);
                }
                if ((in.mod2 & Op.MBAR_WITH_TX) != 0) {
                    s = withTx(in, l, offset, s, R[in.src[1] << 5 | l] & 0xFFFF_FFFFL);
                }
                R[in.dst[0] << 5 | l] = arrive(w, f, in, l, offset, s, count, in.mod == Op.MBAR_ARRIVE_DROP);
                return;
            }
            case Op.MBAR_CP_ARRIVE:
                // the thread's cp.async copies are complete: without .noinc the count goes up and
                // down by one, with .noinc the completion is one arrival
                if ((in.mod2 & Op.MBAR_NO_INC) != 0) {
                    arrive(w, f, in, l, offset, s, 1, false);
                }
                return;
            case Op.MBAR_EXPECT_TX:
                complete(w, f, in, l, offset, withTx(in, l, offset, s, R[in.src[0] << 5 | l] & 0xFFFF_FFFFL));
                return;
            case Op.MBAR_COMPLETE_TX:
                complete(w, f, in, l, offset, withTx(in, l, offset, s, -(R[in.src[0] << 5 | l] & 0xFFFF_FFFFL)));
                return;
            case Op.MBAR_TEST_WAIT:
            case Op.MBAR_TRY_WAIT: {
                long parity = (in.mod2 & Op.MBAR_PARITY) != 0 ? R[in.src[0] << 5 | l] & 1 : phase(R[in.src[0] << 5 | l]);
                // the phase with that parity is complete once the barrier's current phase is the other one
                boolean done = phase(s) != parity;
                R[in.dst[0] << 5 | l] = done ? 1 : 0;
                if (!done && !waitFailed) {
                    waitFailed = true;
                    failedLane = l;
                    failedOffset = offset;
                    failedState = s;
                }
                return;
            }
            default:
                throw new IllegalStateException(in.opcode);
        }
    }

    /** Arrives {@code count} times (arrive_drop: and leaves the expected count lower by it); returns the state. */
    private long arrive(Warp w, Frame f, Instruction in, int l, long offset, long s, long count, boolean drop) {
        long pending = pending(s), expected = expected(s);
        if (count > pending) {
            throw misuse(in, l, offset, count + " arrivals exceed the " + pending + " pending in the current phase");
        }
        if (drop) {
            expected -= count;
        }
        long after = encode(pending - count, expected, tx(s), phase(s));
        if ((in.mod2 & Op.MBAR_NO_COMPLETE) != 0 && pending == count && tx(s) == 0) {
            throw misuse(in, l, offset, ".noComplete arrivals would complete the phase");
        }
        complete(w, f, in, l, offset, after);
        return after;
    }

    /** {@code s} with {@code delta} added to its tx-count, which must stay in the ISA's range. */
    private long withTx(Instruction in, int l, long offset, long s, long delta) {
        long tx = tx(s) + delta;
        if (Math.abs(delta) > MAX_COUNT || Math.abs(tx) > MAX_COUNT) {
            throw misuse(in, l, offset, "its tx-count would be " + tx + ", outside -" + MAX_COUNT + ".." + MAX_COUNT);
        }
        return encode(pending(s), expected(s), tx, phase(s));
    }

    /** Writes {@code s}, moved on to the next phase when its pending count and tx-count are zero. */
    private void complete(Warp w, Frame f, Instruction in, int l, long offset, long s) {
        if (pending(s) == 0 && tx(s) == 0) {
            s = encode(expected(s), expected(s), 0, phase(s) ^ 1);
        }
        write(w, f, in, l, offset, s);
    }

    private void write(Warp w, Frame f, Instruction in, int l, long offset, long s) {
        memory.storeLane(w, f, in, PtxStateSpace.SHARED, offset, 8, l, s);
        changes++;
    }

    /** {@code cp.async.bulk}: each lane copies its bytes; into shared memory, it completes them on its mbarrier. */
    void bulkCopy(Warp w, Frame f, Instruction in, long[] R, int m) {
        int[] src = in.src;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long shared = (R[src[0] << 5 | l] + R[src[1] << 5 | l]) & 0xFFFF_FFFFL;
            long size = R[src[2] << 5 | l] & 0xFFFF_FFFFL;
            long other = (R[in.addrReg << 5 | l] + in.addrOffset) & in.addrMask;
            if (size % 16 != 0 || shared % 16 != 0 || other % 16 != 0) {
                throw LaneFault.of(FaultKind.MISALIGNED, l, in.opcode + " copies " + size + " bytes between 0x"
                        + Long.toHexString(shared) + " (shared) and 0x" + Long.toHexString(other)
                        + ": the size and both addresses must be multiples of 16");
            }
            boolean toShared = in.mod == Op.BULK_TO_SHARED;
            for (long k = 0; k < size; k += 8) {
                if (toShared) {
                    long v = memory.loadLane(w, f, in, in.space, other + k, 8, l);
                    memory.storeLane(w, f, in, PtxStateSpace.SHARED, shared + k, 8, l, v);
                } else {
                    long v = memory.loadLane(w, f, in, PtxStateSpace.SHARED, shared + k, 8, l);
                    memory.storeLane(w, f, in, PtxStateSpace.GLOBAL, other + k, 8, l, v);
                }
            }
            if (toShared) {
                long offset = (R[src[3] << 5 | l] + R[src[4] << 5 | l]) & 0xFFFF_FFFFL;
                long s = memory.loadLane(w, f, in, PtxStateSpace.SHARED, offset, 8, l);
                if ((s & VALID) == 0) {
                    throw misuse(in, l, offset, "no mbarrier is initialized there to complete the copy's bytes on");
                }
                complete(w, f, in, l, offset, withTx(in, l, offset, s, -size));
            }
        }
    }

    /**
     * A warp's turn ended at a wait that found its phase incomplete: throws a deadlock fault
     * once every warp could have had {@link #STALLED_TURNS} such turns with no mbarrier of the
     * CTA changing (no thread arrived, expected or completed anything it waits for).
     */
    void stalled(int warps) {
        if (changes != changesAtStall) {
            changesAtStall = changes;
            stalledTurns = 0;
        }
        if (++stalledTurns > (long) STALLED_TURNS * warps) {
            throw LaneFault.of(FaultKind.DEADLOCK, failedLane, "threads wait for the mbarrier at shared 0x"
                    + Long.toHexString(failedOffset) + " (phase parity " + phase(failedState) + ", " + pending(failedState)
                    + " of " + expected(failedState) + " arrivals pending, tx-count " + tx(failedState)
                    + ") and no mbarrier of the CTA changed in " + STALLED_TURNS + " turns of each warp: no thread can complete the phase");
        }
    }

    /**
     * A warp's turn ended, at a wait whose phase was incomplete or otherwise; otherwise the CTA
     * made progress.
     */
    void turnEnded(boolean atIncompletePhase) {
        turnEndedWaiting = atIncompletePhase;
        if (!atIncompletePhase) {
            stalledTurns = 0;
        }
    }

    /** The shared-memory offset of an mbarrier operand; a generic address must point into shared memory. */
    private long sharedOffset(Instruction in, long addr, int l) {
        if (in.space == PtxStateSpace.SHARED) {
            return addr;
        }
        StateSpaceLayout layout = memory.layout();
        if (layout.resolve(addr) != PtxStateSpace.SHARED) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, in.opcode + ": generic address 0x" + Long.toHexString(addr)
                    + " is not in shared memory, where an mbarrier must be");
        }
        return addr - layout.base(PtxStateSpace.SHARED);
    }

    private static LaneFault misuse(Instruction in, int l, long offset, String why) {
        return LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, in.opcode + " on the mbarrier at shared 0x" + Long.toHexString(offset)
                + ": " + why + " (undefined in the PTX ISA)");
    }

    static long encode(long pending, long expected, long tx, long phase) {
        return VALID | (phase == 0 ? 0 : PHASE) | (tx & 0x1F_FFFFL) << 40 | expected << 20 | pending;
    }

    static long pending(long s) {
        return s & MAX_COUNT;
    }

    static long expected(long s) {
        return (s >>> 20) & MAX_COUNT;
    }

    /** The tx-count, sign-extended from its 21 bits. */
    static long tx(long s) {
        return (s << 3) >> 43;
    }

    static long phase(long s) {
        return (s & PHASE) != 0 ? 1 : 0;
    }
}
