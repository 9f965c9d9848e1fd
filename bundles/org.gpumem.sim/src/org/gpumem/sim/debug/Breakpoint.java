package org.gpumem.sim.debug;

import java.util.List;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * A breakpoint by source line ({@code file} and {@code line} from {@code .loc}) or by PTX line
 * ({@code file} null). {@code sites} are the instructions it stops at: for a source line, the
 * first instruction of every run of instructions attributed to that line; empty when nothing
 * matched (the breakpoint never hits).
 */
public record Breakpoint(String file, int line, List<Site> sites) {
    /** One instruction a breakpoint stops at. */
    public record Site(PtxFunction function, Instruction instruction) {
    }

    /** True for a breakpoint by PTX line. */
    public boolean isPtxLine() {
        return file == null;
    }
}
