package org.gpumem.sim.exec;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.shadow.CtaShadow;

/**
 * The sixteen named barriers of a CTA (PTX {@code bar}/{@code barrier} with an id; 0 is
 * {@code __syncthreads}'): per barrier, the threads that arrived since it last completed, the
 * thread count it completes at, and the bar.red reduction of their arrivals. A barrier without a
 * count waits for every live thread of the CTA. Waiting lanes are marked on their
 * reconvergence-stack entry ({@link Frame#swait}), in any path of their warp; the barrier an
 * entry waits on is read back from its instruction's id operand, which the waiting lanes'
 * registers still hold.
 */
final class NamedBarriers {
    /** PTX: "operand a ... in the range 0 through 15". */
    static final int COUNT = 16;

    private final int[] arrived = new int[COUNT];
    /** The thread count each barrier completes at since its first arrival; 0: every live thread. */
    private final int[] expected = new int[COUNT];
    private final BarrierReduction[] reductions = new BarrierReduction[COUNT];
    /** The CTA's memory checks, told of each barrier that completes; null when the launch is not checked. */
    CtaShadow checks;
    /** Bit b: barrier b has arrivals. Every warp's arrival asks for complete barriers; most CTAs use barrier 0 only. */
    private int pending;

    NamedBarriers() {
        for (int i = 0; i < COUNT; i++) {
            reductions[i] = new BarrierReduction();
        }
    }

    void reset() {
        pending = 0;
        for (int i = 0; i < COUNT; i++) {
            arrived[i] = 0;
            expected[i] = 0;
            reductions[i].reset();
        }
    }

    /** Threads arrived at any barrier and not yet released. */
    int arrivedThreads() {
        int n = 0;
        for (int a : arrived) {
            n += a;
        }
        return n;
    }

    /** The barriers threads wait at, each with its arrivals and what it waits for: "barrier 1: 64 of 128 threads". */
    String waiting(int liveThreads) {
        StringBuilder s = new StringBuilder();
        for (int b = 0; b < COUNT; b++) {
            if (arrived[b] > 0) {
                s.append(s.length() == 0 ? "" : ", ").append("barrier ").append(b).append(": ").append(arrived[b])
                        .append(" of ").append(expected[b] == 0 ? liveThreads + " live" : Integer.toString(expected[b]))
                        .append(" threads");
            }
        }
        return s.toString();
    }

    /** The barrier {@code in} names for lanes {@code m}: the first lane's value (PTX requires it uniform). */
    static int id(Instruction in, long[] R, int m) {
        return (int) R[in.src[0] << 5 | Integer.numberOfTrailingZeros(m)];
    }

    /**
     * Lanes {@code m} of a warp arrive at {@code in} (bar.sync, bar.arrive or bar.red) in a CTA of
     * {@code ctaThreads} threads. Fails the lane with an illegal-instruction fault where PTX leaves
     * the behaviour undefined: an id outside 0..15, a count that is not a positive multiple of the
     * warp size or exceeds the CTA, or threads arriving at one barrier with different counts.
     */
    void arrive(Instruction in, long[] R, int m, int ctaThreads) {
        int lane = Integer.numberOfTrailingZeros(m);
        long id = R[in.src[0] << 5 | lane] & 0xffffffffL;
        if (id >= COUNT) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, lane, "barrier " + id + " is outside 0.." + (COUNT - 1));
        }
        int b = (int) id;
        int count = 0;
        if (in.mod2 == Op.BAR_COUNTED) {
            long c = R[in.src[1] << 5 | lane] & 0xffffffffL;
            if (c == 0 || c % DeviceFacts.WARP_SIZE != 0 || c > ctaThreads) {
                throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, lane, "barrier " + b + " is given a count of " + c
                        + " threads: it must be a multiple of " + DeviceFacts.WARP_SIZE + " from " + DeviceFacts.WARP_SIZE + " to the CTA's "
                        + ctaThreads);
            }
            count = (int) c;
        }
        if (arrived[b] > 0 && expected[b] != count) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, lane, "threads arrive at barrier " + b + " with a count of "
                    + describe(count) + " while the threads waiting there gave " + describe(expected[b]));
        }
        expected[b] = count;
        arrived[b] += Integer.bitCount(m);
        pending |= 1 << b;
        if (in.mod != Op.BAR_SYNC && in.mod != Op.BAR_ARRIVE) {
            reductions[b].arrive(in, R, m);
        }
    }

    private static String describe(int count) {
        return count == 0 ? "none (every thread of the CTA)" : Integer.toString(count);
    }

    /**
     * Releases every barrier whose arrivals are complete in a CTA with {@code liveThreads} live
     * threads: its waiting entries in {@code warps} go on after the barrier instruction, with the
     * bar.red result delivered. True if any barrier was released.
     */
    boolean releaseComplete(Warp[] warps, int liveThreads) {
        boolean any = false;
        for (int bits = pending; bits != 0; bits &= bits - 1) {
            int b = Integer.numberOfTrailingZeros(bits);
            if (arrived[b] > 0 && arrived[b] >= (expected[b] == 0 ? liveThreads : expected[b])) {
                release(b, warps);
                if (checks != null) {
                    checks.barrierReleased(b, liveThreads);
                }
                any = true;
            }
        }
        return any;
    }

    private void release(int b, Warp[] warps) {
        for (Warp w : warps) {
            boolean released = false;
            for (int p = 0; p < w.pathCount; p++) {
                Frame f = w.pathTop(p);
                for (int i = 0; f != null && i < f.sp; i++) {
                    if (f.swait[i] != Frame.AT_BARRIER) {
                        continue;
                    }
                    Instruction in = f.code[f.spc[i]];
                    if (id(in, f.regs, f.smask[i]) == b) {
                        reductions[b].deliver(in, f.regs, f.smask[i]);
                        f.swait[i] = Frame.RUNS;
                        f.spc[i]++;
                        released = true;
                    }
                }
            }
            if (w.state == WarpState.AT_BARRIER && released) {
                w.state = WarpState.READY;
            }
        }
        arrived[b] = 0;
        expected[b] = 0;
        pending &= ~(1 << b);
        reductions[b].reset();
    }
}
