package org.gpumem.sim.exec.compile;

import java.util.BitSet;

import org.gpumem.sim.exec.RegisterFlow;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * Which registers of a function a thread may still read, before writing them again, from each
 * instruction on: a lane loop ({@link LaneLoops}) keeps a lane's registers in JVM locals and
 * writes back only those that are live where it ends. Special and constant rows are always live.
 * Computed by the usual backward dataflow over one thread's path ({@link RegisterFlow}), which
 * covers the instructions that read other lanes too: shfl, vote, match and redux read only lanes
 * that execute them, at the same instruction. Only the interpreter runs debug sessions, so a
 * register left stale here is never shown.
 */
final class RegisterLiveness {
    private final int base;
    /** Per instruction, and one past the last: the declared registers (index minus base) live before it. */
    private final BitSet[] liveIn;

    private RegisterLiveness(int base, BitSet[] liveIn) {
        this.base = base;
        this.liveIn = liveIn;
    }

    static RegisterLiveness of(PtxFunction fn, Instruction[] code) {
        int base = fn.declaredBase();
        int count = Math.max(0, fn.registerCount() - base);
        BitSet[] live = new BitSet[code.length + 1];
        for (int i = 0; i <= code.length; i++) {
            live[i] = new BitSet(count);
        }
        BitSet now = new BitSet(count);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = code.length - 1; i >= 0; i--) {
                Instruction in = code[i];
                now.clear();
                for (int s : RegisterFlow.successors(in)) {
                    if (s >= 0 && s <= code.length) {
                        now.or(live[s]);
                    }
                }
                for (int d : RegisterFlow.certainWrites(in)) {
                    if (d >= base) {
                        now.clear(d - base);
                    }
                }
                for (int r : RegisterFlow.reads(in)) {
                    if (r >= base) {
                        now.set(r - base);
                    }
                }
                if (!now.equals(live[i])) {
                    live[i] = (BitSet) now.clone();
                    changed = true;
                }
            }
        }
        return new RegisterLiveness(base, live);
    }

    /**
     * Whether a thread at instruction {@code index} (the code's length: past its end) may read
     * register {@code r} before writing it.
     */
    boolean liveBefore(int index, int r) {
        return r < base || liveIn[index].get(r - base);
    }
}
