package org.gpumem.sim.exec;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Register-to-register instructions for all active lanes. Registers hold raw bits in a long;
 * every instruction reads its operands at its own width (sign- or zero-extended by type) and
 * writes results masked to its destination width, so what a register holds above that width
 * never matters.
 */
final class Alu {
    private Alu() {
    }

    private static final ScalarType[] TYPES = ScalarType.values();
    private static final int F32 = ScalarType.F32.ordinal(), F64 = ScalarType.F64.ordinal(),
            PRED = ScalarType.PRED.ordinal(), U64 = ScalarType.U64.ordinal(), B64 = ScalarType.B64.ordinal();

    static int size(int t) {
        return TYPES[t].size();
    }

    static boolean signed(int t) {
        return TYPES[t].isSigned();
    }

    static boolean isFloat(int t) {
        return t == F32 || t == F64;
    }

    static long mask(int t) {
        int s = size(t);
        return s >= 8 ? -1L : (1L << (8 * s)) - 1;
    }

    /** The value of raw bits at type {@code t}: sign-extended for signed types, else zero-extended. */
    static long norm(long v, int t) {
        int s = size(t);
        if (s >= 8) {
            return v;
        }
        if (signed(t)) {
            int sh = 64 - 8 * s;
            return (v << sh) >> sh;
        }
        return v & ((1L << (8 * s)) - 1);
    }

    static float f32(long v) {
        return Float.intBitsToFloat((int) v);
    }

    static long bits(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    static double f64(long v) {
        return Double.longBitsToDouble(v);
    }

    static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }

    private static float ftz(float f) {
        return Math.abs(f) < Float.MIN_NORMAL ? Math.copySign(0f, f) : f;
    }

