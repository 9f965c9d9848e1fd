package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * f32 and f64 add, sub, mul, div, fma, rcp and sqrt with {@code .rz}, {@code .rm} or {@code .rp}
 * for all active lanes, through {@link DirectedFloat}. Kept apart from the round-to-nearest
 * loops, which are the hot ones.
 */
final class FloatDirected {
    private FloatDirected() {
    }

    static void binary(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int op = in.op, rnd = in.rnd;
        boolean fz = (in.flags & Op.F_FTZ) != 0;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (in.type == F32) {
                float x = f32(R[a | l]), y = f32(R[b | l]);
                if (fz) {
                    x = ftz(x);
                    y = ftz(y);
                }
                float r;
                switch (op) {
                    case Op.ADD: r = DirectedFloat.add(x, y, rnd); break;
                    case Op.SUB: r = DirectedFloat.add(x, -y, rnd); break;
                    case Op.MUL: r = DirectedFloat.mul(x, y, rnd); break;
                    case Op.DIV: r = DirectedFloat.div(x, y, rnd); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                if (sat) {
                    r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
                }
                R[d | l] = bits(fz ? ftz(r) : r);
            } else {
                double x = f64(R[a | l]), y = f64(R[b | l]);
                double r;
                switch (op) {
                    case Op.ADD: r = DirectedFloat.add(x, y, rnd); break;
                    case Op.SUB: r = DirectedFloat.add(x, -y, rnd); break;
                    case Op.MUL: r = DirectedFloat.mul(x, y, rnd); break;
                    case Op.DIV: r = DirectedFloat.div(x, y, rnd); break;
                    default: throw new IllegalStateException(in.opcode);
                }
                R[d | l] = bits(r);
            }
        }
    }

    static void fma(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5;
        int rnd = in.rnd;
        boolean fz = (in.flags & Op.F_FTZ) != 0;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (in.type == F32) {
                float x = f32(R[a | l]), y = f32(R[b | l]), z = f32(R[c | l]);
                if (fz) {
                    x = ftz(x);
                    y = ftz(y);
                    z = ftz(z);
                }
                float r = DirectedFloat.fma(x, y, z, rnd);
                if (sat) {
                    r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
                }
                R[d | l] = bits(fz ? ftz(r) : r);
            } else {
                R[d | l] = bits(DirectedFloat.fma(f64(R[a | l]), f64(R[b | l]), f64(R[c | l]), rnd));
            }
        }
    }

    static void unary(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        int rnd = in.rnd;
        boolean rcp = in.op == Op.RCP;
        boolean fz = (in.flags & Op.F_FTZ) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (in.type == F32) {
                float x = f32(R[a | l]);
                if (fz) {
                    x = ftz(x);
                }
                float r = rcp ? DirectedFloat.div(1f, x, rnd) : DirectedFloat.sqrt(x, rnd);
                R[d | l] = bits(fz ? ftz(r) : r);
            } else {
                double x = f64(R[a | l]);
                R[d | l] = bits(rcp ? DirectedFloat.div(1.0, x, rnd) : DirectedFloat.sqrt(x, rnd));
            }
        }
    }
}
