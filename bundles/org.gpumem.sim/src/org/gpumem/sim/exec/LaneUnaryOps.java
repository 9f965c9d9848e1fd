package org.gpumem.sim.exec;

/**
 * The fast engine's lane loops for single-operand instructions (abs, neg, not, cnot, the bit
 * counts; for f32 and f64 also rcp, sqrt and the other functions; cvt to or from a float type),
 * each lane computed by the interpreter's own per-lane code ({@link UnaryOps}, {@link Conversions}): the operation and type are constants at each call site,
 * so the JIT keeps only their branch. Forms the interpreter computes on another path (flushing,
 * saturation, directed rounding, half types) are not translated. Each has a full-warp form.
 */
final class LaneUnaryOps {
    private LaneUnaryOps() {
    }

    private static final int FULL = -1;

    static void integerFull(long[] R, int op, int t, int flags, int d, int a) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = UnaryOps.intLane(op, t, flags, R[a + l]);
        }
    }

    static void integer(long[] R, int op, int t, int flags, int d, int a, int m) {
        if (m == FULL) {
            integerFull(R, op, t, flags, d, a);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = UnaryOps.intLane(op, t, flags, R[a | l]);
        }
    }

    static void f32Full(long[] R, int op, int d, int a) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = Alu.bits(UnaryOps.f32Lane(op, Alu.f32(R[a + l])));
        }
    }

    static void f32(long[] R, int op, int d, int a, int m) {
        if (m == FULL) {
            f32Full(R, op, d, a);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = Alu.bits(UnaryOps.f32Lane(op, Alu.f32(R[a | l])));
        }
    }

    static void f64Full(long[] R, int op, int d, int a) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = Alu.bits(UnaryOps.f64Lane(op, Alu.f64(R[a + l])));
        }
    }

    static void f64(long[] R, int op, int d, int a, int m) {
        if (m == FULL) {
            f64Full(R, op, d, a);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = Alu.bits(UnaryOps.f64Lane(op, Alu.f64(R[a | l])));
        }
    }

    /** cvt from type {@code st} to {@code dt} where one is a float type: {@link Conversions#convert}, masked to {@code mk}. */
    static void convertFull(long[] R, int st, int dt, int rnd, int flags, long mk, int d, int a) {
        for (int l = 0; l < 32; l++) {
            R[d + l] = Conversions.convert(R[a + l], st, dt, rnd, flags) & mk;
        }
    }

    static void convert(long[] R, int st, int dt, int rnd, int flags, long mk, int d, int a, int m) {
        if (m == FULL) {
            convertFull(R, st, dt, rnd, flags, mk, d, a);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = Conversions.convert(R[a | l], st, dt, rnd, flags) & mk;
        }
    }
}
