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

    /**
     * A launch whose kernel faults cannot be measured: bench stops with one line naming the launch
     * and the fault with its source line, exit 2 as gpumem run gives a fault, and no trace; with
     * --check too.
     */
    @Test
    void aFaultingLaunchStopsTheBenchmarkWithOneLine() throws IOException {
        Path launch = dir.resolve("oob.json");
        Files.writeString(launch, """
                {"module":"MODULE","kernel":"fault_oob_global","grid":1,"block":128,
                 "args":[{"buffer":"data","type":"s32","count":100},{"s32":100}],"outputs":["data"]}"""
                .replace("MODULE", FIXTURES.resolve("kernels/fault_oob_global.O3.ptx").toAbsolutePath().toString()
                        .replace("\\", "/")));
        for (List<String> args : List.of(List.of("bench", "--repeat", "1", "--threads", "1", launch.toString()),
                List.of("bench", "--check", "all", "--repeat", "1", launch.toString()))) {
            CliRun r = run(args.toArray(new String[0]));
            assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
            List<String> lines = r.err().lines().toList();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).startsWith("gpumem bench: oob faulted: "), r.err());
            assertTrue(lines.get(0).contains("fault_oob_global.cu:5"), r.err());
        }
    }

    /**
     * bench --check with --program: the launch's line and the program's line (run as gpumem exec
     * runs it, unchecked and checked), each checked run's distinct findings (what gpumem exec
     * --check finds in the same program), the ratios of the printed times, and the geometric
     * means of the launches, of the programs and of both in one run; --program needs --check.
     */
    @Test
    void measuresWhatChecksCostOnLaunchesAndProgramsInTheSameRun() throws IOException {
        Path launch = FIXTURES.resolve("kernels/launch/saxpy.json");
        Path program = FIXTURES.resolve("host/checked_leak");
        CliRun exec = run("exec", "--check", "all", program.toString());
        Matcher summary = Pattern.compile("gpumem: ([0-9]+) errors?").matcher(exec.err());
        assertTrue(summary.find(), exec.err());
        int found = Integer.parseInt(summary.group(1));

        CliRun r = run("bench", "--check", "all", "--repeat", "1", "--program", program.toString(), launch.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        Matcher l = Pattern.compile("(?m)^saxpy +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)x +([0-9.]+)x +([0-9.]+)x +0 ")
                .matcher(r.out());
        assertTrue(l.find(), r.out());
        assertRatio(l.group(3), l.group(1), l.group(4), r.out());
        double launchCpu = Double.parseDouble(l.group(6));
        Matcher p = Pattern.compile("(?m)^checked_leak +([0-9.]+) +([0-9.]+) +([0-9.]+)x +([0-9.]+)x +([0-9]+) ").matcher(r.out());
        assertTrue(p.find(), r.out());
        assertRatio(p.group(2), p.group(1), p.group(3), r.out());
        assertEquals(found, Integer.parseInt(p.group(5)), r.out());
        double programCpu = Double.parseDouble(p.group(4));
        Matcher programs = Pattern.compile("on the programs, one worker: ([0-9.]+)x the fast engine \\(in CPU time ([0-9.]+)x\\)")
                .matcher(r.out());
        assertTrue(programs.find(), r.out());
        assertEquals(Double.parseDouble(p.group(3)), Double.parseDouble(programs.group(1)), 0.051, r.out());
        assertEquals(programCpu, Double.parseDouble(programs.group(2)), 0.051, r.out());
        Matcher both = Pattern.compile("in CPU time, the 1 launches and 1 programs: ([0-9.]+)x").matcher(r.out());
        assertTrue(both.find(), r.out());
        double expected = Math.sqrt(launchCpu * programCpu);
        assertEquals(expected, Double.parseDouble(both.group(1)), 0.06 + expected * 0.03, r.out());

        CliRun usage = run("bench", "--program", program.toString(), launch.toString());
        assertEquals(2, usage.status(), usage.out() + usage.err());
        assertTrue(usage.err().contains("--program needs --check"), usage.err());
    }

    /**
     * {@code ratio} (printed with one decimal) is {@code seconds / base}, both printed with four:
     * within what their rounding allows.
     */
    private static void assertRatio(String seconds, String base, String ratio, String out) {
        double s = Double.parseDouble(seconds), b = Double.parseDouble(base), r = Double.parseDouble(ratio);
        double lo = (s - 0.00005) / (b + 0.00005) - 0.05;
        double hi = b > 0.00005 ? (s + 0.00005) / (b - 0.00005) + 0.05 : Double.POSITIVE_INFINITY;
        assertTrue(r >= lo && r <= hi, ratio + " is not " + seconds + " / " + base + ":\n" + out);
    }
}
