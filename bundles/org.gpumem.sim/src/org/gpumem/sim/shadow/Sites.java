package org.gpumem.sim.shadow;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.SourceLocation;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * Every instruction of a module by one number, its site: the shadow state records sites, not
 * objects, and a report turns them back into the function and the instruction.
 */
final class Sites {
    private final List<PtxFunction> functions;
    /** Per function index: the site of its first instruction. */
    private final int[] base;
    /** Per site: the first site of its function on the same source line (itself without a line). */
    private final int[] canonical;

    Sites(PtxModule module) {
        this.functions = module.functions();
        this.base = new int[functions.size() + 1];
        long next = 0;
        for (int i = 0; i < functions.size(); i++) {
            base[i] = (int) Math.min(next, Integer.MAX_VALUE);
            next += functions.get(i).instructions().size();
        }
        base[functions.size()] = (int) Math.min(next, Integer.MAX_VALUE);
        canonical = new int[fitTags() ? base[functions.size()] : 0];
        for (int i = 0; i < canonical.length; i++) {
            canonical[i] = i;
        }
        for (int f = 0; f < functions.size() && canonical.length > 0; f++) {
            Map<String, Integer> firstOnLine = new HashMap<>();
            List<Instruction> code = functions.get(f).instructions();
            for (int k = 0; k < code.size(); k++) {
                SourceLocation at = code.get(k).location;
                if (at != null) {
                    int site = base[f] + k;
                    canonical[site] = firstOnLine.computeIfAbsent(at.file() + ":" + at.line(), x -> site);
                }
            }
        }
    }

    /**
     * The site that stands for {@code site} in findings: the first instruction of its function on
     * its source line (an unrolled loop's copies of one access are one finding), or itself when it
     * has no line; -1 stays -1.
     */
    int canonical(int site) {
        return site >= 0 && site < canonical.length ? canonical[site] : site;
    }

    /** Whether every site fits the tag bits of {@link RaceShadow}. */
    boolean fitTags() {
        return base[functions.size()] <= RaceShadow.SITE_MASK;
    }

    int site(int function, int instruction) {
        return base[function] + instruction;
    }

    PtxFunction function(int site) {
        return functions.get(functionIndex(site));
    }

    Instruction instruction(int site) {
        int f = functionIndex(site);
        return functions.get(f).instructions().get(site - base[f]);
    }

    /** The last function whose first site is at or before {@code site}: the one holding it. */
    int functionIndex(int site) {
        // base has a site past the last function's: no call through the list's interface per look-up
        int lo = 0, hi = base.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (base[mid] <= site) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
