package org.gpumem.sim.exec.scalar;

import java.math.BigInteger;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The video instructions as the PTX ISA defines them: scalar ones select a byte, half or the word
 * of a and b, extend it by its type, operate without overflow, saturate to d's type (or d's
 * selected part), then apply the secondary operation with c or merge into c's part; SIMD ones
 * do the same per half or byte of the fields their selectors pick from b:a, and merge by mask
 * into c or add the masked results to c. {@link Instruction#video} carries the selectors
 * ({@code org.gpumem.sim.ptx.VideoForms}).
 */
public final class VideoOps {
    private static final int WORD = Op.VID_WORD;
    private static final int A_SIGNED = Op.VID_A_SIGNED, B_SIGNED = Op.VID_B_SIGNED, D_SIGNED = Op.VID_D_SIGNED;

    private VideoOps() {
    }

    /** A VIDEO or VIDEO_SIMD instruction for the lanes of {@code m}. */
    public static void execute(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int a = (int) R[in.src[0] << 5 | l], b = (int) R[in.src[1] << 5 | l];
            int c = in.src.length > 2 ? (int) R[in.src[2] << 5 | l] : 0;
            int r = in.op == Op.VIDEO_SIMD ? simd(in, a, b, c) : in.mod == Op.VID_MAD ? mad(in, a, b, c) : scalar(in, a, b, c);
            R[d | l] = r & 0xFFFF_FFFFL;
        }
    }

    /** The part {@code sel} of {@code v} (0-3 a byte, 4-5 a half, 7 the word), sign- or zero-extended. */
    static long part(int v, int sel, boolean signed) {
        if (sel == WORD) {
            return signed ? v : v & 0xFFFF_FFFFL;
        }
        int bits = sel < 4 ? 8 : 16;
        int shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
        long x = (v >>> shift) & ((1L << bits) - 1);
        return signed ? x << (64 - bits) >> (64 - bits) : x;
    }

    private static long clamp(long v, int bits, boolean signed) {
        long lo = signed ? -(1L << (bits - 1)) : 0;
        long hi = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
        return Math.max(lo, Math.min(hi, v));
    }

    private static boolean compare(int cmp, long x, long y) {
        switch (cmp) {
            case Op.CMP_EQ: return x == y;
            case Op.CMP_NE: return x != y;
            case Op.CMP_LT: return x < y;
            case Op.CMP_LE: return x <= y;
            case Op.CMP_GT: return x > y;
            default: return x >= y;
        }
    }

    /** The operation on two extended values, exact in a long (shifts saturate past what 32-bit results need). */
    private static long operate(Instruction in, long x, long y) {
        switch (in.mod) {
            case Op.VID_ADD: return x + y;
            case Op.VID_SUB: return x - y;
            case Op.VID_ABSDIFF: return Math.abs(x - y);
            case Op.VID_MIN: return Math.min(x, y);
            case Op.VID_MAX: return Math.max(x, y);
            case Op.VID_AVRG: return x + y >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1;
            case Op.VID_SET: return compare(in.mod2 >> 8 & 0x1f, x, y) ? 1 : 0;
            case Op.VID_SHL:
            case Op.VID_SHR: {
                long s = (in.flags & Op.F_CLAMP) != 0 ? Math.min(y, 32) : y & 31;
                if (in.mod == Op.VID_SHR) {
                    return x >> s;
                }
                // x has at most 33 significant bits: past 30 places only the low 32 bits stay exact,
                // and a saturated result is the clamp of a value beyond every 32-bit range
                return s > 30 && (in.flags & Op.F_SAT) != 0 && x != 0 ? (x < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : x << s;
            }
            default: throw new IllegalStateException("video operation " + in.mod);
        }
    }

    private static int scalar(Instruction in, int a, int b, int c) {
        int v = in.video;
        boolean dSigned = (v & D_SIGNED) != 0;
        long x = part(a, v & 7, (v & A_SIGNED) != 0);
        long y = in.mod == Op.VID_SHL || in.mod == Op.VID_SHR ? part(b, v >> 12 & 7, false) : part(b, v >> 12 & 7, (v & B_SIGNED) != 0);
        long t = operate(in, x, y);
        int dsel = v >> 24 & 0xf;
        if ((in.flags & Op.F_SAT) != 0) {
            t = clamp(t, dsel == WORD ? 32 : dsel < 4 ? 8 : 16, dSigned);
        }
        int r = (int) t;
        switch (in.mod2 & 0xf) {
            case Op.VID_OP2_ADD: return r + c;
            case Op.VID_OP2_MIN: return dSigned ? Math.min(r, c) : Integer.compareUnsigned(r, c) <= 0 ? r : c;
            case Op.VID_OP2_MAX: return dSigned ? Math.max(r, c) : Integer.compareUnsigned(r, c) >= 0 ? r : c;
            case Op.VID_MERGE: {
                int bits = dsel < 4 ? 8 : 16;
                int shift = dsel < 4 ? 8 * dsel : 16 * (dsel - 4);
                int field = (int) ((1L << bits) - 1) << shift;
                return c & ~field | (r << shift) & field;
            }
            default: return r;
        }
    }

    /**
     * {@code vmad}: (a x b) + c in 128 bits, the product's negation as its ones' complement plus
     * one, c's likewise, {@code .po} adding one; shifted by the scale, saturated to 32 bits
     * (signed when an operand is signed or negated).
     */
    private static int mad(Instruction in, int a, int b, int c) {
        int v = in.video;
        boolean po = (in.mod2 & Op.VID_PO) != 0, negProduct = (in.mod2 & Op.VID_NEG_PRODUCT) != 0,
                negC = (in.mod2 & Op.VID_NEG_C) != 0;
        boolean aSigned = (v & A_SIGNED) != 0, bSigned = (v & B_SIGNED) != 0;
        boolean signedFinal = aSigned || bSigned || negProduct || negC;
        BigInteger t = BigInteger.valueOf(part(a, v & 7, aSigned)).multiply(BigInteger.valueOf(part(b, v >> 12 & 7, bSigned)));
        long cc = c;
        int lsb = 0;
        if (po) {
            lsb = 1;
        } else if (negProduct) {
            t = t.not();
            lsb = 1;
        } else if (negC) {
            cc = ~c;
            lsb = 1;
        }
        t = t.add(BigInteger.valueOf(signedFinal ? (int) cc : cc & 0xFFFF_FFFFL)).add(BigInteger.valueOf(lsb));
        int scale = in.mod2 >> 16 & 3;
        t = t.shiftRight(scale == 1 ? 7 : scale == 2 ? 15 : 0);
        long r = t.longValue();
        if ((in.flags & Op.F_SAT) != 0) {
            r = signedFinal ? clamp(r, 32, true) : Long.compareUnsigned(r, 0xFFFF_FFFFL) > 0 ? 0xFFFF_FFFFL : r;
        }
        return (int) r;
    }

    /** vadd2 ... vset4: element i from the fields of b:a that the selectors name. */
    private static int simd(Instruction in, int a, int b, int c) {
        int v = in.video;
        int n = in.mod2 >> 24 & 7;
        int bits = 32 / n;
        long pair = (long) b << 32 | (a & 0xFFFF_FFFFL);
        long fieldMask = (1L << bits) - 1;
        int mask = v >> 24 & 0xf;
        boolean add = (in.mod2 & 0xf) == Op.VID_OP2_ADD;
        int result = add ? c : 0;
        for (int i = 0; i < n; i++) {
            long x = field(pair, v >> 3 * i & 7, bits, (v & A_SIGNED) != 0);
            long y = field(pair, v >> 12 + 3 * i & 7, bits, (v & B_SIGNED) != 0);
            long t = operate(in, x, y);
            if ((in.flags & Op.F_SAT) != 0) {
                t = clamp(t, bits, (v & D_SIGNED) != 0);
            }
            boolean selected = (mask >> i & 1) != 0;
            if (add) {
                result += selected ? (int) t : 0;
            } else {
                long f = selected ? t : c >>> bits * i;
                result |= (int) ((f & fieldMask) << bits * i);
            }
        }
        return result;
    }

    private static long field(long pair, int k, int bits, boolean signed) {
        long x = pair >>> bits * k & ((1L << bits) - 1);
        return signed ? x << (64 - bits) >> (64 - bits) : x;
    }
}
