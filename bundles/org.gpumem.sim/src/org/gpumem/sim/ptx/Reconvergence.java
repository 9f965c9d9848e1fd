package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * Computes, for every conditional branch and every brx.idx of a function, its immediate
 * post-dominator: the instruction where the lanes that took different ways meet again. The engine's per-warp
 * reconvergence stack pops there. Computed on basic blocks with the classic iterative
 * data-flow over bit sets; a virtual exit node follows ret, exit and trap.
 */
final class Reconvergence {
    private Reconvergence() {
    }

    /**
     * Immediate post-dominators of blocks 0..nb-1 (block nb is the virtual exit): dominators of
     * the reversed graph rooted at the exit, by Cooper, Harvey and Kennedy's iteration over
     * reverse post-order; linear memory. -1 for blocks that cannot reach the exit.
     */
    private static int[] immediatePostDominators(int nb, List<List<Integer>> succ) {
        int exit = nb;
        List<List<Integer>> pred = new ArrayList<>();
        for (int b = 0; b <= nb; b++) {
            pred.add(new ArrayList<>());
        }
        for (int b = 0; b < nb; b++) {
            for (int t : succ.get(b)) {
                pred.get(t).add(b);
            }
        }
        // Post-order of the reversed graph (edges exit -> predecessors), iteratively.
        int[] order = new int[nb + 1];
        int[] number = new int[nb + 1];
        java.util.Arrays.fill(number, -1);
        boolean[] seen = new boolean[nb + 1];
        int[] stack = new int[nb + 1];
        int[] edge = new int[nb + 1];
        int sp = 0, count = 0;
        stack[sp++] = exit;
        seen[exit] = true;
        while (sp > 0) {
            int v = stack[sp - 1];
            List<Integer> ps = pred.get(v);
            if (edge[v] < ps.size()) {
                int u = ps.get(edge[v]++);
                if (!seen[u]) {
                    seen[u] = true;
                    stack[sp++] = u;
                }
            } else {
                sp--;
                number[v] = count;
                order[count++] = v;
            }
        }
        int[] idom = new int[nb + 1];
        java.util.Arrays.fill(idom, -1);
        idom[exit] = exit;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = count - 1; k >= 0; k--) {
                int v = order[k];
                if (v == exit) {
                    continue;
                }
                int nd = -1;
                for (int s : succ.get(v)) {
                    if (idom[s] < 0) {
                        continue;
                    }
                    if (nd < 0) {
                        nd = s;
                    } else {
                        int a = s, b = nd;
                        while (a != b) {
                            while (number[a] < number[b]) {
                                a = idom[a];
                            }
                            while (number[b] < number[a]) {
                                b = idom[b];
                            }
                        }
                        nd = a;
                    }
                }
                if (nd >= 0 && idom[v] != nd) {
                    idom[v] = nd;
                    changed = true;
                }
            }
        }
        return idom;
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
            } else if (in.op == Op.BRX) {
                for (int target : in.targets) {
                    leader[target] = true;
                }
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
            } else if (in.op == Op.BRX) {
                for (int target : in.targets) {
                    if (!s.contains(blockOf[target])) {
                        s.add(blockOf[target]);
                    }
                }
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
        int[] ipdom = immediatePostDominators(nb, succ);
        for (int i = 0; i < n; i++) {
            Instruction in = code.get(i);
            if (in.op != Op.BRX && (in.op != Op.BRA || in.guard < 0)) {
                continue;
            }
            int best = ipdom[blockOf[i]];
            in.reconvergence = best < 0 || best == exit ? -1 : starts.get(best);
        }
    }
}
