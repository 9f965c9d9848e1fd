package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.junit.jupiter.api.Test;

/**
 * Tensor-core instructions where the fixtures' matrices do not reach: integer accumulators at
 * the edge of the .s32 range, and a warp that is not whole at an .aligned matrix instruction.
 * Every element of A, B and C is the same, so the result does not depend on the fragments'
 * distribution.
 */
class MatrixInstructionTest {
    /** A and B all 127 (four .s8 a register), C all {@code c}; d[0] of every thread in %r0. */
    private static String s8Product(String suffix, int c) {
        return String.join("\n",
                " mov.b32 %r1, 0x7F7F7F7F; mov.b32 %r2, " + c + ";",
                " wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32" + suffix
                        + " {%r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10}, {%r1, %r1}, {%r1, %r1},"
                        + " {%r2, %r2, %r2, %r2, %r2, %r2, %r2, %r2};",
                " mov.u32 %r0, %r3;");
    }

    @Test
    void integerAccumulatorsWrapAndSaturateWithSatfinite() {
        int c = Integer.MAX_VALUE - 1000;
        long sum = c + 16L * 127 * 127;
        SimTestSupport.Run wrapped = SimTestSupport.runPerThread("", s8Product("", c), 1, 32);
        assertNull(wrapped.result.fault(), () -> wrapped.result.fault().message());
        SimTestSupport.Run saturated = SimTestSupport.runPerThread("", s8Product(".satfinite", c), 1, 32);
        assertNull(saturated.result.fault(), () -> saturated.result.fault().message());
        for (int l = 0; l < 32; l++) {
            assertEquals((int) sum, wrapped.out()[l], "lane " + l);
            assertEquals(Integer.MAX_VALUE, saturated.out()[l], "lane " + l);
        }
    }

