package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.gpumem.sim.ExecOptions;

/**
 * The everyday-CUDA fixtures of tests/fixtures/everyday (one module per issue-17 feature group,
 * README.md there says what each output must be) and what their tests share.
 */
final class Everyday {
    /** The two PTX flavours committed for every module. */
    enum Variant {
        G, O3
    }

    private Everyday() {
    }

    static Path dir() {
        String fixtures = System.getProperty("gpumem.fixtures");
        if (fixtures == null) {
            throw new IllegalStateException("system property gpumem.fixtures is not set (run through releng/devtest or the build)");
        }
        return Path.of(fixtures, "everyday");
    }

    /** The launch {@code MODULE.KERNEL}, on the {@code v} PTX of its module. */
    static PreparedLaunch launch(String name, Variant v) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(dir().resolve("launch").resolve(name + ".json"));
        if (v == Variant.G) {
            String module = d.module().getFileName().toString().replace(".O3.ptx", ".G.ptx");
            d = d.withModule(d.module().resolveSibling(module));
        }
        return PreparedLaunch.prepare(d);
    }

    static PreparedLaunch.Outcome run(PreparedLaunch launch) {
        PreparedLaunch.Outcome o = launch.run(new ExecOptions(4_000_000_000L, 2, false));
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        return o;
    }

    static int[] ints(byte[] b) {
        int[] v = new int[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }

    static long[] longs(byte[] b) {
        long[] v = new long[b.length / 8];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(v);
        return v;
    }

    static double[] doubles(byte[] b) {
        double[] v = new double[b.length / 8];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(v);
        return v;
    }

    static short[] shorts(byte[] b) {
        short[] v = new short[b.length / 2];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(v);
        return v;
    }
}
