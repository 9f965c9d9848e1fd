package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * cvt for all active lanes: between integer widths (with saturation), integers and floats
 * (with PTX rounding modes) and float widths.
 */
final class Conversions {
    private Conversions() {
    }

    static void cvt(Instruction in, long[] R, int m) {
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