    @Test
    void aMatrixInstructionOfPartOfAWarpFailsTheThread() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 16;",
                " mov.b32 %r1, 0x01010101; mov.b32 %r2, 0;",
                " @%p1 wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32"
                        + " {%r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10}, {%r1, %r1}, {%r1, %r1},"
                        + " {%r2, %r2, %r2, %r2, %r2, %r2, %r2, %r2};");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().contains("needs all 32 threads of the warp"), f.detail());
    }

    /**
     * mma.sp m16n8k16 .f16 with selector 2: every lane's stored A elements are 1 and 2, B(k, n) = k,
     * C = 0, so D(r, n) = sum over the chunks j of (4j + i0) + 2 (4j + i1), where i0 and i1 are the
     * positions the metadata field gives; threads 2, 6, ... hold {@code meta} for every field, the
     * others 0xffffffff, metadata that is undefined if read. %r0: D(lane / 4, 2 (lane % 4)).
     */
    private static SimTestSupport.Run sparseProduct(String form, int meta, int threads) {
        String body = String.join("\n",
                " .reg .b16 %h<5>;",
                " and.b32 %r20, %t, 3; shl.b32 %r21, %r20, 1;",
                " cvt.rn.f32.u32 %f1, %r21; cvt.rn.f16.f32 %h1, %f1; add.u32 %r22, %r21, 1;",
                " cvt.rn.f32.u32 %f2, %r22; cvt.rn.f16.f32 %h2, %f2; add.u32 %r23, %r21, 8;",
                " cvt.rn.f32.u32 %f3, %r23; cvt.rn.f16.f32 %h3, %f3; add.u32 %r24, %r21, 9;",
                " cvt.rn.f32.u32 %f4, %r24; cvt.rn.f16.f32 %h4, %f4;",
                " mov.b32 %r5, {%h1, %h2}; mov.b32 %r6, {%h3, %h4};",
                " mov.b32 %r3, 0x40003C00; mov.b32 %r7, 0;",
                " setp.eq.u32 %p1, %r20, 2; selp.b32 %r8, " + meta + ", 0xFFFFFFFF, %p1;",
                " setp.lt.u32 %p2, %t, " + threads + ";",
                " @%p2 " + form + " {%r10, %r11, %r12, %r13}, {%r3, %r3}, {%r5, %r6}, {%r7, %r7, %r7, %r7}, %r8, 2;",
                " mov.b32 %r0, %r10;");
        return SimTestSupport.runPerThread("", body, 1, 32);
    }

    private static final String SPARSE = "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    private static final String ORDERED = "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

    @Test
    void sparsityMetadataOfTheSelectedThreadsPicksTheColumnsOfA() {
        // fields 0b1101 (i0 = 1, i1 = 3) and 0b0111 (i0 = 3, i1 = 1: the first stored element goes to column 3)
        int[][] cases = {{0xDDDDDDDD, 1, 3}, {0x77777777, 3, 1}};
        for (String form : new String[] {SPARSE, ORDERED}) {
            for (int[] c : cases) {
                boolean undefined = form == ORDERED && c[1] > c[2];
                SimTestSupport.Run r = sparseProduct(form, c[0], 32);
                if (undefined) {
                    Fault f = r.result.fault();
                    assertNotNull(f, form + " 0x" + Integer.toHexString(c[0]));
                    assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
                    assertTrue(f.detail().contains("sparsity metadata 0b0111"), f.detail());
                    continue;
                }
                assertNull(r.result.fault(), () -> r.result.fault().message());
                int expected = 0;
                for (int j = 0; j < 4; j++) {
                    expected += (4 * j + c[1]) + 2 * (4 * j + c[2]);
                }
                for (int l = 0; l < 32; l++) {
                    assertEquals(expected, Float.intBitsToFloat(r.out()[l]), form + " lane " + l);
                }
            }
        }
    }

    @Test
    void undefinedSparsityMetadataAndAPartialWarpFailTheThread() {
        // 0b0101: both stored elements at position 1
        SimTestSupport.Run twice = sparseProduct(SPARSE, 0x55555555, 32);
        Fault f = twice.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().contains("sparsity metadata 0b0101"), f.detail());
        SimTestSupport.Run partial = sparseProduct(SPARSE, 0xDDDDDDDD, 16);
        assertNotNull(partial.result.fault());
        assertTrue(partial.result.fault().detail().contains("needs all 32 threads of the warp"), partial.result.fault().detail());
        String quadPairs = String.join("\n",
                " setp.lt.u32 %p1, %t, 16; mov.b32 %r1, 0x3C003C00;",
                " @%p1 mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%r2, %r3, %r4, %r5}, {%r1, %r1}, {%r1, %r1},"
                        + " {%r1, %r1, %r1, %r1};");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", quadPairs, 1, 32);
        assertNotNull(r.result.fault());
        assertTrue(r.result.fault().detail().contains("needs all 32 threads of the warp"), r.result.fault().detail());
    }

    /** Forms the PTX ISA leaves undefined or does not list make the kernel not runnable, naming the line. */
    @Test
    void undefinedMatrixFormsAreRefusedAtLoad() {
        String[][] refused = {
            {" mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r1, %r2}, {%r1, %r2},"
                    + " {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8};", "unsupported types"},
            {" mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r1, %r2, %r3, %r4},"
                    + " {%r1, %r2, %r3, %r4}, {%r1, %r2, %r3, %r4}, %r5, 2;", "selector must be an immediate from 0 to 1"},
            {" mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r1, %r2},"
                    + " {%r1, %r2}, {%r1, %r2, %r3, %r4}, %r5, %r6;", "selector must be an immediate"},
            {" mma.sp.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r1},"
                    + " {%r1}, {%r1, %r2, %r3, %r4}, %r5, 0;", "unsupported types"}};
        for (String[] c : refused) {
            java.util.List<org.gpumem.sim.UnsupportedConstruct> why = org.gpumem.sim.ptx.PtxLoader
                    .load("test.ptx", SimTestSupport.perThreadKernel("", c[0])).function("k").unsupported();
            assertEquals(1, why.size(), why.toString());
            String d = why.get(0).describe();
            assertTrue(d.matches("test\\.ptx:\\d+: .*") && d.contains(c[1]), d);
        }
    }

    /** f32 {@code bits} rounded to tf32 by a reference on values (not bits): "rna", "rn" or "rz". */
    private static int tf32(int bits, String mode, boolean satfinite) {
        float f = Float.intBitsToFloat(bits);
        if (Float.isInfinite(f)) {
            return satfinite ? (bits & 0x8000_0000) | 0x7F7F_E000 : bits;
        }
        double a = Math.abs((double) f);
        if (a == 0) {
            return bits;
        }
        double ulp = Math.scalb(1.0, Math.max(Math.getExponent(f), -126) - 10);
        double lo = Math.floor(a / ulp) * ulp, hi = lo + ulp;
        double r;
        if (mode.equals("rz") || a - lo < hi - a) {
            r = lo;
        } else if (a - lo > hi - a) {
            r = hi;
        } else {
            r = mode.equals("rna") || (long) (lo / ulp) % 2 == 1 ? hi : lo;
        }
        float rounded = (float) Math.copySign(r, f);
        if (satfinite && Float.isInfinite(rounded)) {
            return (bits & 0x8000_0000) | 0x7F7F_E000;
        }
        return Float.floatToRawIntBits(rounded);
    }

    @Test
    void cvtToTf32RoundsAsTheModeSays() {
        String[] forms = {"cvt.rna.tf32.f32", "cvt.rn.tf32.f32", "cvt.rz.tf32.f32", "cvt.rn.satfinite.tf32.f32"};
        for (String form : forms) {
            // spread-out f32 patterns; every 4th with a tie (the 13 dropped bits 0x1000)
            String body = String.join("\n",
                    " mul.lo.u32 %r1, %g, 0x9E3779B1; sub.u32 %r1, %r1, 7;",
                    " and.b32 %r2, %g, 3; setp.eq.u32 %p1, %r2, 0;",
                    " @%p1 and.b32 %r1, %r1, 0xFFFFE000; @%p1 or.b32 %r1, %r1, 0x1000;",
                    " mov.b32 %f1, %r1; " + form + " %r0, %f1;");
            SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 16, 256);
            assertNull(r.result.fault(), () -> r.result.fault().message());
            int[] out = r.out();
            String mode = form.split("\\.")[1];
            for (int g = 0; g < out.length; g++) {
                int x = g * 0x9E3779B1 - 7;
                if (g % 4 == 0) {
                    x = (x & 0xFFFF_E000) | 0x1000;
                }
                int in = x;
                if (Float.isNaN(Float.intBitsToFloat(x))) {
                    assertTrue(Float.isNaN(Float.intBitsToFloat(out[g])), () -> form + " of 0x" + Integer.toHexString(in));
                } else {
                    assertEquals(Integer.toHexString(tf32(x, mode, form.contains("satfinite"))), Integer.toHexString(out[g]),
                            form + " of 0x" + Integer.toHexString(x));
                }
            }
        }
    }

    /**
     * wmma.load and wmma.store without a stride use the matrix's leading dimension (columns when
     * row-major): A 8 x 4 at aux[0] (stride 4), B 4 x 8 at aux[32] (stride 8) and D 8 x 8 at
     * aux[64] (stride 8), f64 m8n8k4; B picks column n % 4 of A, so D(r, n) = A(r, n % 4).
     */
    @Test
    void fragmentsWithoutAStrideUseTheLeadingDimension() {
        int[] aux = new int[2 * 128];
        for (int i = 0; i < 32; i++) {
            long a = Double.doubleToRawLongBits(i + 1);
            aux[2 * i] = (int) a;
            aux[2 * i + 1] = (int) (a >>> 32);
        }
        for (int k = 0; k < 4; k++) {
            for (int n = 0; n < 8; n++) {
                long b = Double.doubleToRawLongBits(n % 4 == k ? 1 : 0);
                aux[2 * (32 + k * 8 + n)] = (int) b;
                aux[2 * (32 + k * 8 + n) + 1] = (int) (b >>> 32);
            }
        }
        String body = String.join("\n",
                " mov.f64 %fd3, 0d0000000000000000;",
                " wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%fd1}, [%aux];",
                " wmma.load.b.sync.aligned.row.m8n8k4.global.f64 {%fd2}, [%aux+256];",
                " wmma.mma.sync.aligned.row.row.m8n8k4.rn.f64.f64.f64.f64 {%fd4, %fd5}, {%fd1}, {%fd2}, {%fd3, %fd3};",
                " wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [%aux+512], {%fd4, %fd5};");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32, 4 * aux.length, aux);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] out = r.aux(aux.length);
        for (int row = 0; row < 8; row++) {
            for (int n = 0; n < 8; n++) {
                int i = 2 * (64 + row * 8 + n);
                double d = Double.longBitsToDouble((out[i] & 0xFFFF_FFFFL) | (long) out[i + 1] << 32);
                assertEquals(row * 4 + n % 4 + 1, d, "d[" + row + "][" + n + "]");
            }
        }
    }
}
