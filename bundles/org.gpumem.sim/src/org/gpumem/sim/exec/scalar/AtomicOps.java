package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ptx.Op;

/**
 * The new value of an atomic's memory word from its old value and operands, for every atom/red
 * operation and type (f16/bf16 pairs per half): a scalar function every engine calls; the
 * read-modify-write itself is the memory's.
 */
public final class AtomicOps {
    private AtomicOps() {
    }

    /** f16/bf16 atomic add, each half of an x2 on its own, rounded to nearest (.noftz). */
    private static long halfAdd(int t, long old, long b) {
        boolean bf = HalfOps.isBf16(t);
        long r = 0;
        for (int k = 0; k < (HalfOps.isPair(t) ? 2 : 1); k++) {
            int sh = 16 * k;
            r |= (long) HalfFloats.binary(Op.ADD, (int) (old >>> sh) & 0xFFFF, (int) (b >>> sh) & 0xFFFF, bf, Op.RND_RN) << sh;
        }
        return r;
    }

    /** The new value of an atomic's memory word. */
    public static long atomicResult(int op, int t, long old, long b, long c) {
        long mk = mask(t);
        switch (op) {
            case Op.ATOM_ADD:
                if (HalfOps.isHalf(t)) {
                    return halfAdd(t, old, b);
                }
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
