package org.gpumem.sim.exec;

import org.gpumem.sim.ptx.Instruction;

/**
 * A straight-line run of instructions {@code start..end-1} of one function, translated by the
 * fast engine's {@link FunctionCompiler} into one JVM method that executes them for a warp's lanes, instruction
 * after instruction (each for all its lanes before the next, as the interpreter does). A block
 * holds no control flow, barrier, call or %clock, and no reconvergence point or branch target
 * past its first instruction, so the interpreter may run it whole wherever it would execute
 * those instructions one by one.
 */
public abstract class CompiledBlock {
    /** The block's first instruction (index in its function). */
    public final int start;
    /** One past its last instruction. */
    public final int end;
    /** {@code unguardedBefore[k]}: instructions without a guard predicate among the block's first k. */
    private final int[] unguardedBefore;
    /**
     * Whether it holds a warp-synchronous instruction ({@link Instruction#memberMask}): under
     * independent thread scheduling it runs only while every live lane of the warp runs it, since
     * the interpreter makes lanes wait there for lanes that are elsewhere. Set by {@link FastCode}.
     */
    boolean waitsForLanes;

    protected CompiledBlock(int start, int end, int[] unguardedBefore) {
        this.start = start;
        this.end = end;
        this.unguardedBefore = unguardedBefore;
    }

    /** Instructions in the block. */
    public int length() {
        return end - start;
    }

    /** Instructions without a guard among those before index {@code pc} of the function. */
    int unguardedBefore(int pc) {
        return unguardedBefore[pc - start];
    }

    /**
     * Executes the block for the lanes of {@code mask}; returns the lanes issued by its guarded
     * instructions (each unguarded one issues {@code mask}'s). Before each instruction that may
     * fault it sets {@link Interpreter#blockPc} to its index and {@link Interpreter#blockLanes} to
     * the guarded lanes issued so far, that one's included.
     */
    abstract int run(Interpreter ip, Warp w, Frame f, long[] R, Instruction[] code, int mask);

    /** {@link #run} for a full warp ({@code mask} -1): the same effects, through the kernels' full-warp forms. */
    abstract int runFull(Interpreter ip, Warp w, Frame f, long[] R, Instruction[] code, int mask);
}
