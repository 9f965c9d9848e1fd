package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * int_intrinsics.cu: prmt in every mode, dp4a/dp2a, mul24/mad24, sad, mul.hi, bmsk, szext, bit
 * fields, lop3, fns, bit counts, 128-bit arithmetic (add.cc/addc, mad.hi), averages and SIMD video
 * intrinsics, exactly against README.md's definitions written out here.
 */
class EverydayIntegerTest {
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private static BigInteger u64(long v) {
        return BigInteger.valueOf(v).and(MASK64);
    }

    private static int prmtDefault(int a, int b, int c) {
        long bytes = (long) b << 32 | (a & 0xFFFF_FFFFL);
        int r = 0;
        for (int k = 0; k < 4; k++) {
            int sel = c >>> (4 * k) & 0xF;
            int v = (int) (bytes >>> (8 * (sel & 7))) & 0xFF;
            if ((sel & 8) != 0) {
                v = (v & 0x80) != 0 ? 0xFF : 0;
            }
            r |= v << (8 * k);
        }
        return r;
    }

    /** The PTX ISA table of prmt's modes: for selector s, the source byte of result byte k. */
    private static final int[][][] MODES = {
        {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, // f4e
        {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, // b4e
        {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, // rc8
        {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, // ecl
        {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, // ecr
        {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}}; // rc16

    private static int prmtMode(int mode, int a, int b, int c) {
        long bytes = (long) b << 32 | (a & 0xFFFF_FFFFL);
        int r = 0;
        for (int k = 0; k < 4; k++) {
            r |= (int) (bytes >>> (8 * MODES[mode][c & 3][k]) & 0xFF) << (8 * k);
        }
        return r;
    }

    private static int szext(int a, int n) {
        return n == 0 ? 0 : n >= 32 ? a : (a << (32 - n)) >> (32 - n);
    }

    private static int fns(int mask, int base, int offset) {
        if (offset == 0) {
            return (mask >>> base & 1) != 0 ? base : -1;
        }
        int count = Math.abs(offset);
        for (int pos = base; pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1) {
            if ((mask >>> pos & 1) != 0 && --count == 0) {
                return pos;
            }
        }
        return -1;
    }

    private static int bytewise(int a, int b, java.util.function.IntBinaryOperator op) {
        int r = 0;
        for (int k = 0; k < 4; k++) {
            r |= (op.applyAsInt(a >>> (8 * k) & 0xFF, b >>> (8 * k) & 0xFF) & 0xFF) << (8 * k);
        }
        return r;
    }

    static int[] expected(int a, int b, int c) {
        int[] o = new int[48];
        // __byte_perm reads 3 bits per selector (nvcc masks c with 0x7777), so no sign replication.
        o[0] = prmtDefault(a, b, c & 0x7777);
        for (int m = 0; m < 6; m++) {
            o[1 + m] = prmtMode(m, a, b, c);
        }
        int dps = c, dpu = c;
        for (int k = 0; k < 4; k++) {
            dps += (byte) (a >> (8 * k)) * (byte) (b >> (8 * k));
            dpu += (a >>> (8 * k) & 0xFF) * (b >>> (8 * k) & 0xFF);
        }
        o[7] = dps;
        o[8] = dpu;
        o[9] = c + (short) a * (byte) b + (short) (a >> 16) * (byte) (b >> 8);
        o[10] = c + (a & 0xFFFF) * (b >>> 16 & 0xFF) + (a >>> 16) * (b >>> 24);
        long a24 = (a << 8) >> 8, b24 = (b << 8) >> 8;
        o[11] = (int) (a24 * b24);
        o[12] = (int) ((a & 0xFFFFFFL) * (b & 0xFFFFFFL));
        o[13] = (int) ((a24 * b24) >> 16) ^ ((int) ((a & 0xFFFFFFL) * (b & 0xFFFFFFL)) + c);
        o[14] = c + (int) Math.abs((long) a - b);
        o[15] = c + (int) Math.abs((a & 0xFFFF_FFFFL) - (b & 0xFFFF_FFFFL));
        o[16] = (int) (((long) a * b) >> 32);
        o[17] = (int) (((a & 0xFFFF_FFFFL) * (b & 0xFFFF_FFFFL)) >>> 32);
        long wa = (long) a << 32 | (b & 0xFFFF_FFFFL), wb = (long) c << 32 | (a & 0xFFFF_FFFFL);
        long hi = u64(wa).multiply(u64(wb)).shiftRight(64).longValue();
        o[18] = (int) hi;
        o[19] = (int) (hi >>> 32);
        int start = c >>> 8 & 31, width = Math.min(c & 31, 32 - start);
        long fieldMask = (1L << width) - 1;
        o[20] = (int) (fieldMask << start);
        o[21] = szext(b, (c >>> 26) % 32) ^ szext(a, Math.min(c & 63, 32));
        o[22] = (int) ((a >>> start) & fieldMask);
        o[23] = (int) ((a & ~(fieldMask << start)) | ((b & fieldMask) << start));
        o[24] = (a & b) ^ (~c | (a & ~b));
        o[25] = fns(a, b & 31, Integer.remainderUnsigned(c, 9) - 4);
        o[26] = Integer.reverse(a);
        o[27] = Integer.numberOfLeadingZeros(a);
        o[28] = Integer.bitCount(a);
        o[29] = a == 0 ? 0 : Integer.numberOfTrailingZeros(a) + 1;
        o[30] = a != 0 ? 31 - Integer.numberOfLeadingZeros(a) : -1;
        long w = (long) b << 32 | (c & 0xFFFF_FFFFL);
        o[31] = Long.numberOfLeadingZeros(w);
        o[32] = Long.bitCount(w);
        o[33] = w == 0 ? 0 : Long.numberOfTrailingZeros(w) + 1;
        long rev = Long.reverse(w);
        o[34] = (int) rev;
        o[35] = (int) (rev >>> 32);
        BigInteger p = u64(wa).multiply(u64(wb)).add(u64(w));
        for (int k = 0; k < 4; k++) {
            o[36 + k] = p.shiftRight(32 * k).intValue();
        }
        o[40] = (int) (((long) a + b) >> 1);
        o[41] = (int) (((long) a + b + 1) >> 1);
        o[42] = (int) (((a & 0xFFFF_FFFFL) + (b & 0xFFFF_FFFFL)) >>> 1);
        o[43] = bytewise(a, b, Integer::sum);
        o[44] = bytewise(a, b, (x, y) -> Math.abs(x - y));
        o[45] = ((short) a > (short) b ? 0xFFFF : 0) | ((a >> 16) > (b >> 16) ? 0xFFFF0000 : 0);
        o[46] = bytewise(a, b, Math::max);
        o[47] = ((a << 27) >> 27) * 100000 + (b & 0x7FF) * 17 + (short) c;
        return o;
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void integerIntrinsics(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("int_intrinsics.int_intrinsics", v);
        int[] x = Everyday.ints(launch.initialBuffer("x"));
        int[] y = Everyday.ints(launch.initialBuffer("y"));
        int[] z = Everyday.ints(launch.initialBuffer("z"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < x.length; i++) {
            int[] e = expected(x[i], y[i], z[i]);
            for (int k = 0; k < 48; k++) {
                int idx = i, slot = k;
                assertEquals(e[k], out[48 * i + k], () -> "element " + idx + " slot " + slot + " (a=0x"
                        + Integer.toHexString(x[idx]) + ", b=0x" + Integer.toHexString(y[idx]) + ", c=0x"
                        + Integer.toHexString(z[idx]) + ")");
            }
        }
    }
}
