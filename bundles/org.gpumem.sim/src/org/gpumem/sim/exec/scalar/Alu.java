package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Register-to-register instructions for all active lanes: the dispatch to {@link UnaryOps},
 * {@link Comparisons}, {@link BitFields} and {@link Conversions}, and integer and float
 * arithmetic with the helpers they share. Registers hold raw bits in a long;
 * every instruction reads its operands at its own width (sign- or zero-extended by type) and
 * writes results masked to its destination width, so what a register holds above that width
 * never matters.
 */
public final class Alu {
    private Alu() {
    }

    private static final ScalarType[] TYPES = ScalarType.values();
    static final int F32 = ScalarType.F32.ordinal(), F64 = ScalarType.F64.ordinal(),
            PRED = ScalarType.PRED.ordinal(), U64 = ScalarType.U64.ordinal(), B64 = ScalarType.B64.ordinal();

    static int size(int t) {
        return TYPES[t].size();
    }

    public static boolean signed(int t) {
        return TYPES[t].isSigned();
    }

    static boolean isFloat(int t) {
        return t == F32 || t == F64;
    }

    public static long mask(int t) {
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

    public static float f32(long v) {
        return Float.intBitsToFloat((int) v);
    }

    public static long bits(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    public static double f64(long v) {
        return Double.longBitsToDouble(v);
    }

    public static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }

    static float ftz(float f) {
        return Math.abs(f) < Float.MIN_NORMAL ? Math.copySign(0f, f) : f;
    }

    public static void execute(Instruction in, long[] R, int m) {
        if (HalfOps.isHalf(in.type) && halfArithmetic(in.op)) {
            HalfOps.execute(in, R, m);
            return;
        }
        if ((in.flags & (Op.F_CC | Op.F_CARRY_IN)) != 0) {
            CarryArithmetic.execute(in, R, m);
            return;
        }
        switch (in.op) {
            // Each integer form is called from here directly: one call less per instruction.
            case Op.ADD:
            case Op.SUB:
                if (isFloat(in.type)) {
                    floatBinary(in, R, m);
                } else {
                    addSub(in, R, m);
                }
                return;
            case Op.MUL:
                if (isFloat(in.type)) {
                    floatBinary(in, R, m);
                } else {
                    mul(in, R, m);
                }
                return;
            case Op.AND:
            case Op.OR:
            case Op.XOR:
                logic(in, R, m);
                return;
            case Op.SHL:
            case Op.SHR:
                shift(in, R, m);
                return;
            case Op.DIV:
            case Op.REM:
            case Op.MIN:
            case Op.MAX:
            case Op.COPYSIGN:
            case Op.MUL24:
                if (isFloat(in.type)) {
                    floatBinary(in, R, m);
                } else {
                    divideOrSelect(in, R, m);
                }
                return;
            case Op.MAD:
            case Op.FMA:
            case Op.MAD24:
            case Op.SAD:
                ternary(in, R, m);
                return;
            case Op.SETP:
                Comparisons.setp(in, R, m);
                return;
            case Op.SET:
                Comparisons.set(in, R, m);
                return;
            case Op.SELP:
                Comparisons.selp(in, R, m);
                return;
            case Op.SLCT:
                Comparisons.slct(in, R, m);
                return;
            case Op.CVT:
                Conversions.cvt(in, R, m);
                return;
            case Op.TESTP:
                Comparisons.testp(in, R, m);
                return;
            case Op.PRMT:
                if (in.mod != 0) {
                    IntegerIntrinsics.execute(in, R, m);
                } else {
                    BitFields.bits(in, R, m);
                }
                return;
            case Op.BFE:
            case Op.BFI:
            case Op.LOP3:
                BitFields.bits(in, R, m);
                return;
            case Op.SHF:
            case Op.FNS:
            case Op.VABSDIFF4:
            case Op.BMSK:
            case Op.SZEXT:
            case Op.DP4A:
            case Op.DP2A:
                IntegerIntrinsics.execute(in, R, m);
                return;
            case Op.MOV_PACK:
                BitFields.pack(in, R, m);
                return;
            case Op.MOV_UNPACK:
                BitFields.unpack(in, R, m);
                return;
            default:
                if (UnaryOps.isUnary(in.op)) {
                    UnaryOps.execute(in, R, m);
                    return;
                }
                throw new IllegalStateException("no interpreter for " + in.opcode);
        }
    }

    /** The operations {@link HalfOps} executes on half-precision types. */
    static boolean halfArithmetic(int op) {
        switch (op) {
            case Op.ADD:
            case Op.SUB:
            case Op.MUL:
            case Op.FMA:
            case Op.MAD:
            case Op.MIN:
            case Op.MAX:
            case Op.NEG:
            case Op.ABS:
            case Op.EX2:
            case Op.TANH:
                return true;
            default:
                return false;
        }
    }

    /** Two-operand integer instructions, by operation. */
    static void intBinary(Instruction in, long[] R, int m) {
        switch (in.op) {
            case Op.ADD:
            case Op.SUB:
                addSub(in, R, m);
                return;
            case Op.MUL:
                mul(in, R, m);
                return;
            case Op.AND:
            case Op.OR:
            case Op.XOR:
                logic(in, R, m);
                return;
            case Op.SHL:
            case Op.SHR:
                shift(in, R, m);
                return;
            default:
                divideOrSelect(in, R, m);
        }
    }

    /** Mask of an integer type's bits; predicates hold one bit. */
    public static long intMask(int t) {
        return t == PRED ? 1 : mask(t);
    }

    private static void addSub(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = intMask(t);
        int width = size(t) * 8;
        boolean sgn = signed(t);
        int sh = 64 - width;
        boolean sub = in.op == Op.SUB;
        boolean sat = (in.flags & Op.F_SAT) != 0 && width == 32;
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
    }

    /** mul.lo, mul.hi and mul.wide. */
    private static void mul(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = intMask(t);
        int width = size(t) * 8;
        boolean sgn = signed(t);
        int sh = 64 - width;
        if ((in.flags & Op.F_WIDE) != 0) {
            long wm = width == 32 ? -1L : 0xFFFF_FFFFL;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long x = sgn ? (R[a | l] << sh) >> sh : R[a | l] & mk;
                long y = sgn ? (R[b | l] << sh) >> sh : R[b | l] & mk;
                R[d | l] = x * y & wm;
            }
            return;
        }
        if ((in.flags & Op.F_HI) != 0) {
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
    }

    private static void logic(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = intMask(in.type);
        int op = in.op;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long x = R[a | l], y = R[b | l];
            R[d | l] = (op == Op.AND ? x & y : op == Op.OR ? x | y : x ^ y) & mk;
        }
    }

