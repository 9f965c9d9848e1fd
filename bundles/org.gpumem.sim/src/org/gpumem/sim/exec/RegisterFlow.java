package org.gpumem.sim.exec;

import java.util.Arrays;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * How registers and control flow through one thread's code, the one description that the
 * analyses of a function's registers ({@link ReusedFrame}, {@code RegisterLiveness}) share: what
 * an instruction reads, what it writes for certain, whether it reads other lanes' registers, and
 * where a thread may go next. A thread follows one path and writes only its own lane; a guarded
 * instruction may leave its destinations as they were.
 */
public final class RegisterFlow {
    private static final int[] NONE = {};

    private RegisterFlow() {
    }

    /** The registers {@code in} reads: its sources, address register and guard (-1 where absent). */
    public static int[] reads(Instruction in) {
        int n = in.src.length;
        int[] r = Arrays.copyOf(in.src, n + 2);
        r[n] = in.addrReg;
        r[n + 1] = in.guard;
        return r;
    }

    /** The registers every thread that issues {@code in} writes: its destinations, unless a guard may skip them. */
    public static int[] certainWrites(Instruction in) {
        return in.guard < 0 ? in.dst : NONE;
    }

    /** Whether {@code in} reads registers of other lanes: shfl, vote, match, redux, wmma.mma, mma, stmatrix and movmatrix. */
    static boolean readsOtherLanes(Instruction in) {
        return in.op == Op.SHFL || in.op == Op.VOTE || in.op == Op.MATCH || in.op == Op.REDUX || in.op == Op.WMMA_MMA
                || in.op == Op.MMA || in.op == Op.STMATRIX || in.op == Op.MOVMATRIX;
    }

    /** The instructions that may follow {@code in} in its thread (indices past the code mean the function's end). */
    public static int[] successors(Instruction in) {
        boolean always = in.guard < 0;
        int next = in.index + 1;
        switch (in.op) {
            case Op.BRA:
                return always ? new int[] {in.target} : new int[] {next, in.target};
            case Op.BRX: {
                int[] s = Arrays.copyOf(in.targets, in.targets.length + (always ? 0 : 1));
                if (!always) {
                    s[in.targets.length] = next;
                }
                return s;
            }
            case Op.RET:
            case Op.EXIT:
                return always ? new int[0] : new int[] {next};
            default:
                return new int[] {next};
        }
    }
}
