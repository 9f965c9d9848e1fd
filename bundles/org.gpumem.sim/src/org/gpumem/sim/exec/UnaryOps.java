package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Single-operand instructions for all active lanes: abs, neg, not, cnot, the float functions
 * (rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh) and the bit counts (brev, popc, clz, bfind).
 */
final class UnaryOps {
    private UnaryOps() {
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
            float r;
            switch (op) {
                case Op.ABS: r = Float.intBitsToFloat(Float.floatToRawIntBits(x) & 0x7FFF_FFFF); break; // NaN too
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
    }

    static void unaryF64(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int op = in.op;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            double x = f64(R[a | l]);
            double r;
            switch (op) {
                case Op.ABS: r = Double.longBitsToDouble(Double.doubleToRawLongBits(x) & Long.MAX_VALUE); break;
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
    }

    static void unaryInt(Instruction in, long[] R, int m) {
        int t = in.type;
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int op = in.op;
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
}
