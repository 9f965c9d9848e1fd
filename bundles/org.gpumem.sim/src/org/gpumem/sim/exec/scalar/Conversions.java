package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * cvt for all active lanes: between integer widths (with saturation), integers and floats
 * and float widths (f16, bf16, f32, f64, with every PTX rounding mode, one rounding of the exact
 * value). {@link #convert} is the scalar form every execution engine calls.
 */
public final class Conversions {
    private Conversions() {
    }

    static void cvt(Instruction in, long[] R, int m) {
        if ((in.flags & Op.F_TF32) != 0) {
            int d = in.dst[0] << 5, a = in.src[0] << 5;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                R[d | l] = toTf32((int) R[a | l], in.rnd, in.flags) & 0xFFFF_FFFFL;
            }
            return;
        }
        int dt = in.type, st = in.type2;
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        boolean sat = (in.flags & Op.F_SAT) != 0;
        long dmask = mask(dt);
        if (!involvesFloat(st, dt)) {
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
        if (HalfOps.isPair(dt)) {
            packPair(in, R, m);
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = convert(R[a | l], st, dt, in.rnd, in.flags) & dmask;
        }
    }

    /**
     * f32 bits rounded to tf32 (the f32 format with 13 fraction bits zero): {@code rnd}
     * {@link Op#RND_NONE} for .rna (nearest, ties away from zero), .rn (ties to even) or .rz;
     * {@code .relu} makes negative results +0, {@code .satfinite} an infinite one the largest finite
     * tf32 of its sign; a NaN gives the canonical NaN.
     */
    static int toTf32(int x, int rnd, int flags) {
        if (Float.isNaN(Float.intBitsToFloat(x))) {
            return 0x7FFF_FFFF;
        }
        int sign = x & 0x8000_0000, mag = x & 0x7FFF_FFFF;
        if (mag < 0x7F80_0000) {
            int add = rnd == Op.RND_RZ ? 0 : rnd == Op.RND_RN ? 0xFFF + ((mag >>> 13) & 1) : 0x1000;
            mag = (mag + add) & 0xFFFF_E000;
        }
        if ((flags & Op.F_SATFINITE) != 0 && mag == 0x7F80_0000) {
            mag = 0x7F7F_E000;
        }
        if ((flags & Op.F_RELU) != 0 && sign != 0) {
            return 0;
        }
        return sign | mag;
    }

    /** Whether a cvt from type {@code st} to {@code dt} involves a float type: its values go through {@link #convert}. */
    public static boolean involvesFloat(int st, int dt) {
        return TYPES_FLOAT[st] || TYPES_FLOAT[dt];
    }

    /** One value of a cvt that involves a float type, as the bits of the destination type. */
    public static long convert(long raw, int st, int dt, int rnd, int flags) {
        boolean dFloat = TYPES_FLOAT[dt], sFloat = TYPES_FLOAT[st];
        boolean ftz = (flags & Op.F_FTZ) != 0;
        if (dFloat && sFloat) {
            double v = decode(raw, st);
            if (Double.isNaN(v) && (flags & Op.F_SAT) == 0) {
                return convertNaN(raw, st, dt);
            }
            if (ftz && st == F32) {
                v = ftz((float) v);
            }
            int r = rnd;
            if (rnd >= Op.RND_RNI) {
                v = roundInt(v, rnd);
                r = Op.RND_RN;
            }
            if ((flags & Op.F_SAT) != 0) {
                v = Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v));
            }
            return encode(v, 0, dt, r, flags);
        }
        if (dFloat) {
            long v = norm(raw, st);
            boolean uns = !signed(st) && size(st) == 8;
            double s = DirectedFloat.toDouble(v, uns);
            int residual = size(st) == 8 ? DirectedFloat.integerResidual(v, uns, s) : 0;
            return encode(s, residual, dt, rnd, flags);
        }
        double v = decode(raw, st);
        v = roundInt(v, rnd == Op.RND_NONE ? Op.RND_RZI : rnd);
        return floatToInt(v, dt);
    }

    /**
     * A NaN converted between float types, written out rather than left to Java's float and
     * double conversions, whose NaN bits depend on whether the JIT folded a widening and a
     * narrowing away: to a 16-bit type the canonical NaN; from f16 the canonical NaN (its value
     * decodes to Java's); from bf16, f32 or f64 to f32 or f64 the quiet NaN of the same sign and
     * payload, the quiet bit set, as IEEE 754 converts one (and the x86 instructions do).
     */
    private static long convertNaN(long raw, int st, int dt) {
        if (dt != F32 && dt != F64) {
            return Rounding.NAN16;
        }
        int fd = dt == F32 ? 23 : 52;
        long sign, frac;
        int fs;
        if (st == F32) {
            sign = raw >>> 31 & 1;
            frac = raw & 0x7F_FFFFL;
            fs = 23;
        } else if (st == F64) {
            sign = raw >>> 63;
            frac = raw & 0xF_FFFF_FFFF_FFFFL;
            fs = 52;
        } else if (HalfOps.isBf16(st)) {
            sign = raw >>> 15 & 1;
            frac = raw & 0x7F;
            fs = 7;
        } else {
            sign = 0;
            frac = 0;
            fs = fd;
        }
        frac = fd >= fs ? frac << (fd - fs) : frac >>> (fs - fd);
        long exp = dt == F32 ? 0xFFL : 0x7FFL;
        return sign << (fd == 23 ? 31 : 63) | exp << fd | 1L << (fd - 1) | frac;
    }

    /** {@code cvt.rn.f16x2.f32 d, a, b} (and bf16x2): a into the high half, b into the low half. */
    private static void packPair(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
        int half = HalfOps.isBf16(in.type) ? HalfOps.BF16 : HalfOps.F16;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long hi = convert(R[a | l], in.type2, half, in.rnd, in.flags) & 0xFFFF;
            long lo = convert(R[b | l], in.type2, half, in.rnd, in.flags) & 0xFFFF;
            R[d | l] = hi << 16 | lo;
        }
    }

    private static final boolean[] TYPES_FLOAT = new boolean[ScalarType.values().length];

    static {
        for (ScalarType t : ScalarType.values()) {
            TYPES_FLOAT[t.ordinal()] = t.isFloat();
        }
    }

    /** The exact value of float bits of type {@code t}. */
    static double decode(long raw, int t) {
        if (t == F32) {
            return f32(raw);
        }
        if (t == F64) {
            return f64(raw);
        }
        return HalfFloats.decode(raw, HalfOps.isBf16(t));
    }

    /** {@code s} plus a residual of sign {@code residual} as bits of float type {@code dt}, rounded by {@code rnd}. */
    static long encode(double s, int residual, int dt, int rnd, int flags) {
        int r = rnd == Op.RND_NONE ? Op.RND_RN : rnd;
        long out;
        if (dt == F64) {
            out = bits(Rounding.adjust(s, residual, r));
        } else if (dt == F32) {
            if (r == Op.RND_RN && residual == 0) {
                out = bits((float) s);
            } else {
                out = Rounding.round(s, residual, Rounding.F32_EXP, Rounding.F32_FRAC, r);
            }
            if ((flags & Op.F_FTZ) != 0) {
                out = bits(ftz(f32(out)));
            }
        } else {
            boolean bf = HalfOps.isBf16(dt);
            out = HalfFloats.encode(s, residual, bf, r);
            if ((flags & Op.F_RELU) != 0) {
                out = HalfFloats.relu((int) out, bf);
            }
            if ((flags & Op.F_SATFINITE) != 0 && !HalfFloats.isNaN(out, bf) && (out & 0x7FFF) == (bf ? 0x7F80 : 0x7C00)) {
                out = (out & 0x8000) | (bf ? 0x7F7F : 0x7BFF);
            }
        }
        return out;
    }

    static double roundInt(double v, int rnd) {
        switch (rnd) {
            case Op.RND_RNI: return Math.rint(v);
            case Op.RND_RZI: return v < 0 ? Math.ceil(v) : Math.floor(v);
            case Op.RND_RMI: return Math.floor(v);
            case Op.RND_RPI: return Math.ceil(v);
            default: return v;
        }
    }

    static long floatToInt(double v, int dt) {
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

    static long clampInt(long v, int st, int dt) {
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

    static float unsignedToFloat(long v) {
        if (v >= 0) {
            return (float) v;
        }
        return (float) unsignedToDouble(v);
    }

    static double unsignedToDouble(long v) {
        if (v >= 0) {
            return (double) v;
        }
        double half = (double) ((v >>> 1) | (v & 1));
        return half * 2.0;
    }
}
