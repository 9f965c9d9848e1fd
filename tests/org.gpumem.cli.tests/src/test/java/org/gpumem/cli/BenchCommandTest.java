package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    private static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));

    @TempDir
    Path dir;

    @Test
    void bundlesEveryBenchmarkLaunchOfTheSourceTreeWithItsModule() throws IOException {
        Path bench = FIXTURES.resolve("../../releng/bench");
        List<String> inTree;
        try (Stream<Path> s = Files.list(bench)) {
            inTree = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.replaceFirst("\\.json$", "")).sorted().toList();
        }
        List<BenchLaunches.Bundled> bundled = BenchLaunches.all();
        assertEquals(inTree, bundled.stream().map(BenchLaunches.Bundled::name).toList());
        for (BenchLaunches.Bundled b : bundled) {
            PreparedLaunch p = b.prepare();
            assertEquals(new LaunchFileReader().read(bench.resolve(b.name() + ".json")).kernel(), b.description().kernel());
            assertTrue(p.config().grid().volume() > 0, b.name());
        }
    }

    @Test
    void measuresBothEnginesWithOneAndTwoWorkersAndTheRatiosToEachOtherAndACReferenceInTheSameRun() throws IOException {
        Path launch = FIXTURES.resolve("kernels/launch/reduce.json");
        // A stand-in for a C program built by releng/bench-sim: bench runs it and reads its time.
        Path reference = dir.resolve("reduce");
        Files.writeString(reference, "#!/bin/sh\necho 'seconds 0.25'\n");
        Files.setPosixFilePermissions(reference, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun r = run("bench", "--repeat", "1", "--threads", "2", "--c-reference", dir.toString(), launch.toString());
        assertEquals(0, r.status(), r.out() + r.err());

        LaunchResult direct = PreparedLaunch.prepare(new LaunchFileReader().read(launch)).launch(ExecOptions.defaults()).run();
        String count = String.format("%,d", direct.threadInstructions());
        double[] rates = new double[2];
        String[] engines = {"interpreter", "fast"};
        for (int e = 0; e < 2; e++) {
            Matcher one = Pattern.compile("(?m)^reduce +" + engines[e] + " +1 +" + Pattern.quote(count)
                    + " +([0-9.]+) +[0-9.]+ +[0-9.]+ +([0-9.]+) ").matcher(r.out());
            assertTrue(one.find(), r.out());
            assertTrue(Pattern.compile("(?m)^reduce +" + engines[e] + " +2 +" + Pattern.quote(count) + " ").matcher(r.out())
                    .find(), r.out());
            double seconds = Double.parseDouble(one.group(1));
            rates[e] = Double.parseDouble(one.group(2));
            Matcher ratio = Pattern.compile("(?m)^reduce +" + engines[e] + " .*C reference \\(one core\\) 0\\.250000 s: "
                    + "one worker ([0-9.]+)x slower").matcher(r.out());
            assertTrue(ratio.find(), r.out());
            assertEquals(seconds / 0.25, Double.parseDouble(ratio.group(1)), 0.05 + seconds / 0.25 * 0.01, r.out());
        }
        assertTrue(r.out().contains("speed-up with 2 workers"), r.out());
        Matcher fast = Pattern.compile("reduce +fast engine: ([0-9.]+)x the interpreter's speed with one worker").matcher(r.out());
        assertTrue(fast.find(), r.out());
        // The ratio of the printed rates (one decimal, in M thread-instructions per second).
        assertEquals(rates[1] / rates[0], Double.parseDouble(fast.group(1)), 0.01 + rates[1] / rates[0] * 0.01, r.out());
        assertTrue(Pattern.compile("geometric mean, fast, one worker: [0-9.]+ M thread-instr/s").matcher(r.out()).find(), r.out());
    }

    @Test
    void measuresOnlyTheEngineNamedAndRefusesAnUnknownOne() throws IOException {
        Path launch = FIXTURES.resolve("kernels/launch/saxpy.json");
        CliRun r = run("bench", "--repeat", "1", "--threads", "1", "--engine", "interpreter", launch.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(Pattern.compile("(?m)^saxpy +interpreter +1 ").matcher(r.out()).find(), r.out());
        assertTrue(!r.out().contains(" fast "), r.out());
        CliRun bad = run("bench", "--engine", "jit", launch.toString());
        assertEquals(2, bad.status(), bad.out() + bad.err());
        assertTrue(bad.err().contains("--engine must be interpreter or fast, not jit"), bad.err());
    }
}
