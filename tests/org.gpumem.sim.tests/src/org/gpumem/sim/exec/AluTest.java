package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Arithmetic per lane against the same computation in Java, with the lane id as input. */
class AluTest {

    private static int[] run(String body) {
        return SimTestSupport.runLanes(body);
    }

    private static int x(int t) {
        return SimTestSupport.laneValue(t);
    }

    private static final String X = SimTestSupport.LANE_VALUE;

    @Test
    void integerOps() {
        int[] hi = run(X + " mul.hi.s32 %r0, %r1, 0x7654321;");
        int[] hiu = run(X + " mul.hi.u32 %r0, %r1, 0x87654321;");
        int[] wide = run(X + " mul.wide.s32 %rd1, %r1, -3;\n shr.s64 %rd2, %rd1, 32;\n cvt.u32.u64 %r0, %rd2;");
        int[] div = run(X + " div.s32 %r0, %r1, -7;");
        int[] rem = run(X + " rem.s32 %r0, %r1, 13;");
        int[] divu = run(X + " div.u32 %r0, %r1, 7;");
        int[] shr = run(X + " shr.s32 %r0, %r1, 5;");
        int[] shru = run(X + " shr.u32 %r0, %r1, 5;");
        int[] minmax = run(X + " min.s32 %r2, %r1, 100;\n max.u32 %r3, %r1, 100;\n xor.b32 %r0, %r2, %r3;");
        int[] absneg = run(X + " abs.s32 %r2, %r1;\n neg.s32 %r3, %r1;\n add.u32 %r0, %r2, %r3;");
        int[] bfe = run(X + " bfe.s32 %r0, %r1, 4, 9;");
        int[] bfi = run(X + " bfi.b32 %r0, %t, %r1, 8, 6;");
        int[] prmt = run(X + " prmt.b32 %r0, %r1, 0x11223344, 0x7531;");
        int[] popc = run(X + " popc.b32 %r2, %r1;\n clz.b32 %r3, %r1;\n shl.b32 %r3, %r3, 8;\n or.b32 %r0, %r2, %r3;");
        int[] brev = run(X + " brev.b32 %r0, %r1;");
        int[] lop3 = run(X + " lop3.b32 %r0, %r1, %t, 0xF0F0, 0x96;");
        int[] mad = run(X + " mad.lo.s32 %r0, %r1, 3, %t;");
        int[] madw = run(X + " mad.wide.u32 %rd1, %r1, 5, 0x100000000;\n shr.u64 %rd1, %rd1, 32;\n cvt.u32.u64 %r0, %rd1;");
        for (int t = 0; t < 64; t++) {
            int v = x(t);
            assertEquals((int) (((long) v * 0x7654321L) >> 32), hi[t]);
            assertEquals((int) (((v & 0xFFFFFFFFL) * 0x87654321L) >>> 32), hiu[t]);
            assertEquals((int) (((long) v * -3L) >> 32), wide[t]);
            assertEquals(v / -7, div[t]);
            assertEquals(v % 13, rem[t]);
            assertEquals(Integer.divideUnsigned(v, 7), divu[t]);
            assertEquals(v >> 5, shr[t]);
            assertEquals(v >>> 5, shru[t]);
            assertEquals(Math.min(v, 100) ^ (Integer.compareUnsigned(v, 100) >= 0 ? v : 100), minmax[t]);
            assertEquals(Math.abs(v) + -v, absneg[t]);
            assertEquals((v << (32 - 13)) >> (32 - 9), bfe[t]);
            assertEquals((v & ~(0x3F << 8)) | ((t & 0x3F) << 8), bfi[t]);
            int p = 0;
            long bytes = (0x11223344L << 32) | (v & 0xFFFFFFFFL);
            int[] sel = {1, 3, 5, 7};
            for (int i = 0; i < 4; i++) {
                p |= (int) ((bytes >>> (8 * sel[i])) & 0xFF) << (8 * i);
            }
            assertEquals(p, prmt[t]);
            assertEquals(Integer.bitCount(v) | Integer.numberOfLeadingZeros(v) << 8, popc[t]);
            assertEquals(Integer.reverse(v), brev[t]);
            assertEquals(v ^ t ^ 0xF0F0, lop3[t]);
            assertEquals(v * 3 + t, mad[t]);
            assertEquals((int) (((v & 0xFFFFFFFFL) * 5 + 0x100000000L) >>> 32), madw[t]);
        }
    }

