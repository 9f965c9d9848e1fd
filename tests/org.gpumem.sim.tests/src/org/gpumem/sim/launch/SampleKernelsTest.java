package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs every sample kernel, nvcc -G and -O3 PTX, through the launch API on the inputs its launch
 * file describes, and compares the outputs with a CPU reference computed here: integer results
 * exactly, float results within the rounding differences IEEE arithmetic allows between the
 * reference and the kernel's operation order.
 */
class SampleKernelsTest {

    private static PreparedLaunch.Outcome run(PreparedLaunch launch) {
        PreparedLaunch.Outcome o = launch.run(SampleKernels.options());
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        assertTrue(o.result().threadInstructions() > 0);
        return o;
    }

    private static int[] ints(byte[] b) {
        int[] v = new int[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }

    private static float[] floats(byte[] b) {
        float[] v = new float[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }

    private static int scalarInt(LaunchDescription d, int arg) {
        return (int) ((KernelArgument.Scalar) d.args().get(arg)).bits();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void saxpy(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("saxpy", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int n = scalarInt(d, 0);
        float a = Float.intBitsToFloat(scalarInt(d, 1));
        float[] x = floats(launch.initialBuffer("x"));
        float[] y = floats(launch.initialBuffer("y"));
        float[] got = floats(run(launch).outputs().get("y"));
        assertEquals(n, got.length);
        for (int i = 0; i < n; i++) {
            // a, x, y are non-negative, so a*x+y rounded once (fma, -O3) or twice (mul then add, -G)
            // is within 2 ulps of the exact value.
            double exact = (double) a * x[i] + y[i];
            int idx = i;
            assertEquals(exact, got[i], 2 * Math.ulp((float) exact), () -> "y[" + idx + "]");
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void sharedMemoryTreeReduction(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("reduce", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int n = scalarInt(d, 2);
        int block = d.block().x();
        int[] in = ints(launch.initialBuffer("in"));
        int[] expected = new int[d.grid().x()];
        for (int i = 0; i < n; i++) {
            expected[i / block] += in[i];
        }
        assertArrayEquals(expected, ints(run(launch).outputs().get("partial")));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void tiledTransposeWithPadding(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("transpose", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int width = scalarInt(d, 2);
        int height = scalarInt(d, 3);
        float[] in = floats(launch.initialBuffer("in"));
        float[] expected = new float[width * height];
        for (int r = 0; r < height; r++) {
            for (int c = 0; c < width; c++) {
                expected[c * height + r] = in[r * width + c];
            }
        }
        assertArrayEquals(expected, floats(run(launch).outputs().get("out")));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void histogramWithSharedAndGlobalAtomics(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("histogram", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        byte[] data = launch.initialBuffer("data");
        int[] expected = new int[256];
        for (byte b : data) {
            expected[b & 0xff]++;
        }
        assertArrayEquals(expected, ints(run(launch).outputs().get("bins")));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void localArrayPassedToADeviceFunction(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("local_array", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int n = scalarInt(d, 2);
        int block = d.block().x();
        int[] in = ints(launch.initialBuffer("in"));
        int[] expected = new int[n];
        for (int gid = 0; gid < n; gid++) {
            int start = gid / block * block;
            int tid = gid - start;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                int src = start + (tid + k) % block;
                sum += (k + 1) * (src < n ? in[src] : 0);
            }
            expected[gid] = sum;
        }
        assertArrayEquals(expected, ints(run(launch).outputs().get("out")));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void warpShuffleReductionAndBallot(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("warp_reduce", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int[] in = ints(launch.initialBuffer("in"));
        int warps = in.length / 32;
        int[] sums = new int[warps];
        int[] positives = new int[warps];
        for (int i = 0; i < in.length; i++) {
            sums[i / 32] += in[i];
            positives[i / 32] += in[i] > 0 ? 1 : 0;
        }
        PreparedLaunch.Outcome o = run(launch);
        assertArrayEquals(sums, ints(o.outputs().get("sums")));
        assertArrayEquals(positives, ints(o.outputs().get("positives")));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void inclusivePrefixScan(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("scan", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int n = scalarInt(d, 2);
        int block = d.block().x();
        int[] in = ints(launch.initialBuffer("in"));
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            expected[i] = in[i] + (i % block == 0 ? 0 : expected[i - 1]);
        }
        assertArrayEquals(expected, ints(run(launch).outputs().get("out")));
    }
    @ParameterizedTest
    @EnumSource(Variant.class)
    void tiledMatrixMultiply(Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch("matmul", v);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        int n = scalarInt(d, 3);
        float[] a = floats(launch.initialBuffer("a"));
        float[] b = floats(launch.initialBuffer("b"));
        float[] got = floats(run(launch).outputs().get("c"));
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double exact = 0;
                for (int k = 0; k < n; k++) {
                    exact += (double) a[r * n + k] * b[k * n + c];
                }
                // n non-negative products summed in float: each partial sum rounds once (fma) or
                // twice, so the error is below 2n float ulps of the exact sum.
                int at = r * n + c;
                assertEquals(exact, got[at], 2 * n * Math.ulp((float) exact), () -> "c[" + at + "]");
            }
        }
    }
}
