package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Comparisons and selections for all active lanes: setp (with its boolean combiner), set, testp,
 * selp and slct.
 */
final class Comparisons {
    private Comparisons() {
    }

    static boolean compare(int cmp, long x, long y, int t) {
        if (HalfOps.isHalf(t)) {
            boolean bf = HalfOps.isBf16(t);
            return compareFloat(cmp, HalfFloats.decode(x, bf), HalfFloats.decode(y, bf));
        }
        if (t == F32 || t == F64) {
            return compareFloat(cmp, t == F32 ? f32(x) : f64(x), t == F32 ? f32(y) : f64(y));
        }
        return compareInt(cmp, x, y, t);
    }

    /** An ordered or unordered comparison of two float values. */
    public static boolean compareFloat(int cmp, double a, double b) {
        boolean nan = Double.isNaN(a) || Double.isNaN(b);
        switch (cmp) {
            case Op.CMP_EQ: return !nan && a == b;
            case Op.CMP_NE: return !nan && a != b;
            case Op.CMP_LT: return !nan && a < b;
            case Op.CMP_LE: return !nan && a <= b;
            case Op.CMP_GT: return !nan && a > b;
            case Op.CMP_GE: return !nan && a >= b;
            case Op.CMP_EQU: return nan || a == b;
            case Op.CMP_NEU: return nan || a != b;
            case Op.CMP_LTU: return nan || a < b;
            case Op.CMP_LEU: return nan || a <= b;
            case Op.CMP_GTU: return nan || a > b;
            case Op.CMP_GEU: return nan || a >= b;
            case Op.CMP_NUM: return !nan;
            case Op.CMP_NAN: return nan;
            default: return false;
        }
    }

    /** A comparison of two integers of type {@code t}. */
    public static boolean compareInt(int cmp, long x, long y, int t) {
        long a = norm(x, t), b = norm(y, t);
        boolean uns = !signed(t);
        int c = uns ? Long.compareUnsigned(a, b) : Long.compare(a, b);
        int uc = Long.compareUnsigned(a, b);
        switch (cmp) {
            case Op.CMP_EQ: return a == b;
            case Op.CMP_NE: return a != b;
            case Op.CMP_LT: return c < 0;
            case Op.CMP_LE: return c <= 0;
            case Op.CMP_GT: return c > 0;
            case Op.CMP_GE: return c >= 0;
            case Op.CMP_LO: return uc < 0;
            case Op.CMP_LS: return uc <= 0;
            case Op.CMP_HI: return uc > 0;
            case Op.CMP_HS: return uc >= 0;
            default: return false;
        }
    }

    static boolean combine(int boolOp, boolean r, boolean c) {
        switch (boolOp) {
            case Op.BOOL_AND: return r && c;
            case Op.BOOL_OR: return r || c;
            case Op.BOOL_XOR: return r ^ c;
            default: return r;
        }
    }

