package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.UnsupportedKernelException;
import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast engine reports what the interpreter reports: every sample launch of
 * tests/fixtures/kernels/launch and every everyday launch of tests/fixtures/everyday/launch, -G
 * and -O3 PTX, and the deliberately faulty kernels, run on both engines with the profile on, give
 * the same buffers (after a fault too), instruction counts, address-space profile, device printf
 * output and fault report; so do the sample launches stopped half-way by the instruction budget.
 * One worker, so that atomics and the budget's stopping point are deterministic.
 */
class EngineDifferentialTest {
    private static final long BUDGET = 4_000_000_000L;

    static Stream<Arguments> samples() throws IOException {
        return names(SampleKernels.dir().resolve("launch"));
    }

    static Stream<Arguments> everyday() throws IOException {
        return names(Everyday.dir().resolve("launch"));
    }

    private static Stream<Arguments> names(Path dir) throws IOException {
        List<Arguments> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (Variant v : Variant.values()) {
                    all.add(Arguments.of(f.getFileName().toString().replaceFirst("\\.json$", ""), v));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("samples")
    void sampleLaunchesReportTheSame(String name, Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch(name, v);
        LaunchResult r = assertSameOnBothEngines(d, BUDGET);
        assertTrue(r.completed(), r.report());
    }

    /** Stopped by the budget half-way: the same warp, instruction, counts and memory. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("samples")
    void sampleLaunchesStoppedByTheBudgetReportTheSame(String name, Variant v) throws IOException {
        LaunchDescription d = SampleKernels.launch(name, v);
        long whole = PreparedLaunch.prepare(d).run(options(BUDGET, ExecEngine.INTERPRETER)).result().warpInstructions();
        for (long budget : new long[] {whole / 2 + 1, whole / 3 + 7, 101}) {
            LaunchResult r = assertSameOnBothEngines(d, budget);
            assertFalse(r.completed());
            assertEquals(FaultKind.INSTRUCTION_BUDGET, r.fault().kind(), r.report());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyday")
    void everydayLaunchesReportTheSame(String name, Variant v) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(Everyday.dir().resolve("launch").resolve(name + ".json"));
        if (v == Variant.G) {
            d = d.withModule(d.module().resolveSibling(d.module().getFileName().toString().replace(".O3.ptx", ".G.ptx")));
        }
        if (PreparedLaunch.prepare(d).kernel().runnable()) {
            assertSameOnBothEngines(d, BUDGET);
            return;
        }
        // Kernels the simulator cannot run are refused before any engine starts, with the same reasons.
        LaunchDescription refused = d;
        String a = assertThrows(UnsupportedKernelException.class,
                () -> PreparedLaunch.prepare(refused).run(options(BUDGET, ExecEngine.INTERPRETER))).getMessage();
        String b = assertThrows(UnsupportedKernelException.class,
                () -> PreparedLaunch.prepare(refused).run(options(BUDGET, ExecEngine.FAST))).getMessage();
        assertEquals(a, b);
    }

    /** Out-of-bounds global, shared and local accesses, a deadlock and an endless loop. */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void faultyKernelsReportTheSame(Variant v) throws IOException {
        assertFaultsTheSame(faulty("fault_oob_global", v, 128, List.of(ints("data", 100), s32(100))), BUDGET);
        assertFaultsTheSame(faulty("fault_oob_shared", v, 64, List.of(ints("out", 64), s32(1000))), BUDGET);
        assertFaultsTheSame(faulty("fault_oob_local", v, 32, List.of(ints("in", 64), ints("out", 32), s32(100_000))), BUDGET);
        assertFaultsTheSame(faulty("fault_deadlock", v, 64, List.of(ints("out", 64), s32(16))), BUDGET);
        assertFaultsTheSame(faulty("fault_endless", v, 32, List.of(ints("flag", 1), ints("counter", 32))), 100_000);
    }

    private static void assertFaultsTheSame(LaunchDescription d, long budget) throws IOException {
        LaunchResult r = assertSameOnBothEngines(d, budget);
        assertFalse(r.completed(), d.kernel() + " should fault");
    }

    private static LaunchDescription faulty(String kernel, Variant v, int threads, List<KernelArgument> args) {
        return new LaunchDescription(null, SampleKernels.ptx(kernel, v), kernel, new Dim3(1, 1, 1), new Dim3(threads, 1, 1),
                0, "sm_90", args, List.of());
    }

    private static KernelArgument.Buffer ints(String name, int count) {
        return new KernelArgument.Buffer(name, ScalarType.S32, count, new BufferInit.Zero());
    }

    private static KernelArgument.Scalar s32(int value) {
        return new KernelArgument.Scalar(ScalarType.S32, value & 0xffffffffL);
    }

    private static ExecOptions options(long budget, ExecEngine engine) {
        return new ExecOptions(budget, 1, true, engine);
    }

    /** Runs {@code d} on both engines and compares everything they report; returns the interpreter's result. */
    static LaunchResult assertSameOnBothEngines(LaunchDescription d, long budget) throws IOException {
        PreparedLaunch reference = PreparedLaunch.prepare(d);
        LaunchResult a = reference.run(options(budget, ExecEngine.INTERPRETER)).result();
        PreparedLaunch fast = PreparedLaunch.prepare(d);
        LaunchResult b = fast.run(options(budget, ExecEngine.FAST)).result();
        String what = d.module().getFileName() + " " + d.kernel() + " budget " + budget;
        assertEquals(a.fault(), b.fault(), what);
        assertEquals(a.report(), b.report(), what);
        assertEquals(a.warpInstructions(), b.warpInstructions(), what);
        assertEquals(a.threadInstructions(), b.threadInstructions(), what);
        assertNotNull(a.profile(), what);
        assertEquals(a.profile().instructions(), b.profile().instructions(), what);
        assertEquals(a.profile().sourceLines(), b.profile().sourceLines(), what);
        assertArrayEquals(a.deviceOutput(), b.deviceOutput(), what);
        assertEquals(a.positions(), b.positions(), what);
        for (KernelArgument.Buffer buffer : d.buffers()) {
            assertArrayEquals(reference.buffer(buffer.name()), fast.buffer(buffer.name()), what + " buffer " + buffer.name());
        }
        return a;
    }
}