    private static void shift(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = intMask(t);
        int width = size(t) * 8;
        int sh = 64 - width;
        if (in.op == Op.SHL) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long s = R[b | l] & 0xFFFF_FFFFL;
                R[d | l] = s >= width ? 0 : (R[a | l] << s) & mk;
            }
            return;
        }
        boolean sgn = signed(t);
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
    }

    /** mul24, div, rem, min and max, on values read at the type's width and signedness. */
    private static void divideOrSelect(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        long mk = intMask(t);
        int width = size(t) * 8;
        boolean sgn = signed(t);
        int sh = 64 - width;
        boolean u64 = width == 64 && !sgn;
        int op = in.op;
        int flags = in.flags;
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

    /**
     * f32 min/max (PTX ISA): a NaN loses to a number; with {@code .NaN} any NaN gives the canonical
     * NaN; with {@code .xorsign.abs} the operands' magnitudes are compared and a number result takes
     * the XOR of their signs.
     */
    static float minMaxF32(Instruction in, float x, float y) {
        boolean xorSign = (in.flags & Op.F_XORSIGN_ABS) != 0;
        boolean negative = xorSign && (Float.floatToRawIntBits(x) ^ Float.floatToRawIntBits(y)) < 0;
        if (xorSign) {
            x = Math.abs(x);
            y = Math.abs(y);
        }
        float r;
        if (Float.isNaN(x) || Float.isNaN(y)) {
            boolean both = Float.isNaN(x) && Float.isNaN(y);
            if (both || (in.flags & Op.F_NAN) != 0) {
                return Float.intBitsToFloat(0x7FFF_FFFF);
            }
            r = Float.isNaN(x) ? y : x;
        } else {
            r = in.op == Op.MAX ? Math.max(x, y) : Math.min(x, y);
        }
        return xorSign ? Math.copySign(r, negative ? -1f : 1f) : r;
    }

    public static void floatBinary(Instruction in, long[] R, int m) {
        if (DirectedFloat.directed(in.rnd)) {
            FloatDirected.binary(in, R, m);
            return;
        }
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
                    case Op.MIN:
                    case Op.MAX: r = minMaxF32(in, x, y); break;
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
        if ((t == F32 || t == F64) && DirectedFloat.directed(in.rnd)) {
            FloatDirected.fma(in, R, m);
            return;
        }
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
}
