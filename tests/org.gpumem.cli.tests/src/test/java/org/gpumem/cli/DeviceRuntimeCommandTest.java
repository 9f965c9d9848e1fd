package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sun.misc.Signal;

/**
 * {@code gpumem run} with the simulator's device runtime: printf output on standard output, a
 * failed assert reported as CUDA prints it, and the stop rules (--timeout, Ctrl-C) on an endless
 * kernel (tests/fixtures/kernels/fault_endless.cu), whose work after each request is bounded by the
 * poll interval: one slice of {@link KernelLaunch#STOP_CHECK_INSTRUCTIONS} per worker.
 */
class DeviceRuntimeCommandTest {
    private static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));
    private static final Pattern AFTER = Pattern.compile("at most (\\d+) warp instructions were issued after the request");

    @TempDir
    Path dir;

    private Path endless() throws IOException {
        Path f = dir.resolve("endless.json");
        Files.writeString(f, """
                {"module":"PTX","kernel":"fault_endless","grid":4,"block":64,
                 "args":[{"buffer":"flag","type":"s32","count":1},{"buffer":"counter","type":"s32","count":64}],
                 "outputs":["counter"]}""".replace("PTX", FIXTURES.resolve("kernels/fault_endless.O3.ptx").toAbsolutePath()
                .toString().replace("\\", "/")));
        return f;
    }

    private static long after(String report) {
        Matcher m = AFTER.matcher(report);
        assertTrue(m.find(), report);
        return Long.parseLong(m.group(1));
    }

    @Test
    void devicePrintfGoesToStandardOutputCharacterForCharacter() throws IOException {
        CliRun r = run("run", FIXTURES.resolve("everyday/launch/printf.printf_conversions.json").toString());
        assertEquals(0, r.status(), r.out() + r.err());
        String expected = Files.readString(FIXTURES.resolve("everyday/printf_conversions.expected.txt"));
        assertTrue(r.out().startsWith(expected), r.out());
        assertTrue(r.out().substring(expected.length()).startsWith("_Z18printf_conversionsv completed:"), r.out());
    }

    @Test
    void aFailedAssertPrintsCudasLineAndExitsAsAFault() {
        CliRun r = run("run", FIXTURES.resolve("everyday/launch/assert.fails.json").toString());
        assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith("assert.cu:10: void checked_scale(const int *, int, int *): block: [2,0,0], "
                + "thread: [89,0,0] Assertion `in[i] != 12345` failed.\n"), r.out());
        assertTrue(r.out().contains("========= device assertion failed"), r.out());
        assertTrue(r.out().contains("by CTA (2,0,0) warp 2 lane 25 (thread (89,0,0))"), r.out());
    }

    @Test
    void timeoutEndsAnEndlessKernelWithTheReport() throws IOException {
        CliRun r = run("run", endless().toString(), "--timeout", "2", "--threads", "2");
        assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("========= stopped on request"), r.out());
        assertTrue(r.out().contains("the wall-clock limit of 2 s was reached (raise it with --timeout SECONDS, or 0 for none)"),
                r.out());
        assertTrue(r.out().contains("where the resident warps were:"), r.out());
        assertTrue(r.out().matches("(?s).*CTA \\(\\d,0,0\\) warp 1: ready at PTX line \\d+ \\(.*fault_endless\\.cu:\\d+:\\d+\\) "
                + "in \\S*fault_endless\\S*.*"), r.out());
        assertTrue(after(r.out()) <= 2L * KernelLaunch.STOP_CHECK_INSTRUCTIONS, r.out());
    }

    @Test
    void anEndlessKernelStopsAtEachOfAHundredTimeouts() throws IOException {
        Path launch = endless();
        for (int i = 0; i < 100; i++) {
            // limits from 1 ms to 10 ms: some land while the module loads, some while the warps spin
            CliRun r = run("run", launch.toString(), "--timeout", Double.toString(0.001 * (1 + i % 10)), "--threads", "2");
            assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
            assertTrue(r.out().contains("the wall-clock limit of"), r.out());
            assertTrue(after(r.out()) <= 2L * KernelLaunch.STOP_CHECK_INSTRUCTIONS, "run " + i + ": " + r.out());
        }
    }

    /** --snapshot runs the launch as a debug session, which answers the stop rules as a run does. */
    @Test
    void anEndlessKernelRunForASnapshotStopsAtItsTimeout() throws IOException {
        CliRun r = run("run", endless().toString(), "--timeout", "0.5", "--snapshot", dir.resolve("end.gpumem").toString());
        assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("the wall-clock limit of 0.5 s was reached"), r.out());
        assertTrue(r.out().matches("(?s).*CTA \\(\\d,0,0\\) warp \\d: \\w+ at PTX line \\d+.*"), r.out());
    }

    @Test
    void theBudgetMessageSaysHowToRaiseIt() throws IOException {
        CliRun r = run("run", endless().toString(), "--budget", "100000");
        assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("raise the budget with --budget N, or 0 for none"), r.out());
    }

    /**
     * A real SIGINT a hundred times, at different points of the launch. A process started in the
     * background by a shell without job control inherits SIGINT ignored, and the JVM then
     * installs no handler (Ctrl-C cannot reach it, and gpumem does not pretend it can): the test
     * says so and does not run there. A stop that never comes fails after a minute instead of
     * hanging the build.
     */
    @Test
    void ctrlCStopsTheRunningLaunchAHundredTimesInARow() throws Exception {
        assumeFalse(Interrupts.ignored(), "SIGINT is ignored in this process (started in the background without job "
                + "control): no Ctrl-C can reach it");
        PreparedLaunch p = PreparedLaunch.prepare(new LaunchFileReader().read(endless()));
        for (int i = 0; i < 100; i++) {
            try (StopRules rules = new StopRules(0)) {
                KernelLaunch launch = p.launch(new org.gpumem.sim.ExecOptions(0, 2, false));
                CompletableFuture<LaunchResult> run = CompletableFuture.supplyAsync(() -> rules.run(launch));
                for (int spin = 0; spin < i * 2000; spin++) {
                    Thread.onSpinWait();
                }
                // a real SIGINT to this JVM, while the rules' handler is installed
                Signal.raise(Interrupts.SIGINT);
                LaunchResult r = run.get(60, TimeUnit.SECONDS);
                assertEquals(FaultKind.STOPPED, r.fault().kind(), r.report());
                assertTrue(r.fault().detail().startsWith("interrupted (Ctrl-C)"), r.fault().detail());
                assertTrue(rules.interrupted());
                assertTrue(after(r.fault().detail()) <= 2L * KernelLaunch.STOP_CHECK_INSTRUCTIONS, r.fault().detail());
            }
        }
    }
}
