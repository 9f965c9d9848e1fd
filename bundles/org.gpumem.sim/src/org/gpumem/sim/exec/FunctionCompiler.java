package org.gpumem.sim.exec;

import java.lang.invoke.MethodHandles;

import org.gpumem.sim.ptx.PtxFunction;

/**
 * The fast engine's compiler, as this package calls it: the block compiler of
 * {@code org.gpumem.sim.exec.compile}, a package above this one, implements it, and a
 * {@link SimulatedDevice} is given it when it is made. {@link FastCode} calls it once per
 * function, the first time a warp of a fast launch runs that function.
 */
@FunctionalInterface
public interface FunctionCompiler {
    /**
     * The {@link CompiledBlock}s of {@code fn}, indexed by their first instruction (null where
     * none starts), each a hidden class defined through {@code here}: a lookup of this package
     * with full privilege, so that compiled code calls the interpreter's and the lane operations'
     * package-private members as directly as the interpreter does. For a launch with memory
     * checks ({@code checked}) a block shows each instruction the checks look at
     * ({@link CheckedAccesses#observes}) to them before it executes, through
     * {@link Interpreter#checkBefore}, and after it lets {@link Interpreter#checkAfter} stop the
     * warp there, as the interpreter does.
     */
    CompiledBlock[] compile(PtxFunction fn, MethodHandles.Lookup here, boolean checked);
}
