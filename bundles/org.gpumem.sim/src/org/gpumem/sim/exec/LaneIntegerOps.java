package org.gpumem.sim.exec;

import org.gpumem.sim.ptx.Op;

/**
 * The fast engine's lane loop for integer div, rem, min and max, as {@link Alu}'s
 * divide-or-select path computes them: operands read at the type's width ({@code sh}, the bits
 * above it) and signedness, u64 compared and divided unsigned, division by zero giving all ones
 * (div) or the dividend (rem), results masked to the type ({@code mk}). The operation
 * ({@code op}, an {@link Op} code) is a constant at each call site, so the JIT keeps only its
 * branch when it inlines the loop into a block. Like {@link LaneKernels}, it has a full-warp
 * form, which divides by a power of two that all lanes share with a shift or a mask.
 */
final class LaneIntegerOps {
    private LaneIntegerOps() {
    }

    private static final int FULL = -1;

    private static long result(int op, long va, long vb, int sh, boolean sgn, long mk, boolean u64) {
        long x = sgn ? (va << sh) >> sh : va & mk;
        long y = sgn ? (vb << sh) >> sh : vb & mk;
        // Types of 32 bits or less divide as ints: the same quotient and remainder (MIN / -1 wraps
        // to the same low bits), and a 32-bit divide instruction is several times faster.
        boolean narrow = sh >= 32;
        int xi = (int) x, yi = (int) y;
        long r;
        switch (op) {
            case Op.DIV:
                r = y == 0 ? -1 : u64 ? Long.divideUnsigned(x, y) : !narrow ? x / y
                        : sgn ? xi / yi : Integer.toUnsignedLong(Integer.divideUnsigned(xi, yi));
                break;
            case Op.REM:
                r = y == 0 ? x : u64 ? Long.remainderUnsigned(x, y) : !narrow ? x % y
                        : sgn ? xi % yi : Integer.toUnsignedLong(Integer.remainderUnsigned(xi, yi));
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
        if ((op == Op.DIV || op == Op.REM) && !sgn && powerOfTwoDivisor(R, b, mk)) {
            // an unsigned division by one power of two in every lane (blockDim.x, a tile width): a shift or a mask
            long y = R[b] & mk;
            int k = Long.numberOfTrailingZeros(y);
            if (op == Op.DIV) {
                for (int l = 0; l < 32; l++) {
                    R[d + l] = (R[a + l] & mk) >>> k;
                }
            } else {
                for (int l = 0; l < 32; l++) {
                    R[d + l] = R[a + l] & mk & (y - 1);
                }
            }
            return;
        }
        for (int l = 0; l < 32; l++) {
            R[d + l] = result(op, R[a + l], R[b + l], sh, sgn, mk, u64);
        }
    }

    /** Whether every lane's divisor (register {@code b}, bits {@code mk}) is the same power of two. */
    private static boolean powerOfTwoDivisor(long[] R, int b, long mk) {
        long y = R[b] & mk;
        long differ = 0;
        for (int l = 1; l < 32; l++) {
            differ |= R[b + l] ^ y;
        }
        return (differ & mk) == 0 && y != 0 && (y & (y - 1)) == 0;
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