    @Test
    void floatOpsAndConversions() {
        String f = " cvt.rn.f32.s32 %f1, %r1;\n";
        int[] fma = run(X + f + " fma.rn.f32 %f2, %f1, 0f3DCCCCCD, 0f40490FDB;\n mov.b32 %r0, %f2;");
        int[] div = run(X + f + " div.rn.f32 %f2, %f1, 0f40400000;\n mov.b32 %r0, %f2;");
        int[] toInt = run(X + f + " mul.f32 %f2, %f1, 0f3E800000;\n cvt.rni.s32.f32 %r0, %f2;");
        int[] sat = run(X + f + " cvt.rzi.u32.f32 %r0, %f1;");
        int[] dbl = run(X + " cvt.rn.f64.s32 %fd1, %r1;\n mul.f64 %fd2, %fd1, 0d3FB999999999999A;\n"
                + " sqrt.rn.f64 %fd3, %fd2;\n abs.f64 %fd4, %fd2;\n sqrt.rn.f64 %fd3, %fd4;\n cvt.rzi.s32.f64 %r0, %fd3;");
        int[] sel = run(X + f + " setp.lt.f32 %p1, %f1, 0f00000000;\n selp.f32 %f3, 0f3F800000, 0fBF800000, %p1;\n"
                + " neg.f32 %f3, %f3;\n min.f32 %f4, %f3, %f1;\n mov.b32 %r0, %f4;");
        for (int t = 0; t < 64; t++) {
            float v = (float) x(t);
            assertEquals(Float.floatToIntBits(Math.fma(v, 0.1f, (float) Math.PI)), fma[t]);
            assertEquals(Float.floatToIntBits(v / 3f), div[t]);
            assertEquals((int) Math.rint(v * 0.25f), toInt[t]);
            assertEquals(v <= 0 ? 0 : (int) (long) v, sat[t]);
            assertEquals((int) Math.sqrt(Math.abs((double) x(t) * 0.1)), dbl[t]);
            float s = -(v < 0 ? 1f : -1f);
            assertEquals(Float.floatToIntBits(Math.min(s, v)), sel[t]);
        }
    }

    @Test
    void setpCombinesPredicatesAndWritesTheComplement() {
        int[] out = run(" setp.gt.u32 %p1, %t, 20;\n setp.lt.and.u32 %p2|%p3, %t, 40, %p1;\n"
                + " selp.u32 %r1, 1, 0, %p2;\n selp.u32 %r2, 2, 0, %p3;\n or.b32 %r0, %r1, %r2;\n"
                + " not.pred %p4, %p1;\n @%p4 add.u32 %r0, %r0, 4;");
        for (int t = 0; t < 64; t++) {
            int e = (t > 20 && t < 40 ? 1 : 0) | (t >= 40 && t > 20 ? 2 : 0) | (t <= 20 ? 4 : 0);
            assertEquals(e, out[t], "thread " + t);
        }
    }

    @Test
    void clockCountsTheWarpsIssuedInstructions() {
        int[] out = run(" mov.u64 %rd1, %clock64;\n add.u32 %r1, %t, 1;\n add.u32 %r1, %r1, 1;\n"
                + " mov.u64 %rd2, %clock64;\n sub.u64 %rd3, %rd2, %rd1;\n cvt.u32.u64 %r0, %rd3;");
        for (int t = 0; t < 64; t++) {
            assertEquals(3, out[t], "two instructions between the reads: the second read is 3 issues later");
        }
    }
}