    static void setp(Instruction in, long[] R, int m) {
        int t = in.type;
        int p = in.dst[0] << 5;
        int q = in.dst.length > 1 ? in.dst[1] << 5 : -1;
        int a = in.src[0] << 5, b = in.src[1] << 5;
        int c = in.src.length > 2 ? in.src[2] << 5 : -1;
        boolean negC = (in.flags & Op.F_HI) != 0;
        int cmp = in.mod;
        int bop = in.mod2;
        if (c < 0 && q < 0 && !isFloat(t) && size(t) == 4) {
            boolean sgn = signed(t);
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long x = sgn ? (int) R[a | l] : R[a | l] & 0xFFFF_FFFFL;
                long y = sgn ? (int) R[b | l] : R[b | l] & 0xFFFF_FFFFL;
                boolean r;
                switch (cmp) {
                    case Op.CMP_EQ: r = x == y; break;
                    case Op.CMP_NE: r = x != y; break;
                    case Op.CMP_LT: r = x < y; break;
                    case Op.CMP_LE: r = x <= y; break;
                    case Op.CMP_GT: r = x > y; break;
                    case Op.CMP_GE: r = x >= y; break;
                    default: r = compare(cmp, R[a | l], R[b | l], t); break;
                }
                R[p | l] = r ? 1 : 0;
            }
            return;
        }
        if (HalfOps.isPair(t)) {
            setpPair(in, R, m);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean r = compare(cmp, R[a | l], R[b | l], t);
            boolean cv = c >= 0 && (((R[c | l] & 1) != 0) ^ negC);
            R[p | l] = combine(bop, r, cv) ? 1 : 0;
            if (q >= 0) {
                R[q | l] = combine(bop, !r, cv) ? 1 : 0;
            }
        }
    }

    /** {@code setp.f16x2/bf16x2 p|q, a, b}: p from the low halves, q from the high halves. */
    private static void setpPair(Instruction in, long[] R, int m) {
        int p = in.dst[0] << 5;
        int q = in.dst.length > 1 ? in.dst[1] << 5 : -1;
        int a = in.src[0] << 5, b = in.src[1] << 5;
        int c = in.src.length > 2 ? in.src[2] << 5 : -1;
        boolean negC = (in.flags & Op.F_HI) != 0;
        int half = HalfOps.isBf16(in.type) ? HalfOps.BF16 : HalfOps.F16;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean cv = c >= 0 && (((R[c | l] & 1) != 0) ^ negC);
            boolean lo = compare(in.mod, R[a | l], R[b | l], half);
            boolean hi = compare(in.mod, R[a | l] >>> 16, R[b | l] >>> 16, half);
            R[p | l] = combine(in.mod2, lo, cv) ? 1 : 0;
            if (q >= 0) {
                R[q | l] = combine(in.mod2, hi, cv) ? 1 : 0;
            }
        }
    }

    static void set(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int c = in.src.length > 2 ? in.src[2] << 5 : -1;
        boolean negC = (in.flags & Op.F_HI) != 0;
        boolean fdst = in.type == F32;
        int st = in.type2;
        if (HalfOps.isPair(st)) {
            // Per half: 1.0 in a half destination, all ones in an integer one.
            int half = HalfOps.isBf16(st) ? HalfOps.BF16 : HalfOps.F16;
            long yes = HalfOps.isHalf(in.type) ? HalfFloats.one(HalfOps.isBf16(in.type)) : 0xFFFF;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                boolean cv = c >= 0 && (((R[c | l] & 1) != 0) ^ negC);
                long r = 0;
                for (int k = 0; k < 2; k++) {
                    boolean v = combine(in.mod2, compare(in.mod, R[a | l] >>> (16 * k), R[b | l] >>> (16 * k), half), cv);
                    r |= (v ? yes : 0) << (16 * k);
                }
                R[d | l] = r;
            }
            return;
        }
        long yes = fdst ? bits(1.0f) : HalfOps.isHalf(in.type) ? HalfFloats.one(HalfOps.isBf16(in.type)) : mask(in.type);
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean r = compare(in.mod, R[a | l], R[b | l], st);
            boolean cv = c >= 0 && (((R[c | l] & 1) != 0) ^ negC);
            boolean v = combine(in.mod2, r, cv);
            R[d | l] = v ? yes : 0;
        }
    }

    static void testp(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            double x = in.type == F32 ? f32(R[a | l]) : f64(R[a | l]);
            double minNormal = in.type == F32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
            boolean r;
            switch (in.mod) {
                case Op.TESTP_FINITE: r = Double.isFinite(x); break;
                case Op.TESTP_INFINITE: r = Double.isInfinite(x); break;
                case Op.TESTP_NUMBER: r = !Double.isNaN(x); break;
                case Op.TESTP_NOTANUMBER: r = Double.isNaN(x); break;
                case Op.TESTP_NORMAL: r = Double.isFinite(x) && Math.abs(x) >= minNormal; break;
                default: r = x != 0 && Math.abs(x) < minNormal; break;
            }
            R[d | l] = r ? 1 : 0;
        }
    }

    /** selp: a or b by a predicate. */
    static void selp(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
        long mk = mask(in.type);
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = ((R[c | l] & 1) != 0 ? R[a | l] : R[b | l]) & mk;
        }
    }

    /** slct: a or b by the sign of c. */
    static void slct(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
        long mk = mask(in.type);
        boolean fc = in.type2 == F32;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean ge = fc ? f32(R[c | l]) >= 0f : (int) R[c | l] >= 0;
            R[d | l] = (ge ? R[a | l] : R[b | l]) & mk;
        }
    }
}
