package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A launch whose module is a host executable: its PTX comes out of the embedded fatbin through
 * the device-code catalog (fixtures of tests/fixtures/images: compute_80 PTX beside sm_75 and
 * sm_86 cubins, zstd-compressed in the -G build).
 */
class HostExecutableModuleTest {

    private static Path app(String name) {
        return Path.of(System.getProperty("gpumem.fixtures"), "images", name);
    }

    private static LaunchDescription scale(String app, String kernel, String device) {
        return new LaunchDescription(null, app(app), kernel, new Dim3(1, 1, 1), new Dim3(128, 1, 1), 0, device,
                List.of(new KernelArgument.Buffer("data", ScalarType.F32, 100, new BufferInit.Iota(0)),
                        new KernelArgument.Scalar(ScalarType.F32, Float.floatToRawIntBits(1.5f)),
                        new KernelArgument.Scalar(ScalarType.S32, 100)),
                List.of("data"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuda_O", "cuda_G"})
    void runsTheEmbeddedPtxOfATemplateKernelNamedByItsDemangledName(String app) throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(scale(app, "demo::scale<float>", "sm_90"));
        assertEquals("_ZN4demo5scaleIfEEvPT_S1_i", launch.kernel().name());
        PreparedLaunch.Outcome o = launch.run(SampleKernels.options());
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        float[] got = new float[100];
        ByteBuffer.wrap(o.outputs().get("data")).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(got);
        float[] expected = new float[100];
        for (int i = 0; i < 100; i++) {
            expected[i] = i * 1.5f;
        }
        assertArrayEquals(expected, got);
    }

    @Test
    void aDeviceOlderThanEveryEmbeddedPtxIsRejectedNamingTheDeviceField() {
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(scale("cuda_O", "demo::scale<float>", "sm_75")));
        assertEquals("device", e.field(), e.getMessage());
    }

    @Test
    void anAmbiguousDemangledNameAsksForTheMangledOne() {
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(scale("cuda_O", "demo::scale", "sm_90")));
        assertEquals("kernel", e.field());
        assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
    }

    @Test
    void aKernelTheExecutableLacksIsRejectedNamingTheKernelField() {
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(scale("cuda_O", "saxpy", "sm_90")));
        assertEquals("module", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("saxpy"), e.getMessage());
    }
}