    static void execute(Instruction in, long[] R, int m) {
        switch (in.op) {
            case Op.ADD:
            case Op.SUB:
            case Op.MUL:
            case Op.DIV:
            case Op.REM:
            case Op.MIN:
            case Op.MAX:
            case Op.AND:
            case Op.OR:
            case Op.XOR:
            case Op.SHL:
            case Op.SHR:
            case Op.COPYSIGN:
            case Op.MUL24:
                if (isFloat(in.type)) {
                    floatBinary(in, R, m);
                } else {
                    intBinary(in, R, m);
                }
                return;
            case Op.MAD:
            case Op.FMA:
            case Op.MAD24:
            case Op.SAD:
                ternary(in, R, m);
                return;
            case Op.ABS:
            case Op.NEG:
            case Op.NOT:
            case Op.CNOT:
            case Op.RCP:
            case Op.SQRT:
            case Op.RSQRT:
            case Op.SIN:
            case Op.COS:
            case Op.LG2:
            case Op.EX2:
            case Op.TANH:
            case Op.BREV:
            case Op.POPC:
            case Op.CLZ:
            case Op.BFIND:
                unary(in, R, m);
                return;
            case Op.SETP:
                setp(in, R, m);
                return;
            case Op.SET:
                set(in, R, m);
                return;
            case Op.SELP: {
                int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
                long mk = mask(in.type);
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = ((R[c | l] & 1) != 0 ? R[a | l] : R[b | l]) & mk;
                }
                return;
            }
            case Op.SLCT: {
                int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
                long mk = mask(in.type);
                boolean fc = in.type2 == F32;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    boolean ge = fc ? f32(R[c | l]) >= 0f : (int) R[c | l] >= 0;
                    R[d | l] = (ge ? R[a | l] : R[b | l]) & mk;
                }
                return;
            }
            case Op.CVT:
                cvt(in, R, m);
                return;
            case Op.TESTP:
                testp(in, R, m);
                return;
            case Op.BFE:
            case Op.BFI:
            case Op.PRMT:
            case Op.LOP3:
                bits(in, R, m);
                return;
            case Op.MOV_PACK: {
                int d = in.dst[0] << 5;
                int n = in.src.length;
                int ebits = size(in.type) * 8 / n;
                long emask = ebits >= 64 ? -1L : (1L << ebits) - 1;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long v = 0;
                    for (int k = 0; k < n; k++) {
                        v |= (R[in.src[k] << 5 | l] & emask) << (k * ebits);
                    }
                    R[d | l] = v & mask(in.type);
                }
                return;
            }
            case Op.MOV_UNPACK: {
                int a = in.src[0] << 5;
                int n = in.dst.length;
                int ebits = size(in.type) * 8 / n;
                long emask = ebits >= 64 ? -1L : (1L << ebits) - 1;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long v = R[a | l];
                    for (int k = 0; k < n; k++) {
                        R[in.dst[k] << 5 | l] = (v >>> (k * ebits)) & emask;
                    }
                }
                return;
            }
            default:
                throw new IllegalStateException("no interpreter for " + in.opcode);
        }
    }

    static void intBinary(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = mask(t);
        int width = size(t) * 8;
        boolean sgn = signed(t);
        int sh = 64 - width;
        int flags = in.flags;
        if (t == PRED) {
            mk = 1;
        }
        switch (in.op) {
            case Op.ADD:
            case Op.SUB: {
                boolean sub = in.op == Op.SUB;
                boolean sat = (flags & Op.F_SAT) != 0 && width == 32;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
                    long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
                    long r = sub ? x - y : x + y;
                    if (sat) {
                        r = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
                    }
                    R[d | l] = r & mk;
                }
                return;
            }
            case Op.MUL:
                if ((flags & Op.F_WIDE) != 0) {
                    long wm = width == 32 ? -1L : 0xFFFF_FFFFL;
                    for (int mm = m; mm != 0; mm &= mm - 1) {
                        int l = Integer.numberOfTrailingZeros(mm);
                        long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
                        long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
                        R[d | l] = x * y & wm;
                    }
                    return;
                }
                if ((flags & Op.F_HI) != 0) {
                    for (int mm = m; mm != 0; mm &= mm - 1) {
                        int l = Integer.numberOfTrailingZeros(mm);
                        long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
                        long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
                        R[d | l] = mulHi(x, y, width, sgn) & mk;
                    }
                    return;
                }
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = R[a | l] * R[b | l] & mk;
                }
                return;
            case Op.AND:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = R[a | l] & R[b | l] & mk;
                }
                return;
            case Op.OR:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = (R[a | l] | R[b | l]) & mk;
                }
                return;
            case Op.XOR:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = (R[a | l] ^ R[b | l]) & mk;
                }
                return;
            case Op.SHL:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long s = R[b | l] & 0xFFFF_FFFFL;
                    R[d | l] = s >= width ? 0 : (R[a | l] << s) & mk;
                }
                return;
            case Op.SHR:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long s = R[b | l] & 0xFFFF_FFFFL;
                    long r;
                    if (sgn) {
                        r = ((R[a | l] << sh) >> sh) >> Math.min(s, width - 1);
                    } else {
                        r = s >= width ? 0 : (R[a | l] & mk) >>> s;
                    }
                    R[d | l] = r & mk;
                }
                return;
            default:
                break;
        }
        boolean u64 = width == 64 && !sgn;
        int op = in.op;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            long r;
            switch (op) {
                case Op.MUL24: {
                    long x24 = sgn ? (x << 40) >> 40 : x & 0xFF_FFFFL;
                    long y24 = sgn ? (y << 40) >> 40 : y & 0xFF_FFFFL;
                    r = (flags & Op.F_HI) != 0 ? (x24 * y24) >> 16 : x24 * y24;
                    break;
                }
                case Op.DIV:
                    if (y == 0) {
                        r = -1;
                    } else if (u64) {
                        r = Long.divideUnsigned(x, y);
                    } else {
                        r = x / y;
                    }
                    break;
                case Op.REM:
                    if (y == 0) {
                        r = x;
                    } else if (u64) {
                        r = Long.remainderUnsigned(x, y);
                    } else {
                        r = x % y;
                    }
                    break;
                case Op.MIN:
                    r = (u64 ? Long.compareUnsigned(x, y) <= 0 : x <= y) ? x : y;
                    break;
                case Op.MAX:
                    r = (u64 ? Long.compareUnsigned(x, y) >= 0 : x >= y) ? x : y;
                    break;
                default:
                    throw new IllegalStateException(in.opcode);
            }
            R[d | l] = r & mk;
        }
    }

    private static long mulHi(long x, long y, int width, boolean sgn) {
        if (width == 64) {
            long h = Math.multiplyHigh(x, y);
            if (!sgn) {
                h += ((x >> 63) & y) + ((y >> 63) & x);
            }
            return h;
        }
        return (x * y) >> width;
    }

    static void floatBinary(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int op = in.op;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        boolean fz = (in.flags & Op.F_FTZ) != 0;
        if (in.type == F32) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                float x = f32(R[a | l]);
                float y = f32(R[b | l]);
                if (fz) {
                    x = ftz(x);
                    y = ftz(y);
                }
                float r;
                switch (op) {
                    case Op.ADD: r = x + y; break;
                    case Op.SUB: r = x - y; break;
                    case Op.MUL: r = x * y; break;
                    case Op.DIV: r = x / y; break;
                    case Op.MIN: r = Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.min(x, y); break;
                    case Op.MAX: r = Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.max(x, y); break;
                    case Op.COPYSIGN: r = Math.copySign(y, x); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                if (sat) {
                    r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
                }
                if (fz) {
                    r = ftz(r);
                }
                R[d | l] = bits(r);
            }
        } else {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                double x = f64(R[a | l]);
                double y = f64(R[b | l]);
                double r;
                switch (op) {
                    case Op.ADD: r = x + y; break;
                    case Op.SUB: r = x - y; break;
                    case Op.MUL: r = x * y; break;
                    case Op.DIV: r = x / y; break;
                    case Op.MIN: r = Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y); break;
                    case Op.MAX: r = Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y); break;
                    case Op.COPYSIGN: r = Math.copySign(y, x); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                if (sat) {
                    r = Double.isNaN(r) ? 0 : Math.max(0, Math.min(1, r));
                }
                R[d | l] = bits(r);
            }
        }
    }

    private static void ternary(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        if (t == F32) {
            boolean fz = (in.flags & Op.F_FTZ) != 0;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                float x = f32(R[a | l]), y = f32(R[b | l]), z = f32(R[c | l]);
                if (fz) {
                    x = ftz(x);
                    y = ftz(y);
                    z = ftz(z);
                }
                float r = Math.fma(x, y, z);
                if (sat) {
                    r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
                }
                R[d | l] = bits(fz ? ftz(r) : r);
            }
            return;
        }
        if (t == F64) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                double r = Math.fma(f64(R[a | l]), f64(R[b | l]), f64(R[c | l]));
                if (sat) {
                    r = Double.isNaN(r) ? 0 : Math.max(0, Math.min(1, r));
                }
                R[d | l] = bits(r);
            }
            return;
        }
        int width = size(t) * 8;
        boolean sgn = signed(t);
        long mk = mask(t);
        int flags = in.flags;
        int sh = 64 - width;
        if (in.op == Op.MAD && (flags & (Op.F_WIDE | Op.F_HI)) == 0) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                R[d | l] = (R[a | l] * R[b | l] + R[c | l]) & mk;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
            long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
            long r;
            switch (in.op) {
                case Op.MAD:
                    if ((flags & Op.F_WIDE) != 0) {
                        long z = R[c | l];
                        r = x * y + z;
                        R[d | l] = width == 32 ? r : r & 0xFFFF_FFFFL;
                        continue;
                    }
                    r = ((flags & Op.F_HI) != 0 ? mulHi(x, y, width, sgn) : x * y) + R[c | l];
                    break;
                case Op.MAD24: {
                    long x24 = sgn ? (x << 40) >> 40 : x & 0xFF_FFFFL;
                    long y24 = sgn ? (y << 40) >> 40 : y & 0xFF_FFFFL;
                    r = ((flags & Op.F_HI) != 0 ? (x24 * y24) >> 16 : x24 * y24) + R[c | l];
                    break;
                }
                case Op.SAD:
                    r = R[c | l] + (sgn ? Math.abs(x - y) : (Long.compareUnsigned(x, y) >= 0 ? x - y : y - x));
                    break;
                default:
                    throw new IllegalStateException(in.opcode);
            }
            R[d | l] = r & mk;
        }
    }

    private static void unary(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int op = in.op;
        if (t == F32) {
            boolean fz = (in.flags & Op.F_FTZ) != 0;
            boolean sat = (in.flags & Op.F_SAT) != 0;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                float x = f32(R[a | l]);
                if (fz) {
                    x = ftz(x);
                }
                float r;
                switch (op) {
                    case Op.ABS: r = Math.abs(x); break;
                    case Op.NEG: r = -x; break;
                    case Op.RCP: r = 1f / x; break;
                    case Op.SQRT: r = (float) Math.sqrt(x); break;
                    case Op.RSQRT: r = (float) (1.0 / Math.sqrt(x)); break;
                    case Op.SIN: r = (float) Math.sin(x); break;
                    case Op.COS: r = (float) Math.cos(x); break;
                    case Op.LG2: r = (float) (Math.log(x) / Math.log(2)); break;
                    case Op.EX2: r = (float) Math.pow(2, x); break;
                    case Op.TANH: r = (float) Math.tanh(x); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                if (sat) {
                    r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
                }
                R[d | l] = bits(fz ? ftz(r) : r);
            }
            return;
        }
        if (t == F64) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                double x = f64(R[a | l]);
                double r;
                switch (op) {
                    case Op.ABS: r = Math.abs(x); break;
                    case Op.NEG: r = -x; break;
                    case Op.RCP: r = 1.0 / x; break;
                    case Op.SQRT: r = Math.sqrt(x); break;
                    case Op.RSQRT: r = 1.0 / Math.sqrt(x); break;
                    case Op.SIN: r = Math.sin(x); break;
                    case Op.COS: r = Math.cos(x); break;
                    case Op.LG2: r = Math.log(x) / Math.log(2); break;
                    case Op.EX2: r = Math.pow(2, x); break;
                    case Op.TANH: r = Math.tanh(x); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                R[d | l] = bits(r);
            }
            return;
        }
        long mk = mask(t);
        int width = size(t) * 8;
        boolean pred = t == PRED;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = norm(R[a | l], t);
            long r;
            switch (op) {
                case Op.ABS: r = Math.abs(x); break;
                case Op.NEG: r = -x; break;
                case Op.NOT: r = pred ? x ^ 1 : ~x; break;
                case Op.CNOT: r = x == 0 ? 1 : 0; break;
                case Op.BREV: r = width == 64 ? Long.reverse(x) : Integer.reverse((int) x); break;
                case Op.POPC: r = width == 64 ? Long.bitCount(x) : Integer.bitCount((int) x); break;
                case Op.CLZ: r = width == 64 ? Long.numberOfLeadingZeros(x) : Integer.numberOfLeadingZeros((int) x); break;
                case Op.BFIND: {
                    long v = signed(t) && x < 0 ? ~x : x;
                    if (width == 32) {
                        v &= 0xFFFF_FFFFL;
                    }
                    if (v == 0) {
                        r = 0xFFFF_FFFFL;
                    } else {
                        int pos = 63 - Long.numberOfLeadingZeros(v);
                        r = (in.flags & Op.F_SHIFTAMT) != 0 ? width - 1 - pos : pos;
                    }
                    R[d | l] = r & 0xFFFF_FFFFL;
                    continue;
                }
                default: throw new IllegalStateException(in.opcode);
            }
            if (op == Op.POPC || op == Op.CLZ) {
                R[d | l] = r & 0xFFFF_FFFFL;
            } else {
                R[d | l] = r & mk;
            }
        }
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

    private static boolean combine(int boolOp, boolean r, boolean c) {
        switch (boolOp) {
            case Op.BOOL_AND: return r && c;
            case Op.BOOL_OR: return r || c;
            case Op.BOOL_XOR: return r ^ c;
            default: return r;
        }
    }

    private static void setp(Instruction in, long[] R, int m) {
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

    private static void set(Instruction in, long[] R, int m) {
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

    private static void testp(Instruction in, long[] R, int m) {
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

    private static void bits(Instruction in, long[] R, int m) {
        int t = in.type;
        int width = size(t) * 8;
        long mk = mask(t);
        int d = in.dst[0] << 5;
        int[] s = in.src;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long a = R[s[0] << 5 | l] & mk;
            long r;
            switch (in.op) {
                case Op.BFE: {
                    int pos = (int) (R[s[1] << 5 | l] & 0xFF);
                    int len = (int) (R[s[2] << 5 | l] & 0xFF);
                    int msb = width - 1;
                    long sbit = 0;
                    if (signed(t) && len > 0) {
                        int sb = Math.min(pos + len - 1, msb);
                        sbit = (a >>> sb) & 1;
                    }
                    r = 0;
                    for (int i = 0; i < width; i++) {
                        long bit = i < len && pos + i <= msb ? (a >>> (pos + i)) & 1 : sbit;
                        r |= bit << i;
                    }
                    break;
                }
                case Op.BFI: {
                    long b = R[s[1] << 5 | l] & mk;
                    int pos = (int) (R[s[2] << 5 | l] & 0xFF);
                    int len = (int) (R[s[3] << 5 | l] & 0xFF);
                    r = b;
                    for (int i = 0; i < len && pos + i < width; i++) {
                        long bit = (a >>> i) & 1;
                        r = (r & ~(1L << (pos + i))) | (bit << (pos + i));
                    }
                    break;
                }
                case Op.PRMT: {
                    long b = R[s[1] << 5 | l] & 0xFFFF_FFFFL;
                    long c = R[s[2] << 5 | l];
                    long bytes = (b << 32) | (a & 0xFFFF_FFFFL);
                    r = 0;
                    for (int i = 0; i < 4; i++) {
                        int sel = (int) (c >>> (4 * i)) & 0xF;
                        long byteVal = (bytes >>> (8 * (sel & 7))) & 0xFF;
                        if ((sel & 8) != 0) {
                            byteVal = (byteVal & 0x80) != 0 ? 0xFF : 0;
                        }
                        r |= byteVal << (8 * i);
                    }
                    break;
                }
                default: {
                    long b = R[s[1] << 5 | l] & mk;
                    long c = R[s[2] << 5 | l] & mk;
                    int lut = (int) (R[s[3] << 5 | l] & 0xFF);
                    r = 0;
                    for (int i = 0; i < 8; i++) {
                        if ((lut >>> i & 1) != 0) {
                            r |= ((i & 4) != 0 ? a : ~a) & ((i & 2) != 0 ? b : ~b) & ((i & 1) != 0 ? c : ~c);
                        }
                    }
                    break;
                }
            }
            R[d | l] = r & mk;
        }
    }

    private static void cvt(Instruction in, long[] R, int m) {
        int dt = in.type, st = in.type2;
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        boolean dFloat = isFloat(dt), sFloat = isFloat(st);
        long dmask = mask(dt);
        int rnd = in.rnd;
        if (!dFloat && !sFloat) {
            int ssh = 64 - 8 * size(st);
            long smask = mask(st);
            boolean ssgn = signed(st);
            if (!sat) {
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long v = ssgn ? (R[a | l] << ssh) >> ssh : R[a | l] & smask;
                    R[d | l] = v & dmask;
                }
                return;
            }
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long v = clampInt(norm(R[a | l], st), st, dt);
                R[d | l] = v & dmask;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long raw = R[a | l];
            long out;
            if (dFloat && sFloat) {
                double v = st == F32 ? f32(raw) : f64(raw);
                v = roundInt(v, rnd);
                if (sat) {
                    v = Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v));
                }
                out = dt == F32 ? bits((float) v) : bits(v);
            } else if (dFloat) {
                long v = norm(raw, st);
                if (dt == F32) {
                    float f = (!signed(st) && size(st) == 8) ? unsignedToFloat(v) : (float) v;
                    out = bits(f);
                } else {
                    double f = (!signed(st) && size(st) == 8) ? unsignedToDouble(v) : (double) v;
                    out = bits(f);
                }
            } else {
                double v = st == F32 ? f32(raw) : f64(raw);
                v = roundInt(v, rnd == Op.RND_NONE ? Op.RND_RZI : rnd);
                out = floatToInt(v, dt);
            }
            R[d | l] = out & dmask;
        }
    }

    private static double roundInt(double v, int rnd) {
        switch (rnd) {
            case Op.RND_RNI: return Math.rint(v);
            case Op.RND_RZI: return v < 0 ? Math.ceil(v) : Math.floor(v);
            case Op.RND_RMI: return Math.floor(v);
            case Op.RND_RPI: return Math.ceil(v);
            default: return v;
        }
    }

    private static long floatToInt(double v, int dt) {
        if (Double.isNaN(v)) {
            return 0;
        }
        int bitsW = size(dt) * 8;
        if (signed(dt)) {
            double lo = -Math.pow(2, bitsW - 1), hi = Math.pow(2, bitsW - 1) - 1;
            if (v <= lo) {
                return bitsW == 64 ? Long.MIN_VALUE : (long) lo;
            }
            if (v >= hi) {
                return bitsW == 64 ? Long.MAX_VALUE : (long) hi;
            }
            return (long) v;
        }
        if (v <= 0) {
            return 0;
        }
        if (bitsW == 64) {
            if (v >= 18446744073709551615.0) {
                return -1L;
            }
            if (v >= 9223372036854775808.0) {
                return (long) (v - 9223372036854775808.0) + Long.MIN_VALUE;
            }
            return (long) v;
        }
        double hi = Math.pow(2, bitsW) - 1;
        return v >= hi ? (long) hi : (long) v;
    }

    private static long clampInt(long v, int st, int dt) {
        int bitsW = size(dt) * 8;
        boolean srcUnsigned64 = !signed(st) && size(st) == 8;
        if (signed(dt)) {
            long hi = bitsW == 64 ? Long.MAX_VALUE : (1L << (bitsW - 1)) - 1;
            long lo = bitsW == 64 ? Long.MIN_VALUE : -(1L << (bitsW - 1));
            if (srcUnsigned64 && v < 0) {
                return hi;
            }
            return Math.max(lo, Math.min(hi, v));
        }
        if (!srcUnsigned64 && v < 0) {
            return 0;
        }
        if (bitsW == 64) {
            return v;
        }
        long hi = (1L << bitsW) - 1;
        return srcUnsigned64 ? (Long.compareUnsigned(v, hi) > 0 ? hi : v) : Math.min(hi, v);
    }

    private static float unsignedToFloat(long v) {
        if (v >= 0) {
            return (float) v;
        }
        return (float) unsignedToDouble(v);
    }

    private static double unsignedToDouble(long v) {
        if (v >= 0) {
            return (double) v;
        }
        double half = (double) ((v >>> 1) | (v & 1));
        return half * 2.0;
    }

    /** The new value of an atomic's memory word. */
    static long atomicResult(int op, int t, long old, long b, long c) {
        long mk = mask(t);
        switch (op) {
            case Op.ATOM_ADD:
                if (t == F32) {
                    return bits(f32(old) + f32(b));
                }
                if (t == F64) {
                    return bits(f64(old) + f64(b));
                }
                return (old + b) & mk;
            case Op.ATOM_MIN:
            case Op.ATOM_MAX: {
                boolean min = op == Op.ATOM_MIN;
                if (t == F32) {
                    float x = f32(old), y = f32(b);
                    return bits(min ? Math.min(x, y) : Math.max(x, y));
                }
                if (t == F64) {
                    double x = f64(old), y = f64(b);
                    return bits(min ? Math.min(x, y) : Math.max(x, y));
                }
                long x = norm(old, t), y = norm(b, t);
                int cmp = signed(t) ? Long.compare(x, y) : Long.compareUnsigned(x, y);
                return ((min ? cmp <= 0 : cmp >= 0) ? x : y) & mk;
            }
            case Op.ATOM_EXCH:
                return b & mk;
            case Op.ATOM_CAS:
                return (old == (b & mk) ? c : old) & mk;
            case Op.ATOM_AND:
                return old & b & mk;
            case Op.ATOM_OR:
                return (old | b) & mk;
            case Op.ATOM_XOR:
                return (old ^ b) & mk;
            case Op.ATOM_INC:
                return Long.compareUnsigned(old, b & mk) >= 0 ? 0 : (old + 1) & mk;
            case Op.ATOM_DEC:
                return old == 0 || Long.compareUnsigned(old, b & mk) > 0 ? b & mk : (old - 1) & mk;
            default:
                throw new IllegalStateException("atomic op " + op);
        }
    }
}
