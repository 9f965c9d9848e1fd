package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * wmma.cu: the WMMA API's loads, matrix products and stores (m16n16k16, half multiplicands,
 * float and half accumulators), and mma_sync.cu's mma.sync, against matrix products computed
 * here from the kernels' integer inputs. The values are small integers, so every sum is exact and the order of accumulation
 * does not show.
 */
class EverydayTensorCoreTest {

    /** A matrix as a function of (row, column). */
    private interface Matrix {
        int at(int row, int column);
    }

    /** Element (r, col) of A * B + C, over k products. */
    private static int product(Matrix a, Matrix b, Matrix c, int r, int col, int k) {
        int sum = c.at(r, col);
        for (int i = 0; i < k; i++) {
            sum += a.at(r, i) * b.at(i, col);
        }
        return sum;
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void floatAccumulatorFromSharedMemoryWithStrides(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma.wmma_f32_shared", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * (2 * 16 * 24 + 256);
            Matrix a = (r, k) -> in[base + r * 24 + k] % 4; // row-major, leading dimension 24
            Matrix b = (k, n) -> in[base + 384 + n * 24 + k] % 4; // column-major
            Matrix c = (r, n) -> in[base + 768 + r * 16 + n] % 50; // row-major
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 16; n++) {
                    // D stored column-major
                    assertEquals(product(a, b, c, r, n, 16), Float.intBitsToFloat(d[blk * 256 + n * 16 + r]),
                            "block " + blk + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void halfAccumulatorFromGlobalMemoryScaledElementByElement(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma.wmma_f16_global", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        short[] d = Everyday.shorts(Everyday.run(launch).outputs().get("d"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 768;
            Matrix a = (r, k) -> in[base + k * 16 + r] % 4; // column-major
            Matrix b = (k, n) -> in[base + 256 + k * 16 + n] % 4; // row-major
            Matrix c = (r, n) -> in[base + 512 + n * 16 + r] % 30; // column-major
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 16; n++) {
                    // D stored row-major, every element doubled
                    assertEquals(2 * product(a, b, c, r, n, 16), EverydayHalfTest.value(d[blk * 256 + r * 16 + n], false),
                            "block " + blk + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void fourWarpsMultiplyTiledMatrices(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma.wmma_gemm", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 2048;
            Matrix a = (r, k) -> in[base + r * 32 + k] % 5;
            Matrix b = (k, n) -> in[base + 1024 + k * 32 + n] % 5;
            Matrix zero = (r, n) -> 0;
            for (int r = 0; r < 32; r++) {
                for (int n = 0; n < 32; n++) {
                    assertEquals(product(a, b, zero, r, n, 32), Float.intBitsToFloat(out[blk * 1024 + r * 32 + n]),
                            "block " + blk + " out[" + r + "][" + n + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void bfloat16Multiplicands(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma.wmma_bf16", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 768;
            Matrix a = (r, k) -> in[base + r * 16 + k] % 8;
            Matrix b = (k, n) -> in[base + 256 + k * 16 + n] % 8;
            Matrix c = (r, n) -> in[base + 512 + n * 16 + r] % 1000; // column-major
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 16; n++) {
                    assertEquals(product(a, b, c, r, n, 16), Float.intBitsToFloat(d[blk * 256 + r * 16 + n]),
                            "block " + blk + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void signedEightBitMultiplicandsWithAnIntegerAccumulator(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma.wmma_s8", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] cd = Everyday.ints(Everyday.run(launch).outputs().get("cd"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 768;
            Matrix a = (r, k) -> in[base + r * 16 + k] % 128;
            Matrix b = (k, n) -> in[base + 256 + n * 16 + k] % 128; // column-major
            Matrix c = (r, n) -> in[base + 512 + r * 16 + n] % 100000;
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 16; n++) {
                    assertEquals(product(a, b, c, r, n, 16), cd[blk * 256 + r * 16 + n], "block " + blk + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    /**
     * mma_sync.cu: mma.sync m16n8k16 on half with float and half accumulators; the kernel builds
     * the fragments at the PTX ISA's positions, so a wrong layout gives a wrong product.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSyncM16n8k16OnHalves(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_sync.mma_m16n8k16", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] d32 = Everyday.ints(o.outputs().get("d32"));
        short[] d16 = Everyday.shorts(o.outputs().get("d16"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 512;
            Matrix a = (r, k) -> in[base + r * 16 + k] % 4;
            Matrix b = (k, n) -> in[base + 256 + k * 8 + n] % 4;
            Matrix c = (r, n) -> in[base + 384 + r * 8 + n] % 50;
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 8; n++) {
                    int at = blk * 128 + r * 8 + n;
                    int expected = product(a, b, c, r, n, 16);
                    assertEquals(expected, Float.intBitsToFloat(d32[at]), "block " + blk + " f32 d[" + r + "][" + n + "]");
                    assertEquals(expected, EverydayHalfTest.value(d16[at], false), "block " + blk + " f16 d[" + r + "][" + n + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSyncM16n8k8OnBfloat16(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_sync.mma_m16n8k8_bf16", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 320;
            Matrix a = (r, k) -> in[base + r * 8 + k] % 6;
            Matrix b = (k, n) -> in[base + 128 + k * 8 + n] % 6;
            Matrix c = (r, n) -> in[base + 192 + r * 8 + n] % 100;
            for (int r = 0; r < 16; r++) {
                for (int n = 0; n < 8; n++) {
                    assertEquals(product(a, b, c, r, n, 8), Float.intBitsToFloat(d[blk * 128 + r * 8 + n]),
                            "block " + blk + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    /**
     * ldmatrix against the PTX ISA's layout: thread l holds, of matrix i, row l / 4 and columns
     * 2 (l % 4) and 2 (l % 4) + 1 (low half first); with .trans, column l / 4 of rows 2 (l % 4)
     * and 2 (l % 4) + 1. Row r of matrix i starts at element 192 i + 24 r.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void ldmatrixLayout(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_sync.ldmatrix_layout", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] out = Everyday.ints(o.outputs().get("out"));
        int[] trans = Everyday.ints(o.outputs().get("trans"));
        int[] two = Everyday.ints(o.outputs().get("two"));
        for (int blk = 0; blk < 2; blk++) {
            int base = blk * 768;
            for (int l = 0; l < 32; l++) {
                int g = l / 4, t = l % 4;
                for (int i = 0; i < 4; i++) {
                    int m = base + 192 * i;
                    int plain = in[m + 24 * g + 2 * t] & 0xFFFF | in[m + 24 * g + 2 * t + 1] << 16;
                    int transposed = in[m + 24 * (2 * t) + g] & 0xFFFF | in[m + 24 * (2 * t + 1) + g] << 16;
                    String at = "block " + blk + " lane " + l + " matrix " + i;
                    assertEquals(plain, out[(blk * 32 + l) * 4 + i], at);
                    assertEquals(transposed, trans[(blk * 32 + l) * 4 + i], at + " .trans");
                    if (i < 2) {
                        assertEquals(plain, two[(blk * 32 + l) * 2 + i], at + " .x2");
                    }
                }
            }
        }
    }

    /**
     * mma_shapes.cu mma_integers: mma.sync on .s8/.u8 (m8n8k16, m16n8k16 mixed signs, m16n8k32
     * with .satfinite), .s4/.u4 (m8n8k32, m16n8k32, m16n8k64) and .b1 (m8n8k128 xor, m16n8k128 and,
     * m16n8k256 xor), each with fragments the kernel packs at the PTX ISA's positions.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSyncIntegerAndSingleBitShapes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_shapes.mma_integers", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        // per form: M, K, element bits, A signed, B signed, .and (b1), .satfinite
        int[][] forms = {{8, 16, 8, 1, 1, 0, 0}, {16, 16, 8, 0, 1, 0, 0}, {16, 32, 8, 1, 1, 0, 1}, {8, 32, 4, 1, 1, 0, 0},
            {16, 32, 4, 0, 1, 0, 0}, {16, 64, 4, 1, 0, 0, 0}, {8, 128, 1, 0, 0, 0, 0}, {16, 128, 1, 0, 0, 1, 0},
            {16, 256, 1, 0, 0, 0, 0}};
        for (int f = 0; f < forms.length; f++) {
            int[] fm = forms[f];
            int rows = fm[0], depth = fm[1], bits = fm[2], base = 8192 * f;
            boolean sat = fm[6] == 1;
            for (int r = 0; r < rows; r++) {
                for (int n = 0; n < 8; n++) {
                    int c = in[base + 6144 + r * 8 + n];
                    if (sat) {
                        c = c < 0 ? Integer.MIN_VALUE + (c & 0xffff) : Integer.MAX_VALUE - (c & 0xffff);
                    }
                    long sum = c;
                    for (int k = 0; k < depth; k++) {
                        long x = element(in[base + r * depth + k], bits, fm[3] == 1);
                        long y = element(in[base + 4096 + k * 8 + n], bits, fm[4] == 1);
                        sum += bits == 1 ? (fm[5] == 1 ? x & y : x ^ y) : x * y;
                    }
                    int expected = sat ? (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, sum)) : (int) sum;
                    assertEquals(expected, d[128 * f + r * 8 + n], "form " + f + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    /** A multiplicand element of wmma_shapes.cu's form of type {@code t} from its input word. */
    private static double multiplicand(String t, int v) {
        switch (t) {
            case "f16":
                return v % 4;
            case "s8":
                return (byte) v;
            case "u8":
                return v & 0xFF;
            default:
                // bf16, tf32, f64
                return v % 8;
        }
    }

    /** An accumulator element of wmma_shapes.cu's form of type {@code t} from its input word. */
    private static double accumulator(String t, int v) {
        switch (t) {
            case "f32":
                return v % 1000;
            case "f16":
                return v % 30;
            case "s32":
                return v % 100000;
            default:
                return (v % 1000) / 4.0;
        }
    }

    /**
     * wmma_shapes.cu: the WMMA API on m32n8k16 and m8n32k16 (.f16 with .f32 and .f16
     * accumulators, .s8, .u8, .bf16), m16n16k8 .tf32, m8n8k4 .f64, and the experimental m8n8k32
     * .s4 and m8n8k128 .b1 (XOR and AND popc) with packed fragments, every layout of A, B and C.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void wmmaShapesAndTypes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("wmma_shapes.wmma_shapes", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        double[] d = Everyday.doubles(Everyday.run(launch).outputs().get("d"));
        Object[][] forms = {{32, 8, 16, "f16", "f32"}, {8, 32, 16, "f16", "f16"}, {32, 8, 16, "s8", "s32"},
            {8, 32, 16, "u8", "s32"}, {8, 32, 16, "bf16", "f32"}, {16, 16, 8, "tf32", "f32"}, {8, 8, 4, "f64", "f64"}};
        for (int f = 0; f < forms.length; f++) {
            int rows = (Integer) forms[f][0], cols = (Integer) forms[f][1], depth = (Integer) forms[f][2];
            String ab = (String) forms[f][3], acc = (String) forms[f][4];
            int base = 4096 * f;
            for (int r = 0; r < rows; r++) {
                for (int n = 0; n < cols; n++) {
                    double sum = accumulator(acc, in[base + 2048 + r * cols + n]);
                    for (int k = 0; k < depth; k++) {
                        sum += multiplicand(ab, in[base + r * depth + k]) * multiplicand(ab, in[base + 1024 + k * cols + n]);
                    }
                    assertEquals(sum, d[256 * f + r * cols + n], "form " + f + " d[" + r + "][" + n + "]");
                }
            }
        }
        for (int f = 7; f < 10; f++) {
            int depth = f == 7 ? 32 : 128, bits = f == 7 ? 4 : 1, base = 4096 * f;
            for (int r = 0; r < 8; r++) {
                for (int n = 0; n < 8; n++) {
                    long sum = in[base + 2048 + r * 8 + n] % 100000;
                    for (int k = 0; k < depth; k++) {
                        long x = element(in[base + r * depth + k], bits, f == 7);
                        long y = element(in[base + 1024 + k * 8 + n], bits, f == 7);
                        sum += f == 7 ? x * y : f == 9 ? x & y : x ^ y;
                    }
                    assertEquals(sum, d[256 * f + r * 8 + n], "form " + f + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    /** The low {@code bits} of {@code v}, sign-extended if {@code signed}. */
    private static long element(int v, int bits, boolean signed) {
        int shift = 32 - bits;
        return signed ? (v << shift) >> shift : (v << shift) >>> shift;
    }

    /**
     * mma_shapes.cu mma_floats: mma.sync m16n8k8 and m16n8k4 on .tf32, m8n8k4, m16n8k4, m16n8k8
     * and m16n8k16 on .f64; elements in % 8, accumulators (in % 1000) / 4: every sum exact.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSyncTf32AndF64Shapes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_shapes.mma_floats", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        double[] d = Everyday.doubles(Everyday.run(launch).outputs().get("d"));
        int[][] forms = {{16, 8}, {16, 4}, {8, 4}, {16, 4}, {16, 8}, {16, 16}};
        for (int f = 0; f < forms.length; f++) {
            int rows = forms[f][0], depth = forms[f][1], base = 8192 * f;
            for (int r = 0; r < rows; r++) {
                for (int n = 0; n < 8; n++) {
                    double sum = (in[base + 6144 + r * 8 + n] % 1000) / 4.0;
                    for (int k = 0; k < depth; k++) {
                        sum += (double) (in[base + r * depth + k] % 8) * (in[base + 4096 + k * 8 + n] % 8);
                    }
                    assertEquals(sum, d[128 * f + r * 8 + n], "form " + f + " d[" + r + "][" + n + "]");
                }
            }
        }
    }

    /**
     * mma_sparse.cu mma_quad_pairs: sm_70's mma.m8n8k4 on .f16, four 8 x 8 x 4 products, one per
     * quad pair, with A and B in each layout and .f32 and .f16 accumulators, fragments built in
     * the kernel at the PTX ISA's positions; A and B {@code v % 4}, C {@code v % 50}.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSyncM8n8k4QuadPairsOnHalves(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_sparse.mma_quad_pairs", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        for (int f = 0; f < 4; f++) {
            for (int q = 0; q < 4; q++) {
                int base = 1024 * f, pair = q;
                Matrix a = (r, k) -> in[base + 32 * pair + r * 4 + k] % 4;
                Matrix b = (k, n) -> in[base + 128 + 32 * pair + k * 8 + n] % 4;
                Matrix c = (r, n) -> in[base + 256 + 64 * pair + r * 8 + n] % 50;
                for (int r = 0; r < 8; r++) {
                    for (int n = 0; n < 8; n++) {
                        assertEquals(product(a, b, c, r, n, 4), Float.intBitsToFloat(d[256 * f + 64 * q + 8 * r + n]),
                                "form " + f + " quad pair " + q + " d[" + r + "][" + n + "]");
                    }
                }
            }
        }
    }

    /**
     * mma_sparse.cu mma_sparse: mma.sp and mma.sp::ordered_metadata in every shape and type of
     * sm_80 to sm_90 but FP8 (.f16, .bf16 and .tf32 with .f32 accumulators, .s8/.u8 and .s4/.u4),
     * with several sparsity selectors; A is 2:4 (.tf32 1:2, 4-bit 4:8 in pairs) sparse with the
     * kept positions chosen by the input, compressed and indexed by metadata in the kernel. The
     * reference multiplies the dense A, zeros included.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mmaSpSparseShapesAndTypes(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("mma_sparse.mma_sparse", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] d = Everyday.ints(Everyday.run(launch).outputs().get("d"));
        // per form: K, A type, B type (as in mma_sparse.cu)
        Object[][] forms = {{16, "f16", "f16"}, {32, "f16", "f16"}, {16, "bf16", "bf16"}, {32, "bf16", "bf16"},
            {8, "tf32", "tf32"}, {16, "tf32", "tf32"}, {32, "s8", "s8"}, {64, "u8", "s8"}, {64, "s4", "u4"},
            {128, "u4", "s4"}};
        int[][] pairs = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
        for (int f = 0; f < forms.length; f++) {
            int depth = (Integer) forms[f][0], base = 16384 * f;
            String ta = (String) forms[f][1], tb = (String) forms[f][2];
            boolean floats = ta.startsWith("f") || ta.startsWith("b") || ta.startsWith("t");
            int chunk = ta.equals("tf32") ? 2 : ta.endsWith("4") ? 8 : 4, unit = ta.endsWith("4") ? 2 : 1;
            for (int r = 0; r < 16; r++) {
                double[] a = new double[depth];
                for (int j = 0; j < depth / chunk; j++) {
                    int s = in[base + 4096 + r * (depth / chunk) + j];
                    int[] kept = ta.equals("tf32") ? new int[] {s & 1} : pairs[Integer.remainderUnsigned(s, 6)];
                    for (int position : kept) {
                        for (int e = 0; e < unit; e++) {
                            int k = chunk * j + unit * position + e;
                            a[k] = sparseElement(ta, in[base + r * depth + k]);
                        }
                    }
                }
                for (int n = 0; n < 8; n++) {
                    int c = in[base + 12288 + r * 8 + n];
                    double sum = floats ? c % 50 : c;
                    for (int k = 0; k < depth; k++) {
                        sum += a[k] * sparseElement(tb, in[base + 8192 + k * 8 + n]);
                    }
                    String at = "form " + f + " d[" + r + "][" + n + "]";
                    if (floats) {
                        assertEquals(sum, Float.intBitsToFloat(d[128 * f + r * 8 + n]), at);
                    } else {
                        assertEquals((int) (long) sum, d[128 * f + r * 8 + n], at);
                    }
                }
            }
        }
    }

    /** A multiplicand element of mma_sparse.cu's type {@code t} from its input word. */
    private static double sparseElement(String t, int v) {
        switch (t) {
            case "f16":
            case "bf16":
                return v % 4;
            case "tf32":
                return v % 8;
            case "s8":
                return (byte) v;
            case "u8":
                return v & 0xFF;
            default:
                return element(v, 4, t.equals("s4"));
        }
    }

    /** Half {@code k} (0: low) of a 32-bit value. */
    private static int half(int v, int k) {
        return k == 0 ? v & 0xFFFF : v >>> 16;
    }

    /**
     * matrix_moves.cu: stmatrix stores element (r, c) of matrix i from register i of thread
     * 4r + c / 2, half c % 2 (with .trans, element (r, c) from thread 4c + r / 2, half r % 2);
     * movmatrix gives thread l the elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4) of
     * matrix 0 as the threads held it.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void stmatrixAndMovmatrixLayouts(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("matrix_moves.matrix_moves", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        short[] out = Everyday.shorts(o.outputs().get("out"));
        short[] trans = Everyday.shorts(o.outputs().get("trans"));
        int[] moved = Everyday.ints(o.outputs().get("moved"));
        for (int blk = 0; blk < 2; blk++) {
            int lanes = blk * 32;
            for (int i = 0; i < 4; i++) {
                for (int r = 0; r < 8; r++) {
                    for (int c = 0; c < 8; c++) {
                        int at = blk * 768 + 192 * i + 24 * r + c;
                        String where = "block " + blk + " matrix " + i + " (" + r + ", " + c + ")";
                        assertEquals(half(in[(lanes + 4 * r + c / 2) * 4 + i], c % 2), out[at] & 0xFFFF, where);
                        assertEquals(half(in[(lanes + 4 * c + r / 2) * 4 + i], r % 2), trans[at] & 0xFFFF, where + " .trans");
                    }
                }
            }
            for (int l = 0; l < 32; l++) {
                int g = l / 4, t = l % 4;
                // element (r, c) of matrix 0 is half c % 2 of thread 4r + c / 2's register 0
                int lo = half(in[(lanes + 4 * (2 * t) + g / 2) * 4], g % 2);
                int hi = half(in[(lanes + 4 * (2 * t + 1) + g / 2) * 4], g % 2);
                assertEquals(lo | hi << 16, moved[lanes + l], "block " + blk + " lane " + l + " movmatrix");
            }
        }
    }
}
