package org.gpumem.sim.exec;

import java.util.Arrays;
import java.util.BitSet;
import java.util.stream.IntStream;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.Specials;

/**
 * How the fast engine prepares a frame object again for the function it was last prepared for
 * (the kernel frame of CTA after CTA, a callee called again): a fresh frame's registers read as
 * zero until written, so only the rows that some path may read before writing them are cleared,
 * and of the special and constant rows only those that change between CTAs or calls are filled
 * again. The interpreter, the reference, prepares every frame from scratch, so the engines'
 * differential tests check this analysis.
 * <p>
 * A row is cleared when an instruction reads it and some path from the function's entry reaches
 * that instruction without an unguarded write of it (each thread follows one path, and writes
 * only its own lane), and, to be safe, whenever an instruction that reads other lanes (shfl,
 * vote, match, redux) reads it.
 */
final class ReusedFrame {
    /** Special rows that differ between CTAs. */
    private static final int[] PER_CTA = {Specials.CTAID_X, Specials.CTAID_Y, Specials.CTAID_Z, Specials.SMID};

    /** Special rows filled again from the warp's on reuse. */
    private final int[] refreshed;
    /** Declared rows cleared on reuse. */
    private final int[] cleared;

    private ReusedFrame(int[] refreshed, int[] cleared) {
        this.refreshed = refreshed;
        this.cleared = cleared;
    }

    /**
     * How to reuse frames of {@code fn}. Of the special rows that differ between CTAs, those an
     * instruction reads are filled again, and the carry flag, which code writes and carry
     * arithmetic reads without naming it. Where an instruction writes another special register
     * (the loader takes one as a destination), every special row is filled again; constant rows
     * are never written.
     */
    static ReusedFrame of(PtxFunction fn, Instruction[] code) {
        int base = fn.declaredBase();
        BitSet read = new BitSet();
        boolean writesSpecials = false;
        for (Instruction in : code) {
            for (int r : RegisterFlow.reads(in)) {
                if (r >= 0) {
                    read.set(r);
                }
            }
            for (int d : in.dst) {
                writesSpecials |= d < base && d != Specials.CC;
            }
        }
        IntStream perCta = IntStream.of(PER_CTA).filter(read::get);
        int[] refreshed = writesSpecials ? IntStream.range(0, Specials.COUNT).toArray()
                : IntStream.concat(perCta, IntStream.of(Specials.CC)).toArray();
        BitSet[] written = writtenBefore(code, base, fn.registerCount() - base);
        BitSet clear = new BitSet();
        for (int i = 0; i < code.length; i++) {
            if (written[i] == null) {
                continue;
            }
            Instruction in = code[i];
            boolean crossLane = RegisterFlow.readsOtherLanes(in);
            for (int r : RegisterFlow.reads(in)) {
                if (r >= base && (crossLane || !written[i].get(r - base))) {
                    clear.set(r);
                }
            }
        }
        return new ReusedFrame(refreshed, clear.stream().toArray());
    }

    /** Fills the rows that changed since {@code regs} was prepared for this function, and clears those that must read as zero. */
    void prepare(long[] regs, long[] specials) {
        for (int s : refreshed) {
            System.arraycopy(specials, s << 5, regs, s << 5, 32);
        }
        for (int r : cleared) {
            Arrays.fill(regs, r << 5, (r + 1) << 5, 0L);
        }
    }

    /**
     * Per instruction, the declared registers (index minus {@code base}) that every path from
     * the entry writes before reaching it, or null for an instruction no path reaches.
     */
    private static BitSet[] writtenBefore(Instruction[] code, int base, int count) {
        BitSet[] in = new BitSet[code.length];
        if (code.length == 0) {
            return in;
        }
        in[0] = new BitSet(count);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < code.length; i++) {
                if (in[i] == null) {
                    continue;
                }
                BitSet out = (BitSet) in[i].clone();
                Instruction ins = code[i];
                for (int d : RegisterFlow.certainWrites(ins)) {
                    if (d >= base) {
                        out.set(d - base);
                    }
                }
                for (int s : RegisterFlow.successors(ins)) {
                    if (s < 0 || s >= code.length) {
                        continue;
                    }
                    if (in[s] == null) {
                        in[s] = out;
                        changed = true;
                    } else {
                        BitSet meet = (BitSet) in[s].clone();
                        meet.and(out);
                        if (!meet.equals(in[s])) {
                            in[s] = meet;
                            changed = true;
                        }
                    }
                }
            }
        }
        return in;
    }
}
