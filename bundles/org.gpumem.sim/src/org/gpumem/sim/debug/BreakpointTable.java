package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The breakpoints of a session and the per-instruction marks the interpreter tests
 * ({@code marks[function][instruction]}, null rows for functions without any).
 */
final class BreakpointTable {
    private final PtxModule module;
    private final List<Breakpoint> breakpoints = new ArrayList<>();
    private final boolean[][] marks;

    BreakpointTable(PtxModule module) {
        this.module = module;
        this.marks = new boolean[module.functions().size()][];
    }

    /** The marks the CTAs of the session test; updated in place. */
    boolean[][] marks() {
        return marks;
    }

    Breakpoint addSource(String file, int line) {
        List<Breakpoint.Site> sites = new ArrayList<>();
        for (PtxFunction f : module.functions()) {
            boolean prevMatched = false;
            for (Instruction in : f.instructions()) {
                SourceLocation loc = in.location;
                boolean match = loc != null && loc.line() == line
                        && (loc.file().equals(file) || loc.file().endsWith("/" + file));
                if (match && !prevMatched) {
                    sites.add(site(f, in));
                }
                prevMatched = match;
            }
        }
        return add(new Breakpoint(file, line, sites));
    }

    Breakpoint addPtx(int ptxLine) {
        List<Breakpoint.Site> sites = new ArrayList<>();
        for (PtxFunction f : module.functions()) {
            if (ptxLine < f.line() || ptxLine > f.endLine()) {
                continue;
            }
            for (Instruction in : f.instructions()) {
                if (in.line >= ptxLine) {
                    sites.add(site(f, in));
                    break;
                }
            }
        }
        return add(new Breakpoint(null, ptxLine, sites));
    }

    private static Breakpoint.Site site(PtxFunction f, Instruction in) {
        return new Breakpoint.Site(f.name(), in.index, in.line);
    }

    private Breakpoint add(Breakpoint b) {
        breakpoints.add(b);
        remark();
        return b;
    }

    void remove(Breakpoint b) {
        breakpoints.remove(b);
        remark();
    }

    List<Breakpoint> all() {
        return List.copyOf(breakpoints);
    }

    private void remark() {
        for (int i = 0; i < marks.length; i++) {
            marks[i] = null;
        }
        for (Breakpoint b : breakpoints) {
            for (Breakpoint.Site s : b.sites()) {
                PtxFunction f = module.function(s.function());
                int fi = f.index();
                if (marks[fi] == null) {
                    marks[fi] = new boolean[f.instructions().size()];
                }
                marks[fi][s.instruction()] = true;
            }
        }
    }

    /** The breakpoint whose site {@code w} is at, or null. */
    Breakpoint at(Warp w) {
        PtxFunction f = w.function();
        int pc = w.pc();
        for (Breakpoint b : breakpoints) {
            for (Breakpoint.Site s : b.sites()) {
                if (f != null && s.function().equals(f.name()) && s.instruction() == pc) {
                    return b;
                }
            }
        }
        return null;
    }
}
