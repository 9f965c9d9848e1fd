package org.gpumem.sim.exec.compile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.exec.access.LaneMemory;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.ptx.Instruction;

/**
 * The shared and local accesses of a block that one bounds check can cover: unguarded scalar
 * ld/st of one space and size through the same base register, at offsets that are multiples of
 * that size, with nothing writing the register between them (matmul's {@code [%r8]},
 * {@code [%r8+64]}, ..., sixteen loads of a tile column; a local array's elements). In a full
 * warp, the block checks the whole span once, before the first of them (or before the lane loop
 * that holds it, {@link LaneLoops}); where it holds, each access runs without its own check;
 * where it does not, each access checks itself and may go to the interpreter as before, so a
 * fault is reported at the access that makes it.
 */
final class AccessSpans {
    /**
     * One span: local memory or shared, base register row {@code a}, the lowest offset and the
     * end of the highest access, the access size.
     */
    record Span(boolean local, int a, long lo, long hi, int size) {
    }

    private final int start;
    /** Per instruction of the block: its span's index, or -1. */
    private final int[] span;
    private final boolean[] first;
    private final List<Span> spans;

    private AccessSpans(int start, int[] span, boolean[] first, List<Span> spans) {
        this.start = start;
        this.span = span;
        this.first = first;
        this.spans = spans;
    }

    /** The spans of instructions {@code start..end} of {@code code}, translated as {@code calls} (by index from start). */
    static AccessSpans of(Instruction[] code, int start, int end, BlockTranslations.Translation[] calls) {
        int n = end - start;
        int[] member = new int[n];
        Arrays.fill(member, -1);
        List<List<Integer>> groups = new ArrayList<>();
        Map<Integer, Integer> open = new HashMap<>();
        for (int k = 0; k < n; k++) {
            Instruction in = code[start + k];
            int space = space(calls[k]);
            if (in.guard < 0 && space != 0) {
                int size = TypeWidths.SIZE[in.type];
                int key = in.addrReg * 2 + space - 1;
                Integer g = open.get(key);
                if (g != null && TypeWidths.SIZE[code[start + groups.get(g).get(0)].type] != size) {
                    g = null;
                }
                if (Math.floorMod(in.addrOffset, size) == 0) {
                    if (g == null) {
                        g = groups.size();
                        groups.add(new ArrayList<>());
                        open.put(key, g);
                    }
                    groups.get(g).add(k);
                }
            }
            for (int d : in.dst) {
                open.remove(d * 2);
                open.remove(d * 2 + 1);
            }
        }
        boolean[] first = new boolean[n];
        List<Span> spans = new ArrayList<>();
        for (List<Integer> g : groups) {
            if (g.size() < 2) {
                continue;
            }
            Instruction head = code[start + g.get(0)];
            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
            for (int k : g) {
                lo = Math.min(lo, code[start + k].addrOffset);
                hi = Math.max(hi, code[start + k].addrOffset);
                member[k] = spans.size();
            }
            first[g.get(0)] = true;
            int size = TypeWidths.SIZE[head.type];
            spans.add(new Span(space(calls[g.get(0)]) == 2, head.addrReg << 5, lo, hi + size, size));
        }
        return new AccessSpans(start, member, first, spans);
    }

    /** 1: {@code call} is a scalar ld or st of shared memory with its own bounds check; 2: of local memory; 0: neither. */
    private static int space(BlockTranslations.Translation t) {
        if (!(t instanceof BlockTranslations.Call call) || call.owner() != LaneMemory.class) {
            return 0;
        }
        switch (call.method()) {
            case "ldArray":
                return call.args()[0] == BlockTranslations.Operand.SHARED ? 1 : 0;
            case "stShared":
                return 1;
            case "ldLocal":
            case "stLocal":
                return 2;
            default:
                return 0;
        }
    }

    /** How many spans the block has. */
    int count() {
        return spans.size();
    }

    /** The index of the span instruction {@code index} (of the function) belongs to, or -1. */
    int of(int index) {
        return span[index - start];
    }

    /** Whether instruction {@code index} is the first of its span: the span is checked before it. */
    boolean first(int index) {
        return first[index - start];
    }

    Span span(int s) {
        return spans.get(s);
    }
}
