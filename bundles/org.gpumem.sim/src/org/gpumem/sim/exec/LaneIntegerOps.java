package org.gpumem.sim.exec;

import org.gpumem.sim.ptx.Op;

/**
 * The fast engine's lane loop for integer div, rem, min and max, as {@link Alu}'s
 * divide-or-select path computes them: operands read at the type's width ({@code sh}, the bits
 * above it) and signedness, u64 compared and divided unsigned, division by zero giving all ones
 * (div) or the dividend (rem), results masked to the type ({@code mk}). The operation
 * ({@code op}, an {@link Op} code) is a constant at each call site, so the JIT keeps only its
 * branch when it inlines the loop into a block. Like {@link LaneKernels}, it has a full-warp
 * form.
 */
final class LaneIntegerOps {
    private LaneIntegerOps() {
    }

    private static final int FULL = -1;

    private static long result(int op, long va, long vb, int sh, boolean sgn, long mk, boolean u64) {
        long x = sgn ? (va << sh) >> sh : va & mk;
        long y = sgn ? (vb << sh) >> sh : vb & mk;
        long r;
        switch (op) {
            case Op.DIV:
                r = y == 0 ? -1 : u64 ? Long.divideUnsigned(x, y) : x / y;
                break;
            case Op.REM:
                r = y == 0 ? x : u64 ? Long.remainderUnsigned(x, y) : x % y;
                break;
            case Op.MIN:
                r = (u64 ? Long.compareUnsigned(x, y) <= 0 : x <= y) ? x : y;
                break;
            default:
                r = (u64 ? Long.compareUnsigned(x, y) >= 0 : x >= y) ? x : y;
                break;
        }
        return r & mk;
    }

    static void divideOrSelectFull(long[] R, int op, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = result(op, R[a + l], R[b + l], sh, sgn, mk, u64);
        }
    }

    static void divideOrSelect(long[] R, int op, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64, int m) {
        if (m == FULL) {
            divideOrSelectFull(R, op, d, a, b, sh, sgn, mk, u64);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = result(op, R[a | l], R[b | l], sh, sgn, mk, u64);
        }
    }
}
