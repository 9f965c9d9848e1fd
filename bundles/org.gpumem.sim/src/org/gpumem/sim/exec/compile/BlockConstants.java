package org.gpumem.sim.exec.compile;

import java.util.HashMap;
import java.util.Map;

import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * The registers whose value the translator knows at a point of a block, the same in every lane:
 * the function's numeric constants (immediates), and the registers an unguarded mov of one of
 * them wrote earlier in the block and nothing wrote since. nvcc moves a shuffle's offset, clamp
 * and member mask into registers just before it ({@code mov.u32 %r11, 16}); knowing them lets
 * the shuffle's lane loop be compiled with its lane pattern fixed. A block runs under one mask,
 * so an unguarded mov wrote every lane the block's later instructions run.
 */
final class BlockConstants {
    private final PtxFunction fn;
    /** Registers moved from a constant in this block, with the value they hold. */
    private final Map<Integer, Long> moved = new HashMap<>();

    /** What is known at the start of a block of {@code fn}: its numeric constants only. */
    BlockConstants(PtxFunction fn) {
        this.fn = fn;
    }

    /** Whether register {@code r} holds a value known here. */
    boolean known(int r) {
        return moved.containsKey(r) || numericConstant(r);
    }

    /** The value register {@code r} holds; only where {@link #known}. */
    long value(int r) {
        Long v = moved.get(r);
        return v != null ? v : fn.constantValue(r - fn.constantBase());
    }

    private boolean numericConstant(int r) {
        return r >= fn.constantBase() && r < fn.declaredBase() && fn.constantSymbol(r - fn.constantBase()) == null;
    }

    /** Moves past {@code in}: what it writes is no longer known, unless it is a mov of a known value. */
    void after(Instruction in) {
        for (int d : in.dst) {
            moved.remove(d);
        }
        if (in.op == Op.MOV && in.guard < 0 && in.dst.length == 1 && in.src.length == 1 && in.type >= 0
                && known(in.src[0])) {
            // mov's lane loop, as the interpreter's, keeps the bits of the mov's type
            moved.put(in.dst[0], value(in.src[0]) & TypeWidths.MASK[in.type]);
        }
    }
}
