package org.gpumem.sim.exec;

import org.gpumem.sim.exec.scalar.Alu;
import org.gpumem.sim.exec.scalar.Conversions;
import org.gpumem.sim.exec.scalar.UnaryOps;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Op;

/**
 * What one lane computes for each instruction form the fast engine runs in its lane loops
 * ({@code LaneLoops}): a result from the raw bits of the lane's operands, with register widths,
 * signedness and masks as arguments that are constants at each call site, so that the JIT keeps
 * only their branch when it inlines a function into a block. Each computes exactly what the
 * interpreter's code for that form computes ({@link Interpreter}, {@link Alu},
 * {@code Comparisons}, {@link Conversions}, {@link UnaryOps}): operands read at the same width
 * and signedness, results masked the same way. {@code BlockTranslations} says which form goes
 * where. The memory functions are the plain accesses of a span whose bounds and alignment a
 * block has already checked ({@code AccessSpans}).
 */
public final class LaneOps {
    private LaneOps() {
    }

    private static final int FULL = -1;

    /** The lanes of {@code mask} whose guard predicate {@code g} (offset) lets them execute. */
    static int guard(long[] R, int g, boolean negated, int mask) {
        int pm = 0;
        if (mask == FULL) {
            for (int l = 0; l < 32; l++) {
                pm |= ((int) R[g + l] & 1) << l;
            }
            return negated ? ~pm : pm;
        }
        for (int mm = mask; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if ((R[g | l] & 1) != 0) {
                pm |= 1 << l;
            }
        }
        return negated ? mask & ~pm : pm;
    }

    static long mov(long a, long mk) {
        return a & mk;
    }

    static long add(long a, long b, long mk) {
        return (a + b) & mk;
    }

    static long sub(long a, long b, long mk) {
        return (a - b) & mk;
    }

    static long mulLo(long a, long b, long mk) {
        return a * b & mk;
    }

    /** mul.wide: operands extended from their width ({@code sh} = 64 - width), the product masked by {@code wm}. */
    static long mulWide(long a, long b, int sh, boolean sgn, long mk, long wm) {
        long x = sgn ? (a << sh) >> sh : a & mk;
        long y = sgn ? (b << sh) >> sh : b & mk;
        return x * y & wm;
    }

    static long madLo(long a, long b, long c, long mk) {
        return (a * b + c) & mk;
    }

    /** mad.wide: the extended product plus the addend, masked by {@code wm}. */
    static long madWide(long a, long b, long c, int sh, boolean sgn, long mk, long wm) {
        long x = sgn ? (a << sh) >> sh : a & mk;
        long y = sgn ? (b << sh) >> sh : b & mk;
        return (x * y + c) & wm;
    }

    static long and(long a, long b, long mk) {
        return a & b & mk;
    }

    static long or(long a, long b, long mk) {
        return (a | b) & mk;
    }

    static long xor(long a, long b, long mk) {
        return (a ^ b) & mk;
    }

    /**
     * Integer div, rem, min and max ({@code op}, an {@link org.gpumem.sim.ptx.Op} code), as
     * {@link Alu}'s divide-or-select path computes them: operands read at the type's width
     * ({@code sh}, the bits above it) and signedness, u64 compared and divided unsigned, division
     * by zero giving all ones (div) or the dividend (rem), results masked to the type
     * ({@code mk}). An unsigned division by a power of two (blockDim.x, a tile width) is a shift or
     * a mask, and types of 32 bits or less divide as ints: the same quotient and remainder (MIN /
     * -1 wraps to the same low bits), and a 32-bit divide instruction is several times faster.
     */
    static long divideOrSelect(long va, long vb, int op, int sh, boolean sgn, long mk, boolean u64) {
        long x = sgn ? (va << sh) >> sh : va & mk;
        long y = sgn ? (vb << sh) >> sh : vb & mk;
        boolean narrow = sh >= 32;
        int xi = (int) x, yi = (int) y;
        long r;
        switch (op) {
            case Op.DIV:
                r = y == 0 ? -1 : !sgn && (y & (y - 1)) == 0 ? x >>> Long.numberOfTrailingZeros(y)
                        : u64 ? Long.divideUnsigned(x, y) : !narrow ? x / y
                        : sgn ? xi / yi : Integer.toUnsignedLong(Integer.divideUnsigned(xi, yi));
                break;
            case Op.REM:
                r = y == 0 ? x : !sgn && (y & (y - 1)) == 0 ? x & (y - 1)
                        : u64 ? Long.remainderUnsigned(x, y) : !narrow ? x % y
                        : sgn ? xi % yi : Integer.toUnsignedLong(Integer.remainderUnsigned(xi, yi));
                break;
            case Op.MIN:
                r = (u64 ? Long.compareUnsigned(x, y) <= 0 : x <= y) ? x : y;
                break;
            default:
                r = (u64 ? Long.compareUnsigned(x, y) >= 0 : x >= y) ? x : y;
                break;
        }
        return r & mk;
    }

    /** shl: a shift amount of the width or more gives 0. */
    static long shl(long a, long b, int width, long mk) {
        long s = b & 0xFFFF_FFFFL;
        return s >= width ? 0 : (a << s) & mk;
    }

    /** shr of a signed type: arithmetic, a shift of the width or more fills with the sign. */
    static long shrSigned(long a, long b, int width, long mk) {
        int sh = 64 - width;
        long s = b & 0xFFFF_FFFFL;
        return (((a << sh) >> sh) >> Math.min(s, width - 1)) & mk;
    }

