package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Funnel shifts ({@code shf}), bit masks ({@code bmsk}), sign/zero extension ({@code szext}),
 * dot products of bytes ({@code dp4a}, {@code dp2a}) and the prmt modes other than the default,
 * as scalar functions every engine calls, and their loop over the active lanes.
 */
public final class IntegerIntrinsics {
    private IntegerIntrinsics() {
    }

    /** {@code shf.l/.r.wrap/.clamp.b32}: the 64-bit {@code b:a} shifted by {@code c}, the high (l) or low (r) word. */
    public static long shf(long a, long b, long c, boolean left, boolean clamp) {
        long n = clamp ? Math.min(c & 0xFFFF_FFFFL, 32) : c & 31;
        long v = (b & 0xFFFF_FFFFL) << 32 | (a & 0xFFFF_FFFFL);
        return (left ? (v << n) >>> 32 : v >>> n) & 0xFFFF_FFFFL;
    }

    /** {@code bmsk.b32 d, a, b}: {@code b} ones starting at bit {@code a}. */
    public static long bmsk(long a, long b, boolean clamp) {
        long pos = clamp ? Math.min(a & 0xFFFF_FFFFL, 32) : a & 31;
        long width = clamp ? Math.min(b & 0xFFFF_FFFFL, 32) : b & 31;
        if (pos >= 32 || width == 0) {
            return 0;
        }
        return (((1L << width) - 1) << pos) & 0xFFFF_FFFFL;
    }

    /** {@code szext.s32/u32 d, a, b}: the low {@code b} bits of {@code a}, sign- or zero-extended. */
    public static long szext(long a, long b, boolean clamp, boolean signed) {
        long width = clamp ? Math.min(b & 0xFFFF_FFFFL, 32) : b & 31;
        if (width == 0) {
            return 0;
        }
        long low = a & ((1L << width) - 1);
        if (signed && (low >>> (width - 1) & 1) != 0) {
            low |= -1L << width;
        }
        return low & 0xFFFF_FFFFL;
    }

    /** {@code dp4a}: {@code c} plus the products of the four bytes of {@code a} and {@code b}. */
    public static long dp4a(long a, long b, long c, boolean aSigned, boolean bSigned) {
        long sum = c;
        for (int k = 0; k < 4; k++) {
            sum += part(a, 8 * k, 8, aSigned) * part(b, 8 * k, 8, bSigned);
        }
        return sum & 0xFFFF_FFFFL;
    }

    /** {@code dp2a.lo/.hi}: {@code c} plus the two 16-bit halves of {@code a} times bytes 0, 1 (lo) or 2, 3 (hi) of {@code b}. */
    public static long dp2a(long a, long b, long c, boolean aSigned, boolean bSigned, boolean hi) {
        int first = hi ? 2 : 0;
        long sum = c + part(a, 0, 16, aSigned) * part(b, 8 * first, 8, bSigned)
                + part(a, 16, 16, aSigned) * part(b, 8 * (first + 1), 8, bSigned);
        return sum & 0xFFFF_FFFFL;
    }

    private static long part(long v, int at, int bits, boolean signed) {
        long x = (v >>> at) & ((1L << bits) - 1);
        return signed && (x >>> (bits - 1)) != 0 ? x - (1L << bits) : x;
    }

    /**
     * {@code fns.b32 d, mask, base, offset}: the position of the |offset|-th set bit of
     * {@code mask} from bit {@code base} on (inclusive), upwards for a positive offset, downwards for
     * a negative one; offset 0 asks whether bit base is set. 0xffffffff when there is none.
     */
    public static long fns(long mask, long base, long offset) {
        int b = (int) base, off = (int) offset;
        if (b < 0 || b > 31) {
            return 0xFFFF_FFFFL;
        }
        if (off == 0) {
            return (mask >>> b & 1) != 0 ? b : 0xFFFF_FFFFL;
        }
        int inc = off > 0 ? 1 : -1;
        long count = Math.abs((long) off) - 1;
        for (int pos = b; pos >= 0 && pos < 32; pos += inc) {
            if ((mask >>> pos & 1) != 0) {
                if (count == 0) {
                    return pos;
                }
                count--;
            }
        }
        return 0xFFFF_FFFFL;
    }

    /**
     * {@code vabsdiff4 d, a, b, c}: per byte |a - b| (signedness per operand); with {@code .add}
     * their sum plus {@code c}, else the four differences (the default mask, every byte).
     */
    public static long vabsdiff4(long a, long b, long c, boolean aSigned, boolean bSigned, boolean add) {
        long r = 0, sum = 0;
        for (int k = 0; k < 4; k++) {
            long diff = Math.abs(part(a, 8 * k, 8, aSigned) - part(b, 8 * k, 8, bSigned));
            sum += diff;
            r |= (diff & 0xFF) << (8 * k);
        }
        return add ? (sum + c) & 0xFFFF_FFFFL : r;
    }

    /** {@code prmt.b32.mode}: byte k of the result is a byte of {@code b:a} the mode picks by {@code c & 3}. */
    public static long prmtMode(long a, long b, long c, int mode) {
        long bytes = (b & 0xFFFF_FFFFL) << 32 | (a & 0xFFFF_FFFFL);
        int s = (int) (c & 3);
        long r = 0;
        for (int k = 0; k < 4; k++) {
            int sel;
            switch (mode) {
                case 1: sel = (s + k) & 7; break; // f4e
                case 2: sel = (s - k) & 7; break; // b4e
                case 3: sel = s; break; // rc8
                case 4: sel = Math.max(k, s); break; // ecl
                case 5: sel = Math.min(k, s); break; // ecr
                default: sel = (s & 1) * 2 + (k & 1); break; // rc16
            }
            r |= ((bytes >>> (8 * sel)) & 0xFF) << (8 * k);
        }
        return r;
    }

    static void execute(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5;
        int[] s = in.src;
        boolean clamp = (in.flags & Op.F_CLAMP) != 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long a = R[s[0] << 5 | l], b = R[s[1] << 5 | l];
            long r;
            switch (in.op) {
                case Op.SHF: r = shf(a, b, R[s[2] << 5 | l], in.mod == 0, clamp); break;
                case Op.BMSK: r = bmsk(a, b, clamp); break;
                case Op.FNS: r = fns(a, b, R[s[2] << 5 | l]); break;
                case Op.VABSDIFF4:
                    r = vabsdiff4(a, b, R[s[2] << 5 | l], (in.mod & 1) != 0, (in.mod & 2) != 0, in.mod2 == 1);
                    break;
                case Op.SZEXT: r = szext(a, b, clamp, Alu.signed(in.type)); break;
                case Op.DP4A: r = dp4a(a, b, R[s[2] << 5 | l], (in.mod & 1) != 0, (in.mod & 2) != 0); break;
                case Op.DP2A:
                    r = dp2a(a, b, R[s[2] << 5 | l], (in.mod & 1) != 0, (in.mod & 2) != 0, (in.flags & Op.F_HI) != 0);
                    break;
                default: r = prmtMode(a, b, R[s[2] << 5 | l], in.mod); break;
            }
            R[d | l] = r;
        }
    }
}
