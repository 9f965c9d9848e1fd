package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.TextureObject;
import org.gpumem.sim.UnsupportedConstruct;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * tex.2d, sust and txq on texture and surface objects of the device's table, against a CPU
 * reference written here from the CUDA C++ Programming Guide's appendix "Texture Fetching"
 * (address modes, nearest-point and linear filtering with 8-bit fractional weights, a border
 * color); the textures.cu fixture checks the same against nvcc-built kernels through the runtime.
 */
class TextureInstructionsTest {
    private static final int W = 5, H = 4, N = 64;

    /** out[tid] = tex.2d(object, xy[tid]).{x, y} (two float channels). */
    private static final String FETCH = SimTestSupport.HEADER + String.join("\n",
            ".visible .entry k(.param .u64 t, .param .u64 xy, .param .u64 out)",
            "{",
            " .reg .b32 %r<4>; .reg .f32 %f<8>; .reg .b64 %rd<10>;",
            " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [xy]; ld.param.u64 %rd3, [out];",
            " mov.u32 %r1, %tid.x; mul.wide.u32 %rd4, %r1, 8; add.s64 %rd5, %rd2, %rd4; add.s64 %rd6, %rd3, %rd4;",
            " ld.global.v2.f32 {%f1, %f2}, [%rd5];",
            " tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
            " st.global.v2.f32 [%rd6], {%f3, %f4};",
            " ret;",
            "}");