    /** shr of an unsigned or bit type: logical, a shift of the width or more gives 0. */
    static long shrUnsigned(long a, long b, int width, long mk) {
        long s = b & 0xFFFF_FFFFL;
        return s >= width ? 0 : ((a & mk) >>> s) & mk;
    }

    /** cvt between integer types without saturation: extend from the source width, mask to the destination's. */
    static long cvtInt(long a, int ssh, boolean sgn, long smask, long dmask) {
        long v = sgn ? (a << ssh) >> ssh : a & smask;
        return v & dmask;
    }

    static long selp(long a, long b, long c, long mk) {
        return ((c & 1) != 0 ? a : b) & mk;
    }

    /**
     * The comparison key of an integer operand: its value at the type's width and signedness,
     * with {@code flip} (the sign bit, for unsigned comparisons) xor-ed in so that a signed
     * comparison of keys orders the values as the instruction does.
     */
    private static long key(long v, int sh, boolean sgn, long flip) {
        return (sgn ? (v << sh) >> sh : (v << sh) >>> sh) ^ flip;
    }

    static long setpEq(long a, long b, int sh, boolean sgn, long flip) {
        return key(a, sh, sgn, flip) == key(b, sh, sgn, flip) ? 1 : 0;
    }

    static long setpNe(long a, long b, int sh, boolean sgn, long flip) {
        return key(a, sh, sgn, flip) != key(b, sh, sgn, flip) ? 1 : 0;
    }

    /** setp.lt (and gt, with the operands swapped by the translation). */
    static long setpLt(long a, long b, int sh, boolean sgn, long flip) {
        return key(a, sh, sgn, flip) < key(b, sh, sgn, flip) ? 1 : 0;
    }

    /** setp.le (and ge, with the operands swapped by the translation). */
    static long setpLe(long a, long b, int sh, boolean sgn, long flip) {
        return key(a, sh, sgn, flip) <= key(b, sh, sgn, flip) ? 1 : 0;
    }

    static long addF32(long a, long b) {
        return Alu.bits(Alu.f32(a) + Alu.f32(b));
    }

    static long subF32(long a, long b) {
        return Alu.bits(Alu.f32(a) - Alu.f32(b));
    }

    static long mulF32(long a, long b) {
        return Alu.bits(Alu.f32(a) * Alu.f32(b));
    }

    static long fmaF32(long a, long b, long c) {
        return Alu.bits(Math.fma(Alu.f32(a), Alu.f32(b), Alu.f32(c)));
    }

    static long addF64(long a, long b) {
        return Alu.bits(Alu.f64(a) + Alu.f64(b));
    }

    static long subF64(long a, long b) {
        return Alu.bits(Alu.f64(a) - Alu.f64(b));
    }

    static long mulF64(long a, long b) {
        return Alu.bits(Alu.f64(a) * Alu.f64(b));
    }

    static long fmaF64(long a, long b, long c) {
        return Alu.bits(Math.fma(Alu.f64(a), Alu.f64(b), Alu.f64(c)));
    }

    /** Ordered float comparisons (false when either is NaN, as Java's are): eq, lt, le; gt and ge swap the operands. */
    static long setpEqF(long a, long b, boolean f64) {
        return (f64 ? Alu.f64(a) == Alu.f64(b) : Alu.f32(a) == Alu.f32(b)) ? 1 : 0;
    }

    static long setpLtF(long a, long b, boolean f64) {
        return (f64 ? Alu.f64(a) < Alu.f64(b) : Alu.f32(a) < Alu.f32(b)) ? 1 : 0;
    }

    static long setpLeF(long a, long b, boolean f64) {
        return (f64 ? Alu.f64(a) <= Alu.f64(b) : Alu.f32(a) <= Alu.f32(b)) ? 1 : 0;
    }

    /** A single-operand integer instruction (abs, neg, not, cnot, the bit counts): {@link UnaryOps#intLane}. */
    static long unaryInt(long a, int op, int t, int flags) {
        return UnaryOps.intLane(op, t, flags, a);
    }

    /** A single-operand f32 instruction on {@link Alu}'s path: {@link UnaryOps#f32Lane}. */
    static long unaryF32(long a, int op) {
        return Alu.bits(UnaryOps.f32Lane(op, Alu.f32(a)));
    }

    /** A single-operand f64 instruction on {@link Alu}'s path: {@link UnaryOps#f64Lane}. */
    static long unaryF64(long a, int op) {
        return Alu.bits(UnaryOps.f64Lane(op, Alu.f64(a)));
    }

    /** cvt from {@code st} to {@code dt}, one a float type: {@link Conversions#convert} masked to {@code mk}. */
    static long convert(long a, int st, int dt, int rnd, int flags, long mk) {
        return Conversions.convert(a, st, dt, rnd, flags) & mk;
    }

    /** A load of {@code size} bytes at {@code base + off} of an array (shared memory) that is in bounds and aligned. */
    public static long ldArray(byte[] sm, long base, long off, int size, boolean sext) {
        long v = Bytes.load(sm, (int) (base + off), size);
        int sh = 64 - 8 * size;
        return sext ? (v << sh) >> sh : v;
    }

    /**
     * A load of lane {@code lane}'s local memory at {@code base + off}, in bounds and aligned, as
     * {@link CtaMemory} interleaves it.
     */
    public static long ldLocal(CtaMemory memory, Warp w, int lane, long base, long off, int size, boolean sext) {
        long v = memory.loadLocal(w.local, lane, base + off, size);
        int sh = 64 - 8 * size;
        return sext ? (v << sh) >> sh : v;
    }
}
