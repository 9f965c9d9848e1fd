package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Arithmetic on {@code .f16}, {@code .f16x2}, {@code .bf16} and {@code .bf16x2} for all active
 * lanes: add, sub, mul, fma, min, max, neg, abs, ex2.approx, tanh.approx, with {@code .sat},
 * {@code .relu}, {@code .ftz}, {@code .NaN} and {@code .xorsign.abs}; the {@code .x2} forms work on both halves of a 32-bit register, the low
 * half first. The values themselves are {@link HalfFloats}'.
 */
public final class HalfOps {
    private HalfOps() {
    }

    static final int F16 = ScalarType.F16.ordinal(), F16X2 = ScalarType.F16X2.ordinal(),
            BF16 = ScalarType.BF16.ordinal(), BF16X2 = ScalarType.BF16X2.ordinal();

    public static boolean isHalf(int t) {
        return t == F16 || t == F16X2 || t == BF16 || t == BF16X2;
    }

    public static boolean isPair(int t) {
        return t == F16X2 || t == BF16X2;
    }

    static boolean isBf16(int t) {
        return t == BF16 || t == BF16X2;
    }

    static void execute(Instruction in, long[] R, int m) {
        int t = in.type;
        boolean bf = isBf16(t);
        int halves = isPair(t) ? 2 : 1;
        int d = in.dst[0] << 5;
        int[] s = in.src;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long a = R[s[0] << 5 | l];
            long b = s.length > 1 ? R[s[1] << 5 | l] : 0;
            long c = s.length > 2 ? R[s[2] << 5 | l] : 0;
            long r = 0;
            for (int k = 0; k < halves; k++) {
                int sh = 16 * k;
                int h = one(in, (int) (a >>> sh) & 0xFFFF, (int) (b >>> sh) & 0xFFFF, (int) (c >>> sh) & 0xFFFF, bf);
                r |= (long) h << sh;
            }
            R[d | l] = r;
        }
    }

    /** One half's result of {@code in}. */
    static int one(Instruction in, int a, int b, int c, boolean bf) {
        boolean ftz = (in.flags & Op.F_FTZ) != 0;
        if (ftz) {
            a = HalfFloats.flush(a, bf);
            b = HalfFloats.flush(b, bf);
            c = HalfFloats.flush(c, bf);
        }
        int rnd = in.rnd == Op.RND_NONE ? Op.RND_RN : in.rnd;
        int r;
        switch (in.op) {
            case Op.ADD:
            case Op.SUB:
            case Op.MUL:
                r = HalfFloats.binary(in.op, a, b, bf, rnd);
                break;
            case Op.FMA:
            case Op.MAD:
                r = HalfFloats.fma(a, b, c, bf, rnd);
                break;
            case Op.MIN:
            case Op.MAX:
                if ((in.flags & Op.F_XORSIGN_ABS) != 0) {
                    return HalfFloats.minMaxXorSignAbs(in.op == Op.MAX, a, b, bf, (in.flags & Op.F_NAN) != 0);
                }
                return HalfFloats.minMax(in.op == Op.MAX, a, b, bf, (in.flags & Op.F_NAN) != 0);
            case Op.EX2:
            case Op.TANH:
                // .approx: the exact function rounded once to nearest, within the PTX ISA's bounds
                r = HalfFloats.encode(in.op == Op.EX2 ? Math.pow(2, HalfFloats.decode(a, bf)) : Math.tanh(HalfFloats.decode(a, bf)),
                        0, bf, Op.RND_RN);
                break;
            case Op.NEG:
                return a ^ 0x8000;
            case Op.ABS:
                return a & 0x7FFF;
            default:
                throw new IllegalStateException("no half-precision form of " + in.opcode);
        }
        if ((in.flags & Op.F_SAT) != 0) {
            r = HalfFloats.saturate(r, bf);
        }
        if ((in.flags & Op.F_RELU) != 0) {
            r = HalfFloats.relu(r, bf);
        }
        return ftz ? HalfFloats.flush(r, bf) : r;
    }
}
