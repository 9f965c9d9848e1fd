package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.TextureObject;

/**
 * The arithmetic of texture fetches, as the CUDA C++ Programming Guide's appendix "Texture
 * Fetching" defines it: addressing modes, the texel a nearest-point sample takes, the linear
 * filter's taps and weights (9-bit fixed point with 8 fractional bits, so that 1.0 is exact),
 * the cubemap face a direction selects, and the conversion of stored channels to what a fetch
 * returns. Pure functions of their arguments; the texture unit of the engine reads the texels.
 */
public final class TextureMath {
    private TextureMath() {
    }

    /** A filter weight in the texture unit's 9-bit fixed point: 8 fractional bits, rounded to nearest. */
    public static float weight(float fraction) {
        return Math.round(fraction * 256f) / 256f;
    }

    /**
     * The coordinate in texels along a dimension of {@code n} texels: a normalized coordinate is
     * first wrapped ({@code frac(x)}) or mirrored ({@code frac(x)}, or {@code 1 - frac(x)} where
     * {@code floor(x)} is odd) as its address mode says, then scaled by {@code n}. Wrap and mirror
     * apply to normalized coordinates only; with unnormalized ones they clamp, as CUDA documents.
     */
    public static float texels(float x, int n, int mode, boolean normalized) {
        if (!normalized) {
            return x;
        }
        float u = x;
        if (mode == TextureObject.WRAP) {
            u = x - (float) Math.floor(x);
        } else if (mode == TextureObject.MIRROR) {
            float f = x - (float) Math.floor(x);
            u = ((long) Math.floor(x) & 1) == 0 ? f : 1f - f;
        }
        return u * n;
    }

    /**
     * The texel index that index {@code i} of a dimension of {@code n} texels addresses: clamped
     * to the edge, -1 (the border color) outside for border mode, and wrapped or mirrored around
     * the edges with normalized coordinates (the linear filter's taps beyond an edge).
     */
    public static int index(long i, int n, int mode, boolean normalized) {
        boolean repeats = normalized && (mode == TextureObject.WRAP || mode == TextureObject.MIRROR);
        if (repeats && mode == TextureObject.WRAP) {
            return (int) Math.floorMod(i, (long) n);
        }
        if (repeats) {
            long m = Math.floorMod(i, 2L * n);
            return (int) (m < n ? m : 2L * n - 1 - m);
        }
        if (mode == TextureObject.BORDER) {
            return i < 0 || i >= n ? -1 : (int) i;
        }
        return (int) Math.max(0, Math.min(n - 1, i));
    }

    /** floor as a long, for texel indices. */
    public static long floor(float x) {
        return (long) Math.floor(x);
    }

    /**
     * The cubemap face and face coordinates (in [0, 1]) a direction selects, as the Programming
     * Guide's table "Cubemap Fetch" gives them: the face of the largest magnitude (x, then y,
     * then z on ties) and {@code s = (sc / |ma| + 1) / 2}, {@code t = (tc / |ma| + 1) / 2}.
     *
     * @return {face, s, t}
     */
    public static float[] cubeFace(float x, float y, float z) {
        float ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
        int face;
        float ma, sc, tc;
        if (ax >= ay && ax >= az) {
            face = x >= 0 ? 0 : 1;
            ma = ax;
            sc = x >= 0 ? -z : z;
            tc = -y;
        } else if (ay >= az) {
            face = y >= 0 ? 2 : 3;
            ma = ay;
            sc = x;
            tc = y >= 0 ? z : -z;
        } else {
            face = z >= 0 ? 4 : 5;
            ma = az;
            sc = z >= 0 ? x : -x;
            tc = -y;
        }
        return new float[] {face, (sc / ma + 1f) / 2f, (tc / ma + 1f) / 2f};
    }

    /**
     * One channel as a fetch returns it: the stored value (raw, little-endian, {@code bits} wide)
     * of a signed, unsigned or float channel, as float: integers read as normalized floats (an
     * unsigned n-bit value v as {@code v / (2^n - 1)}, a signed one as
     * {@code max(v / (2^(n-1) - 1), -1)}), or as the integer itself (the element type), floats
     * (16 or 32 bits) as their value.
     */
    public static float channelFloat(long raw, int bits, int kind, boolean normalized) {
        if (kind == TextureObject.FLOAT) {
            return bits == 16 ? (float) HalfFloats.decode(raw, false) : Float.intBitsToFloat((int) raw);
        }
        long v = kind == TextureObject.SIGNED ? signExtend(raw, bits) : raw & mask(bits);
        if (!normalized) {
            return v;
        }
        if (kind == TextureObject.UNSIGNED) {
            return (float) ((double) v / (double) mask(bits));
        }
        return (float) Math.max((double) v / (double) (mask(bits - 1)), -1.0);
    }

    /** An integer channel as the element type returns it (32-bit, signed or zero extended). */
    public static int channelInt(long raw, int bits, int kind) {
        return (int) (kind == TextureObject.SIGNED ? signExtend(raw, bits) : raw & mask(bits));
    }

    /** The sRGB decoding of a normalized channel (x, y and z of sRGB textures). */
    public static float fromSrgb(float c) {
        return c <= 0.04045f ? c / 12.92f : (float) Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static long mask(int bits) {
        return bits >= 64 ? -1L : (1L << bits) - 1;
    }

    private static long signExtend(long raw, int bits) {
        return bits >= 64 ? raw : (raw << (64 - bits)) >> (64 - bits);
    }
}
