package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * wmma.cu: the WMMA API's loads, matrix products and stores (m16n16k16, half multiplicands,
 * float and half accumulators) against matrix products computed here from the kernels' integer
 * inputs. The values are small integers, so every sum is exact and the order of accumulation
 * does not show.
 */
class EverydayTensorCoreTest {

    /** The product of 16 x 16 matrices given as functions of (row, column), plus {@code c}. */
    private interface Matrix {
        int at(int row, int column);
    }

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
}
