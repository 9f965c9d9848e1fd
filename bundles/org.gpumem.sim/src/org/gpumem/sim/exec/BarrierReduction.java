package org.gpumem.sim.exec;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * bar.red at one named barrier: the predicate every arriving thread brings, combined (popc: how
 * many are true; and; or), and delivered to each waiting thread's destination when the barrier
 * releases.
 */
final class BarrierReduction {
    private int count;
    private boolean all = true;
    private boolean any;

    void reset() {
        count = 0;
        all = true;
        any = false;
    }

    /** Lanes {@code m} of a warp arrive at {@code in} with their predicate (its last source). */
    void arrive(Instruction in, long[] R, int m) {
        int c = in.src[in.src.length - 1] << 5;
        boolean neg = (in.flags & Op.F_HI) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean p = ((R[c | l] & 1) != 0) ^ neg;
            count += p ? 1 : 0;
            all &= p;
            any |= p;
        }
    }

    /** Writes the result into the destination of lanes {@code m} waiting at {@code in}, a bar.red. */
    void deliver(Instruction in, long[] R, int m) {
        if (in.mod == Op.BAR_SYNC) {
            return;
        }
        long v = in.mod == Op.BAR_RED_POPC ? count : (in.mod == Op.BAR_RED_AND ? all : any) ? 1 : 0;
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            R[d | Integer.numberOfTrailingZeros(mm)] = v;
        }
    }
}
