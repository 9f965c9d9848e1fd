package org.gpumem.sim.debug;

import java.util.List;

/**
 * A breakpoint by source line ({@code file} and {@code line} from {@code .loc}) or by PTX line
 * ({@code file} null). {@code sites} are the instructions it stops at: for a source line, the
 * first instruction of every run of instructions attributed to that line; empty when nothing
 * matched (the breakpoint never hits).
 */
public record Breakpoint(String file, int line, List<Site> sites) {
    /**
     * One instruction a breakpoint stops at.
     *
     * @param function    the function's (mangled) name
     * @param instruction the instruction's index in the function (a {@link WarpView#pc(int)})
     * @param ptxLine     its line in the PTX
     */
    public record Site(String function, int instruction, int ptxLine) {
    }

    public Breakpoint {
        sites = List.copyOf(sites);
    }

    /** True for a breakpoint by PTX line. */
    public boolean isPtxLine() {
        return file == null;
    }
}
