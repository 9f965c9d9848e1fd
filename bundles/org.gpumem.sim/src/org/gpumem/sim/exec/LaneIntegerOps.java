package org.gpumem.sim.exec;

/**
 * The fast engine's lane loops for integer div, rem, min and max, as {@link Alu}'s
 * divide-or-select path computes them: operands read at the type's width ({@code sh}, the bits
 * above it) and signedness, u64 compared and divided unsigned, division by zero giving all ones
 * (div) or the dividend (rem), results masked to the type ({@code mk}). Like {@link LaneKernels},
 * each has a full-warp form {@code nameFull}.
 */
final class LaneIntegerOps {
    private LaneIntegerOps() {
    }

    private static final int FULL = -1;

    private static long operand(long v, int sh, boolean sgn, long mk) {
        return sgn ? (v << sh) >> sh : v & mk;
    }

    private static long quotient(long x, long y, boolean u64) {
        return y == 0 ? -1 : u64 ? Long.divideUnsigned(x, y) : x / y;
    }

    private static long remainder(long x, long y, boolean u64) {
        return y == 0 ? x : u64 ? Long.remainderUnsigned(x, y) : x % y;
    }

    private static long min(long x, long y, boolean u64) {
        return (u64 ? Long.compareUnsigned(x, y) <= 0 : x <= y) ? x : y;
    }

    private static long max(long x, long y, boolean u64) {
        return (u64 ? Long.compareUnsigned(x, y) >= 0 : x >= y) ? x : y;
    }

    static void divFull(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = quotient(operand(R[a + l], sh, sgn, mk), operand(R[b + l], sh, sgn, mk), u64) & mk;
        }
    }

    static void div(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64, int m) {
        if (m == FULL) {
            divFull(R, d, a, b, sh, sgn, mk, u64);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = quotient(operand(R[a | l], sh, sgn, mk), operand(R[b | l], sh, sgn, mk), u64) & mk;
        }
    }

    static void remFull(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = remainder(operand(R[a + l], sh, sgn, mk), operand(R[b + l], sh, sgn, mk), u64) & mk;
        }
    }

    static void rem(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64, int m) {
        if (m == FULL) {
            remFull(R, d, a, b, sh, sgn, mk, u64);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = remainder(operand(R[a | l], sh, sgn, mk), operand(R[b | l], sh, sgn, mk), u64) & mk;
        }
    }

    static void minFull(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = min(operand(R[a + l], sh, sgn, mk), operand(R[b + l], sh, sgn, mk), u64) & mk;
        }
    }

    static void min(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64, int m) {
        if (m == FULL) {
            minFull(R, d, a, b, sh, sgn, mk, u64);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = min(operand(R[a | l], sh, sgn, mk), operand(R[b | l], sh, sgn, mk), u64) & mk;
        }
    }

    static void maxFull(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = max(operand(R[a + l], sh, sgn, mk), operand(R[b + l], sh, sgn, mk), u64) & mk;
        }
    }

    static void max(long[] R, int d, int a, int b, int sh, boolean sgn, long mk, boolean u64, int m) {
        if (m == FULL) {
            maxFull(R, d, a, b, sh, sgn, mk, u64);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = max(operand(R[a | l], sh, sgn, mk), operand(R[b | l], sh, sgn, mk), u64) & mk;
        }
    }
}
