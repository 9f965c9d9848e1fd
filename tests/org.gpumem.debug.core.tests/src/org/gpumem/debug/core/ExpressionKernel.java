package org.gpumem.debug.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * tests/fixtures/kernels/expressions.cu (nvcc 13.0 -G, or -O3 -lineinfo) launched on 2 CTAs of
 * 48 threads (the second warp of each CTA half full), with {@code in[i] = i - 70}, and what its
 * source computes, written again here so that tests compare the debugger with the test's own
 * arithmetic.
 */
final class ExpressionKernel {
    static final int BLOCK = 48;
    static final int GRID = 2;
    static final int N = BLOCK * GRID;
    static final int IN_START = -70;
    static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    private ExpressionKernel() {
    }

    /** A session of the kernel built with {@code flavour} ("G" or "O3"). */
    static DebugSession session(String flavour, DebugSession.Listener listener) throws IOException {
        LaunchDescription d = new LaunchDescription(null, FIXTURES.resolve("expressions." + flavour + ".ptx"), "expressions",
                new Dim3(GRID, 1, 1), new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.F32, N, new BufferInit.Iota(IN_START)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        return new DebugSession(new KernelEngine(PreparedLaunch.prepare(d), ExecOptions.DEFAULT_BUDGET), listener);
    }

    /** The line of expressions.cu holding {@code text}. */
    static BreakpointSpec line(String text) {
        try {
            List<String> source = Files.readAllLines(FIXTURES.resolve("expressions.cu"));
            for (int i = 0; i < source.size(); i++) {
                if (source.get(i).contains(text)) {
                    return new BreakpointSpec(Path.of("expressions.cu"), i + 1, false);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("no line with " + text);
    }

    static int gid(int cta, int thread) {
        return cta * BLOCK + thread;
    }

    static float in(int gid) {
        return (float) (IN_START + gid);
    }

    /** {@code stage[i]} of CTA {@code cta} once every thread stored it. */
    static int stage(int cta, int i) {
        return gid(cta, i) - 20;
    }

    static int window(int gid, int k) {
        return gid * 10 + k;
    }

    /** {@code sum} of a thread. */
    static int sum(int cta, int thread) {
        return stage(cta, (thread + 1) % BLOCK) + window(gid(cta, thread), 3);
    }

    /** {@code tile[r][c]} once every thread stored its element (the ninth column stays 0). */
    static float tile(int r, int c) {
        int t = r * 8 + c;
        return c < 8 && t < BLOCK ? t * 0.5f : 0f;
    }
}
