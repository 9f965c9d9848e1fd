package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.Specials;

/**
 * Extended-precision integer arithmetic: add.cc, addc, sub.cc, subc, mad.cc, madc on 32- and
 * 64-bit integers. The carry flag (CC.CF) lives in the lanes' {@link Specials#CC} register; for
 * subtraction it is the borrow. Scalar functions every engine calls.
 */
public final class CarryArithmetic {
    private CarryArithmetic() {
    }

    /** {@code a + b + carryIn} at {@code width} bits (32 or 64). */
    public static long add(long a, long b, long carryIn, int width) {
        long r = a + b + carryIn;
        return width == 64 ? r : r & 0xFFFF_FFFFL;
    }

    /** The carry out of {@code a + b + carryIn} (a, b unsigned at {@code width} bits). */
    public static long addCarry(long a, long b, long carryIn, int width) {
        if (width == 64) {
            long r = a + b + carryIn;
            return Long.compareUnsigned(r, a) < 0 || carryIn != 0 && r == a ? 1 : 0;
        }
        return ((a & 0xFFFF_FFFFL) + (b & 0xFFFF_FFFFL) + carryIn) >>> 32;
    }

    /** {@code a - b - borrowIn} at {@code width} bits. */
    public static long sub(long a, long b, long borrowIn, int width) {
        long r = a - b - borrowIn;
        return width == 64 ? r : r & 0xFFFF_FFFFL;
    }

    /** The borrow out of {@code a - b - borrowIn} (unsigned). */
    public static long subBorrow(long a, long b, long borrowIn, int width) {
        if (width == 64) {
            int c = Long.compareUnsigned(a, b);
            return c < 0 || c == 0 && borrowIn != 0 ? 1 : 0;
        }
        return (a & 0xFFFF_FFFFL) < (b & 0xFFFF_FFFFL) + borrowIn ? 1 : 0;
    }

    static void execute(Instruction in, long[] R, int m) {
        int width = Alu.size(in.type) * 8;
        boolean signed = Alu.signed(in.type);
        long mk = Alu.mask(in.type);
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int cc = Specials.CC << 5;
        boolean carryIn = (in.flags & Op.F_CARRY_IN) != 0, carryOut = (in.flags & Op.F_CC) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long cin = carryIn ? R[cc | l] & 1 : 0;
            long x = R[a | l] & mk, y = R[b | l] & mk, r, cout;
            switch (in.op) {
                case Op.SUB:
                    r = sub(x, y, cin, width);
                    cout = subBorrow(x, y, cin, width);
                    break;
                case Op.MAD: {
                    long sh = 64 - width;
                    long sx = signed ? (x << sh) >> sh : x, sy = signed ? (y << sh) >> sh : y;
                    long p = (in.flags & Op.F_HI) != 0 ? mulHigh(sx, sy, width, signed) : sx * sy & mk;
                    long z = R[in.src[2] << 5 | l] & mk;
                    r = add(p, z, cin, width);
                    cout = addCarry(p, z, cin, width);
                    break;
                }
                default:
                    r = add(x, y, cin, width);
                    cout = addCarry(x, y, cin, width);
                    break;
            }
            R[d | l] = r & mk;
            if (carryOut) {
                R[cc | l] = cout;
            }
        }
    }

    private static long mulHigh(long x, long y, int width, boolean signed) {
        if (width == 64) {
            long h = Math.multiplyHigh(x, y);
            return signed ? h : h + ((x >> 63) & y) + ((y >> 63) & x);
        }
        return (x * y) >> 32 & 0xFFFF_FFFFL;
    }
}
