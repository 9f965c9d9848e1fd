package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spreading CTAs over workers changes nothing a launch reports: every sample launch of
 * tests/fixtures/kernels/launch, -G and -O3 PTX, gives the same output bytes, instruction counts
 * and address-space profile with one worker as with three (batches of CTAs, per-worker budget
 * allowances and profile counters merged at the end).
 */
class WorkerCountDifferentialTest {

    static Stream<Arguments> launches() throws IOException {
        List<Arguments> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(SampleKernels.dir().resolve("launch"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (Variant v : Variant.values()) {
                    all.add(Arguments.of(f.getFileName().toString().replaceFirst("\\.json$", ""), v));
                }
            }
        }
        return all.stream();
    }

    private static PreparedLaunch.Outcome run(LaunchDescription d, int workers) throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        PreparedLaunch.Outcome o = launch.run(new ExecOptions(ExecOptions.DEFAULT_BUDGET, workers, true));
        assertTrue(o.result().completed(), () -> o.result().fault().report());
        return o;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("launches")
    void oneWorkerAndThreeReportTheSame(String name, Variant v) throws IOException {
        assertSameWithOneAndThreeWorkers(SampleKernels.launch(name, v));
    }

    /** Enough CTAs (2000 for 3 workers) that workers take ten at a time from the shared counter. */
    @ParameterizedTest
    @MethodSource("variants")
    void ctasTakenInBatchesReportTheSame(Variant v) throws IOException {
        int ctas = 2000;
        String json = "{\"module\": \"saxpy." + v + ".ptx\", \"kernel\": \"saxpy\", \"grid\": [" + ctas
                + "], \"block\": [32], \"args\": [{\"s32\": " + (ctas * 32 - 5) + "}, {\"f32\": 1.5},"
                + " {\"buffer\": \"x\", \"type\": \"f32\", \"count\": " + ctas * 32 + ", \"init\": {\"random\": 41}},"
                + " {\"buffer\": \"y\", \"type\": \"f32\", \"count\": " + ctas * 32 + ", \"init\": {\"random\": 42}}],"
                + " \"outputs\": [\"y\"]}";
        assertSameWithOneAndThreeWorkers(new LaunchFileReader().parse(json, SampleKernels.dir()));
    }

    static Stream<Variant> variants() {
        return Stream.of(Variant.values());
    }

    private static void assertSameWithOneAndThreeWorkers(LaunchDescription d) throws IOException {
        PreparedLaunch.Outcome one = run(d, 1);
        PreparedLaunch.Outcome three = run(d, 3);
        assertEquals(one.outputs().keySet(), three.outputs().keySet());
        for (String buffer : one.outputs().keySet()) {
            assertArrayEquals(one.outputs().get(buffer), three.outputs().get(buffer), buffer);
        }
        LaunchResult a = one.result();
        LaunchResult b = three.result();
        assertEquals(a.warpInstructions(), b.warpInstructions());
        assertEquals(a.threadInstructions(), b.threadInstructions());
        AddressSpaceProfile pa = a.profile();
        AddressSpaceProfile pb = b.profile();
        assertNotNull(pa);
        assertEquals(pa.instructions(), pb.instructions());
        assertEquals(pa.sourceLines(), pb.sourceLines());
    }
}
