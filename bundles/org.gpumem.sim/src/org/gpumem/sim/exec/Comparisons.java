package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.Alu.*;

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
        if (t == F32 || t == F64) {
            double a = t == F32 ? f32(x) : f64(x);
            double b = t == F32 ? f32(y) : f64(y);
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

    static void set(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int c = in.src.length > 2 ? in.src[2] << 5 : -1;
        boolean negC = (in.flags & Op.F_HI) != 0;
        boolean fdst = in.type == F32;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            boolean r = compare(in.mod, R[a | l], R[b | l], in.type2);
            boolean cv = c >= 0 && (((R[c | l] & 1) != 0) ^ negC);
            boolean v = combine(in.mod2, r, cv);
            R[d | l] = fdst ? (v ? bits(1.0f) : 0) : (v ? mask(in.type) : 0);
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
