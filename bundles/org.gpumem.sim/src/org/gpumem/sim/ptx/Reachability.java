package org.gpumem.sim.ptx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

import org.gpumem.sim.UnsupportedConstruct;

/**
 * Which unsupported constructs each kernel can reach: the module loads whatever it holds, as the
 * CUDA driver's lazy loading does, and a kernel is runnable when no function its call graph
 * reaches holds a construct the simulator cannot execute.
 */
final class Reachability {
    private Reachability() {
    }

    /**
     * Fills every function's own unsupported constructs, and every kernel's reachable ones and
     * {@link PtxFunction#reachableFunctions}.
     */
    static void describe(String file, List<PtxFunction> functions) {
        for (PtxFunction f : functions) {
            List<UnsupportedConstruct> own = new ArrayList<>();
            f.refusals.sort(java.util.Comparator.comparingInt(r -> r.at().line));
            for (PtxFunction.Refusal r : f.refusals) {
                own.add(new UnsupportedConstruct(file, r.at().line, r.at().opcode, r.problem(), r.at().location,
                        List.of(f.name)));
            }
            f.ownUnsupported = List.copyOf(own);
        }
        for (PtxFunction k : functions) {
            if (k.entry) {
                int[] parent = callTree(k, functions);
                k.reachableUnsupported = reachableFrom(parent, functions);
                k.reachableFunctions = new boolean[parent.length];
                for (int i = 0; i < parent.length; i++) {
                    k.reachableFunctions[i] = parent[i] != -2;
                }
            }
        }
    }

    /**
     * Breadth first from {@code kernel}, so that each function comes with a shortest call path:
     * per function index its caller on that path, -1 for the kernel, -2 where none reaches it.
     */
    private static int[] callTree(PtxFunction kernel, List<PtxFunction> functions) {
        int[] parent = new int[functions.size()];
        Arrays.fill(parent, -2);
        parent[kernel.index] = -1;
        Deque<PtxFunction> queue = new ArrayDeque<>();
        queue.add(kernel);
        while (!queue.isEmpty()) {
            PtxFunction f = queue.poll();
            for (Instruction in : f.instructions) {
                if (in.op != Op.CALL) {
                    continue;
                }
                for (int callee : in.target >= 0 ? new int[] {in.target} : in.callees) {
                    if (parent[callee] == -2) {
                        parent[callee] = f.index;
                        queue.add(functions.get(callee));
                    }
                }
            }
        }
        return parent;
    }

    /** The unsupported constructs of the functions a call tree ({@link #callTree}) reaches, each with its call path. */
    private static List<UnsupportedConstruct> reachableFrom(int[] parent, List<PtxFunction> functions) {
        List<UnsupportedConstruct> reached = new ArrayList<>();
        for (PtxFunction f : functions) {
            if (parent[f.index] == -2 || f.ownUnsupported.isEmpty()) {
                continue;
            }
            List<String> path = new ArrayList<>();
            for (int i = f.index; i >= 0; i = parent[i]) {
                path.add(0, functions.get(i).name);
            }
            for (UnsupportedConstruct u : f.ownUnsupported) {
                reached.add(new UnsupportedConstruct(u.file(), u.line(), u.opcode(), u.problem(), u.source(), path));
            }
        }
        return List.copyOf(reached);
    }
}
