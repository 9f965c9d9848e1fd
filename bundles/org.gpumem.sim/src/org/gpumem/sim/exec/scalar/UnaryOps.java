package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Single-operand instructions for all active lanes: abs, neg, not, cnot, the float functions
 * (rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh) and the bit counts (brev, popc, clz, bfind).
 */
public final class UnaryOps {
    private UnaryOps() {
    }

    /** Whether {@code op} is one of the single-operand operations this class executes. */
    public static boolean isUnary(int op) {
        switch (op) {
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
                return true;
            default:
                return false;
        }
    }

    /** Whether {@code in} is an rcp or sqrt with directed rounding, which {@link FloatDirected} computes. */
    public static boolean directed(Instruction in) {
        return (in.op == Op.RCP || in.op == Op.SQRT) && DirectedFloat.directed(in.rnd);
    }

    /** {@code in}, an {@link #isUnary} instruction not of a half type, for the lanes of {@code m}. */
    static void execute(Instruction in, long[] R, int m) {
        if (directed(in)) {
            FloatDirected.unary(in, R, m);
        } else if (in.type == F32) {
            unaryF32(in, R, m);
        } else if (in.type == F64) {
            unaryF64(in, R, m);
        } else {
            unaryInt(in, R, m);
        }
    }

    static void unaryF32(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int op = in.op;
        boolean fz = (in.flags & Op.F_FTZ) != 0;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            float x = f32(R[a | l]);
            if (fz) {
                x = ftz(x);
            }
            float r = f32Lane(op, x);
            if (sat) {
                r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
            }
            R[d | l] = bits(fz ? ftz(r) : r);
        }
    }

    /** One lane's f32 result of {@code op}, without flushing or saturation (the fast engine's lane loop shares it). */
    public static float f32Lane(int op, float x) {
        switch (op) {
            case Op.ABS: return Float.intBitsToFloat(Float.floatToRawIntBits(x) & 0x7FFF_FFFF); // NaN too
            case Op.NEG: return -x;
            case Op.RCP: return 1f / x;
            case Op.SQRT: return (float) Math.sqrt(x);
            case Op.RSQRT: return (float) (1.0 / Math.sqrt(x));
            case Op.SIN: return (float) Math.sin(x);
            case Op.COS: return (float) Math.cos(x);
            case Op.LG2: return (float) (Math.log(x) / Math.log(2));
            case Op.EX2: return (float) Math.pow(2, x);
            case Op.TANH: return (float) Math.tanh(x);
            default: throw new IllegalStateException("no f32 form of operation " + op);
        }
    }

    static void unaryF64(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int op = in.op;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = bits(f64Lane(op, f64(R[a | l])));
        }
    }

    /** One lane's f64 result of {@code op}. */
    public static double f64Lane(int op, double x) {
        switch (op) {
            case Op.ABS: return Double.longBitsToDouble(Double.doubleToRawLongBits(x) & Long.MAX_VALUE);
            case Op.NEG: return -x;
            case Op.RCP: return 1.0 / x;
            case Op.SQRT: return Math.sqrt(x);
            case Op.RSQRT: return 1.0 / Math.sqrt(x);
            case Op.SIN: return Math.sin(x);
            case Op.COS: return Math.cos(x);
            case Op.LG2: return Math.log(x) / Math.log(2);
            case Op.EX2: return Math.pow(2, x);
            case Op.TANH: return Math.tanh(x);
            default: throw new IllegalStateException("no f64 form of operation " + op);
        }
    }

    static void unaryInt(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = intLane(in.op, in.type, in.flags, R[a | l]);
        }
    }

    /** One lane's result of integer or predicate {@code op} of type {@code t} on register value {@code raw}, as stored. */
    public static long intLane(int op, int t, int flags, long raw) {
        long mk = mask(t);
        int width = size(t) * 8;
        long x = norm(raw, t);
        switch (op) {
            case Op.ABS: return Math.abs(x) & mk;
            case Op.NEG: return -x & mk;
            case Op.NOT: return (t == PRED ? x ^ 1 : ~x) & mk;
            case Op.CNOT: return (x == 0 ? 1 : 0) & mk;
            case Op.BREV: return (width == 64 ? Long.reverse(x) : Integer.reverse((int) x)) & mk;
            case Op.POPC: return (width == 64 ? Long.bitCount(x) : Integer.bitCount((int) x)) & 0xFFFF_FFFFL;
            case Op.CLZ: return (width == 64 ? Long.numberOfLeadingZeros(x) : Integer.numberOfLeadingZeros((int) x)) & 0xFFFF_FFFFL;
            case Op.BFIND: {
                long v = signed(t) && x < 0 ? ~x : x;
                if (width == 32) {
                    v &= 0xFFFF_FFFFL;
                }
                if (v == 0) {
                    return 0xFFFF_FFFFL;
                }
                int pos = 63 - Long.numberOfLeadingZeros(v);
                return ((flags & Op.F_SHIFTAMT) != 0 ? width - 1 - pos : pos) & 0xFFFF_FFFFL;
            }
            default: throw new IllegalStateException("no integer form of operation " + op);
        }
    }
}
