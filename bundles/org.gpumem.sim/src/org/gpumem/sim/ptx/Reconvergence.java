package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Computes, for every conditional branch of a function, its immediate post-dominator: the
 * instruction where the lanes that took either side meet again. The engine's per-warp
 * reconvergence stack pops there. Computed on basic blocks with the classic iterative
 * data-flow over bit sets; a virtual exit node follows ret, exit and trap.
 */
final class Reconvergence {
    private Reconvergence() {
    }

    static void compute(String file, PtxFunction f) {
        List<Instruction> code = f.instructions;
        int n = code.size();
        if (n == 0) {
            return;
        }
        boolean[] leader = new boolean[n + 1];
        leader[0] = true;
        for (int i = 0; i < n; i++) {
            Instruction in = code.get(i);
            if (in.op == Op.BRA) {
                leader[in.target] = true;
                leader[i + 1] = true;
            } else if (in.op == Op.RET || in.op == Op.EXIT || in.op == Op.TRAP) {
                leader[i + 1] = true;
            }
        }
        int[] blockOf = new int[n];
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (leader[i]) {
                starts.add(i);
            }
            blockOf[i] = starts.size() - 1;
        }
        int nb = starts.size();
        int exit = nb;
        List<List<Integer>> succ = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            int last = (b + 1 < nb ? starts.get(b + 1) : n) - 1;
            Instruction in = code.get(last);
            List<Integer> s = new ArrayList<>();
            boolean falls = true;
            if (in.op == Op.BRA) {
                s.add(blockOf[in.target]);
                falls = in.guard >= 0;
            } else if (in.op == Op.RET || in.op == Op.EXIT || in.op == Op.TRAP) {
                s.add(exit);
                falls = in.guard >= 0;
            }
            if (falls) {
                s.add(last + 1 < n ? blockOf[last + 1] : exit);
            }
            succ.add(s);
        }
        BitSet[] pdom = new BitSet[nb + 1];
        for (int b = 0; b < nb; b++) {
            pdom[b] = new BitSet(nb + 1);
            pdom[b].set(0, nb + 1);
        }
        pdom[exit] = new BitSet(nb + 1);
        pdom[exit].set(exit);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = nb - 1; b >= 0; b--) {
                BitSet t = null;
                for (int s : succ.get(b)) {
                    if (t == null) {
                        t = (BitSet) pdom[s].clone();
                    } else {
                        t.and(pdom[s]);
                    }
                }
                if (t == null) {
                    t = new BitSet(nb + 1);
                }
                t.set(b);
                if (!t.equals(pdom[b])) {
                    pdom[b] = t;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            Instruction in = code.get(i);
            if (in.op != Op.BRA || in.guard < 0) {
                continue;
            }
            int b = blockOf[i];
            int best = -1;
            int bestCard = -1;
            for (int d = pdom[b].nextSetBit(0); d >= 0; d = pdom[b].nextSetBit(d + 1)) {
                if (d == b) {
                    continue;
                }
                int card = pdom[d].cardinality();
                if (card > bestCard) {
                    bestCard = card;
                    best = d;
                }
            }
            in.reconvergence = best < 0 || best == exit ? -1 : starts.get(best);
        }
    }
}
