package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A short coverage-guided run of every target inside the build: Jazzer in a JVM of its own
 * (-Xmx512m), seeded from the fixtures, for a fixed number of inputs (a bound on work, not on
 * time: {@link FuzzTargets#shortRuns()}, times {@code gpumem.fuzz.scale} when set). A finding fails the test naming the
 * crash file; releng/fuzz runs the long campaign. Two targets run at a time (junit-platform.properties).
 */
@Execution(ExecutionMode.CONCURRENT)
class ShortFuzzRunTest {
    private static final long SCALE = Long.getLong("gpumem.fuzz.scale", 1);

    @ParameterizedTest
    @EnumSource(FuzzTargets.class)
    void fuzzingFindsNothing(FuzzTargets target) throws IOException, InterruptedException {
        Path work = Path.of(System.getProperty("gpumem.fuzz.work", "target/fuzz"));
        long runs = target.shortRuns() * SCALE;
        JazzerRun run = JazzerRun.start(target, work, runs, 0);
        String log = run.await();
        assertEquals(0, run.exitCode(), target.id() + " found something (crash files in " + run.findings() + "):\n" + tail(log));
        assertTrue(run.executed() >= runs, target.id() + " ran only " + run.executed() + " inputs:\n" + tail(log));
        System.out.printf("fuzz %-15s %,9d inputs, coverage %,6d edges, %,6d features, corpus %,d%n", target.id(),
                run.executed(), run.coverage(), run.features(), run.corpus());
    }

    private static String tail(String log) {
        return log.length() > 4000 ? log.substring(log.length() - 4000) : log;
    }
}