    private final SimulatedDevice device = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);

    private static float[] texels() {
        float[] t = new float[2 * W * H];
        for (int i = 0; i < t.length; i++) {
            t[i] = (i * 29 % 17) - 6.25f;
        }
        return t;
    }

    private long upload(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        long a = device.allocate(b.capacity());
        device.write(a, b.array());
        return a;
    }

    private float[] download(long address, int n) {
        ByteBuffer b = ByteBuffer.wrap(device.read(address, 4 * n)).order(ByteOrder.LITTLE_ENDIAN);
        float[] r = new float[n];
        for (int i = 0; i < n; i++) {
            r[i] = b.getFloat();
        }
        return r;
    }

    private long object(boolean surface, long address, int mode, int filter, boolean normalized, float[] border) {
        int pitch = 8 * W;
        TextureObject.Level level = new TextureObject.Level(address, W, H, 0, pitch, (long) pitch * H);
        return device.textures().create(new TextureObject(surface, TextureObject.ARRAY, new int[] {32, 32, 0, 0},
                TextureObject.FLOAT, List.of(level), surface ? TextureObject.SURFACE_LOAD_STORE : 0,
                new int[] {mode, mode, mode}, filter, TextureObject.ELEMENT_TYPE, false, border, normalized, 0,
                TextureObject.POINT, 0, 0, 0, false));
    }

    // ------------------------------------------------------------------ the reference

    /** Index i of a dimension of n texels after addressing, or -1 for the border color. */
    private static int address(long i, int n, int mode) {
        switch (mode) {
            case TextureObject.WRAP:
                return (int) Math.floorMod(i, n);
            case TextureObject.MIRROR: {
                long m = Math.floorMod(i, 2L * n);
                return (int) (m < n ? m : 2L * n - 1 - m);
            }
            case TextureObject.BORDER:
                return i < 0 || i >= n ? -1 : (int) i;
            default:
                return (int) Math.max(0, Math.min(n - 1, i));
        }
    }

    private static float at(float[] t, long i, long j, int channel, int mode, float[] border) {
        int x = address(i, W, mode), y = address(j, H, mode);
        return x < 0 || y < 0 ? border[channel] : t[2 * (y * W + x) + channel];
    }

    /** A normalized coordinate wrapped or mirrored as the mode says, in texels. */
    private static float texels(float u, int n, int mode, boolean normalized) {
        if (!normalized) {
            return u;
        }
        float f = u - (float) Math.floor(u);
        if (mode == TextureObject.WRAP) {
            u = f;
        } else if (mode == TextureObject.MIRROR) {
            u = ((long) Math.floor(u) & 1) == 0 ? f : 1 - f;
        }
        return u * n;
    }

    private static float reference(float[] t, float u, float v, int channel, int mode, int filter, boolean normalized,
            float[] border) {
        float x = texels(u, W, mode, normalized), y = texels(v, H, mode, normalized);
        if (filter == TextureObject.POINT) {
            return at(t, (long) Math.floor(x), (long) Math.floor(y), channel, mode, border);
        }
        float xb = x - 0.5f, yb = y - 0.5f;
        long i = (long) Math.floor(xb), j = (long) Math.floor(yb);
        // alpha and beta in 9-bit fixed point with 8 fractional bits
        float a = Math.round((xb - i) * 256) / 256f, b = Math.round((yb - j) * 256) / 256f;
        return (1 - a) * (1 - b) * at(t, i, j, channel, mode, border) + a * (1 - b) * at(t, i + 1, j, channel, mode, border)
                + (1 - a) * b * at(t, i, j + 1, channel, mode, border) + a * b * at(t, i + 1, j + 1, channel, mode, border);
    }

    // ------------------------------------------------------------------ tests

    @ParameterizedTest
    @CsvSource({"0, 0, true", "0, 1, true", "1, 0, false", "1, 1, true", "1, 1, false", "2, 0, true", "2, 1, true",
        "3, 0, false", "3, 1, false", "3, 1, true"})
    void fetchesFollowTheProgrammingGuide(int mode, int filter, boolean normalized) throws Exception {
        float[] t = texels();
        float[] border = {2.5f, -0.75f, 0, 0};
        long handle = object(false, upload(t), mode, filter, normalized, border);
        float[] xy = new float[2 * N];
        for (int k = 0; k < N; k++) {
            float x = -2.2f + k * 0.1419f, y = 5.3f - k * 0.1173f;
            xy[2 * k] = normalized ? x / W : x;
            xy[2 * k + 1] = normalized ? y / H : y;
        }
        long in = upload(xy), out = device.allocate(8L * N);
        DeviceModule m = device.load(PtxLoader.load("fetch.ptx", FETCH));
        LaunchResult r = m.launch(LaunchConfig.builder("k").grid(1, 1, 1).block(N, 1, 1).argU64(handle).argU64(in)
                .argU64(out).build(), ExecOptions.defaults()).run();
        assertNull(r.fault(), r::report);
        float[] got = download(out, 2 * N);
        for (int k = 0; k < N; k++) {
            for (int c = 0; c < 2; c++) {
                float want = reference(t, xy[2 * k], xy[2 * k + 1], c, mode, filter, normalized, border);
                assertEquals(want, got[2 * k + c], 1e-5f * (1 + Math.abs(want)), "sample " + k + " channel " + c);
            }
        }
    }

    /** sust.b.2d.b64.trap at byte x of row y, then txq.width of a texture handle given as a surface. */
    private static final String STORE = SimTestSupport.HEADER + String.join("\n",
            ".visible .entry k(.param .u64 s, .param .u32 x, .param .u32 y)",
            "{",
            " .reg .b32 %r<4>; .reg .b64 %rd<4>;",
            " ld.param.u64 %rd1, [s]; ld.param.u32 %r1, [x]; ld.param.u32 %r2, [y];",
            " mov.b64 %rd2, 0x4000000040800000;",
            " sust.b.2d.b64.trap [%rd1, {%r1, %r2}], %rd2;",
            " ret;",
            "}");

    @Test
    void surfaceStoresLandInTheirElementAndTrapOutside() throws Exception {
        long address = device.allocate(8L * W * H);
        device.write(address, new byte[8 * W * H]);
        long handle = object(true, address, 0, 0, false, new float[4]);
        DeviceModule m = device.load(PtxLoader.load("store.ptx", STORE));
        LaunchResult inside = m.launch(LaunchConfig.builder("k").grid(1, 1, 1).block(1, 1, 1).argU64(handle).argU32(8 * 3)
                .argU32(2).build(), ExecOptions.defaults()).run();
        assertNull(inside.fault(), inside::report);
        float[] got = download(address, 2 * W * H);
        for (int i = 0; i < got.length; i++) {
            float want = i == 2 * (2 * W + 3) ? 4.0f : i == 2 * (2 * W + 3) + 1 ? 2.0f : 0;
            assertEquals(want, got[i], "float " + i);
        }
        for (int[] outside : new int[][] {{8 * W, 0}, {0, H}, {-8, 1}}) {
            LaunchResult r = m.launch(LaunchConfig.builder("k").grid(1, 1, 1).block(1, 1, 1).argU64(handle)
                    .argU32(outside[0]).argU32(outside[1]).build(), ExecOptions.defaults()).run();
            assertEquals(FaultKind.OUT_OF_BOUNDS, r.fault().kind(), r::report);
        }
        long texture = object(false, address, 0, 0, false, new float[4]);
        LaunchResult wrongKind = m.launch(LaunchConfig.builder("k").grid(1, 1, 1).block(1, 1, 1).argU64(texture).argU32(0)
                .argU32(0).build(), ExecOptions.defaults()).run();
        assertEquals(FaultKind.OUT_OF_BOUNDS, wrongKind.fault().kind(), wrongKind::report);
        assertTrue(wrongKind.fault().message().contains("which is no surface object"), wrongKind::report);
    }

    @Test
    void formsTheSimulatorDoesNotModelMakeTheirKernelNotRunnableWithTheReason() {
        String offsets = FETCH.replace("[%rd1, {%f1, %f2}];", "[%rd1, {%f1, %f2}], {%r1, %r2};");
        assertEquals("offsets.ptx:10: tex.2d.v4.f32.f32: texel offsets and depth compare are not supported",
                refusal("offsets.ptx", offsets));
        String sampler = FETCH.replace("[%rd1, {%f1, %f2}];", "[%rd1, %rd2, {%f1, %f2}];");
        assertEquals("sampler.ptx:10: tex.2d.v4.f32.f32: sampler objects (independent texture mode) are not supported",
                refusal("sampler.ptx", sampler));
    }

    private static String refusal(String name, String ptx) {
        List<UnsupportedConstruct> why = PtxLoader.load(name, ptx).function("k").unsupported();
        assertEquals(1, why.size(), why::toString);
        return why.get(0).describe();
    }
}
