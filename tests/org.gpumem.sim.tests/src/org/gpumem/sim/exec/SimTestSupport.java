package org.gpumem.sim.exec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;

/** Builds small hand-written kernels and runs them; shared by the engine tests. */
public final class SimTestSupport {
    static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    private SimTestSupport() {
    }

    public static Path fixtures() {
        return Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));
    }

    static PtxModule fixture(String name) throws Exception {
        return PtxLoader.load(fixtures().resolve("kernels").resolve(name));
    }

    /**
     * A kernel {@code k(out, aux)} whose threads run {@code body} and store %r0 to
     * {@code out[global thread id]}. The body may use %r1..%r29, %rd1..%rd15, %p1..%p9,
     * %f1..%f9, %fd1..%fd9, %t (thread id in the CTA), %g (global id), %out, %aux (pointers).
     */
    public static String perThreadKernel(String declarations, String body) {
        return HEADER + declarations + "\n.visible .entry k(.param .u64 out, .param .u64 aux)\n{\n"
                + " .reg .b32 %r<30>; .reg .b64 %rd<16>; .reg .pred %p<10>; .reg .f32 %f<10>; .reg .f64 %fd<10>;\n"
                + " .reg .b32 %t, %g, %c, %n; .reg .b64 %out, %aux, %ptr;\n"
                + " ld.param.u64 %out, [out]; ld.param.u64 %aux, [aux];\n"
                + " mov.u32 %t, %tid.x; mov.u32 %c, %ctaid.x; mov.u32 %n, %ntid.x; mad.lo.u32 %g, %c, %n, %t;\n"
                + " mov.u32 %r0, 0;\n"
                + body + "\n"
                + " mul.wide.u32 %ptr, %g, 4; add.u64 %ptr, %ptr, %out; st.global.u32 [%ptr], %r0;\n"
                + " ret;\n}\n";
    }

    /** A device, a loaded module and the launch outcome of a per-thread kernel. */
    static final class Run {
        final SimulatedDevice device;
        final DeviceModule module;
        final long out;
        final long aux;
        final int threads;
        LaunchResult result;

        Run(String ptx, int auxBytes, int threads) {
            this.device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
            this.module = device.load(PtxLoader.load("test.ptx", ptx));
            this.threads = threads;
            this.out = device.allocate(4L * threads);
            this.aux = device.allocate(Math.max(4, auxBytes));
        }

        Run launch(int grid, int block, ExecOptions options) {
            LaunchConfig c = LaunchConfig.builder("k").grid(grid, 1, 1).block(block, 1, 1).argU64(out).argU64(aux).build();
            result = module.launch(c, options).run();
            return this;
        }

        int[] out() {
            return ints(device.read(out, 4 * threads));
        }

        int[] aux(int count) {
            return ints(device.read(aux, 4 * count));
        }
    }

    /** {@code body} per thread of one 64-thread CTA, which must not fault; the 64 values of {@code %r0}. */
    static int[] runLanes(String body) {
        Run r = runPerThread("", body, 1, 64);
        org.junit.jupiter.api.Assertions.assertNull(r.result.fault(), () -> r.result.fault().message());
        return r.out();
    }

    /** A spread-out 32-bit input per thread: {@link #LANE_VALUE} computes it into {@code %r1}. */
    static int laneValue(int t) {
        return t * 0x9E3779B1 - 7;
    }

    static final String LANE_VALUE = " mul.lo.u32 %r1, %t, 0x9E3779B1;\n sub.u32 %r1, %r1, 7;\n";

    static Run runPerThread(String declarations, String body, int grid, int block) {
        return runPerThread(declarations, body, grid, block, 4, null);
    }

    static Run runPerThread(String declarations, String body, int grid, int block, int auxBytes, int[] auxInit) {
        Run r = new Run(perThreadKernel(declarations, body), auxBytes, grid * block);
        if (auxInit != null) {
            r.device.write(r.aux, bytes(auxInit));
        }
        return r.launch(grid, block, ExecOptions.defaults().withBudget(10_000_000));
    }

    static int[] ints(byte[] b) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int[] r = new int[b.length / 4];
        for (int i = 0; i < r.length; i++) {
            r[i] = bb.getInt(i * 4);
        }
        return r;
    }

    static byte[] bytes(int[] v) {
        ByteBuffer bb = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < v.length; i++) {
            bb.putInt(i * 4, v[i]);
        }
        return bb.array();
    }
}
