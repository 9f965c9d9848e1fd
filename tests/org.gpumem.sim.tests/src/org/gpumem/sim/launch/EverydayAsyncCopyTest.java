package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * cp_async.cu: cp.async of 4, 8 and 16 bytes (zero-fill), commit/wait groups, cuda::pipeline,
 * cg::memcpy_async, on the -O3 and -G PTX (the -G one keeps cooperative groups' scratch in the
 * reserved shared memory, {@code %reserved_smem_offset_1}).
 */
class EverydayAsyncCopyTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void doubleBuffer(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("cp_async.pipeline_double_buffer", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int b = 0; b < 4; b++) {
            for (int k = 0; k < 5; k++) {
                for (int t = 0; t < 128; t++) {
                    int g = b * 640 + k * 128 + t;
                    assertEquals(3 * in[b * 640 + k * 128 + (t + 5) % 128] + 1, out[g], "out[" + g + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void sizesAndZeroFill(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("cp_async.pipeline_sizes", v);
        int[] in2 = Everyday.ints(launch.initialBuffer("in2"));
        int[] in4 = Everyday.ints(launch.initialBuffer("in4"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] out2 = Everyday.ints(o.outputs().get("out2"));
        int[] out4 = Everyday.ints(o.outputs().get("out4"));
        int[] zf = Everyday.ints(o.outputs().get("zf"));
        for (int g = 0; g < 256; g++) {
            int src = g ^ 1;
            for (int e = 0; e < 2; e++) {
                assertEquals(in2[2 * src + e], out2[2 * g + e], "out2[" + g + "]." + e);
            }
            for (int e = 0; e < 4; e++) {
                assertEquals(in4[4 * src + e], out4[4 * g + e], "out4[" + g + "]." + e);
                assertEquals(e < 2 ? in4[4 * g + e] : 0, zf[4 * g + e], "zf[" + g + "]." + e);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void cooperativeGroupsMemcpyAsync(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("cp_async.cg_memcpy_async", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int b = 0; b < 3; b++) {
            for (int t = 0; t < 256; t++) {
                assertEquals(in[256 * b + 255 - t] + b, out[256 * b + t], "out[" + (256 * b + t) + "]");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void cudaPipeline(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("cp_async.cuda_pipeline", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int g = 0; g < in.length; g++) {
            assertEquals(in[g] * in[g], out[g], "out[" + g + "]");
        }
    }
}
