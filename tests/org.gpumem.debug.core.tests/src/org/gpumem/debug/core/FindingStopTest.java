package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;

/**
 * Stopping at the first memory check finding, on the racy shared-memory kernel of
 * tests/fixtures/checks (thread 0 reads what the other threads wrote, with no barrier): the
 * kernel stops once, right after the access, in the warp and lane the finding names, which the
 * focus shows; the finding is the one an unstopped run of the same launch finds first, its access
 * on the line the source marks for its operation, and a read is thread 0's (the only reader).
 * Resuming runs to the end with no second stop; a launch without checks has nothing to stop at.
 */
class FindingStopTest {
    private static final Path CHECKS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "checks");

    private record Run(DebugSession session, MemoryChecker checker, List<Throwable> failures) {
    }

    private static Run session(Set<CheckTool> tools) throws Exception {
        PreparedLaunch prepared = PreparedLaunch.prepare(new LaunchFileReader().read(CHECKS.resolve("launch/race_shared.json")));
        MemoryChecker checker = tools.isEmpty() ? null : prepared.enableChecks(tools);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        return new Run(new DebugSession(new KernelEngine(prepared, ExecOptions.DEFAULT_BUDGET), failures::add), checker,
                failures);
    }

    /** The line of checks.cu that ends with the comment {@code // mark}. */
    private static int line(String mark) throws Exception {
        List<String> lines = Files.readAllLines(CHECKS.resolve("checks.cu"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// " + mark)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line marked " + mark);
    }

    @Test
    void theFirstFindingStopsTheKernelInItsLane() throws Exception {
        // the same launch unstopped: what the checks find first
        Run free = session(Set.of(CheckTool.RACECHECK));
        try {
            assertEquals(StopReason.EXITED, free.session().resume().get(60, TimeUnit.SECONDS).reason());
        } finally {
            free.session().terminate();
        }
        assertFalse(free.checker().findings().isEmpty(), "the racy kernel has no finding");
        Finding first = free.checker().findings().get(0);

        Run run = session(Set.of(CheckTool.RACECHECK));
        DebugSession s = run.session();
        try {
            assertTrue(s.stopAtFirstFinding(true).get(10, TimeUnit.SECONDS));
            Stop stop = s.resume().get(60, TimeUnit.SECONDS);
            assertEquals(StopReason.FINDING, stop.reason(), stop.toString());
            Finding f = stop.finding();
            assertNotNull(f);
            assertEquals(first.key(), f.key(), "the stop's finding is not the one an unstopped run finds first");
            assertTrue(f.kind().twoAccesses() && f.kind().tool() == CheckTool.RACECHECK, f.format());
            Access a = f.access();
            int expectedLine = a.operation() == Access.Operation.WRITE ? line("RACE-WRITE") : line("RACE-READ");
            assertEquals(expectedLine, a.source().line(), f.format());
            if (a.operation() == Access.Operation.READ) {
                assertEquals(new Dim3(0, 0, 0), a.thread(), "only thread 0 reads: " + f.format());
            }
            if (f.kind() == FindingKind.RACE_RAW) {
                assertEquals(line("RACE-WRITE"), f.other().source().line(), f.format());
            }
            LaneId lane = new LaneId(new WarpId(a.cta(), a.warp()), a.lane());
            assertEquals(lane, stop.laneId(), "the stop is in the lane the finding names");
            assertEquals(lane, s.focus().current().lane(), "the focus is on the finding's lane");
            assertTrue(s.isSuspended());
            // stopped right after the access: the warp is still in the kernel, its state readable
            WarpStatus w = s.query(e -> e.warps().stream().filter(x -> x.id().equals(lane.warp())).findFirst().orElseThrow());
            assertFalse(w.frames().isEmpty());

            // only the first finding stops: the rest of the launch runs to its end
            assertEquals(StopReason.EXITED, s.resume().get(60, TimeUnit.SECONDS).reason());
        } finally {
            s.terminate();
        }
        assertTrue(run.checker().findings().stream().anyMatch(x -> x.key().equals(first.key())));
        assertEquals(free.checker().findings().size(), run.checker().findings().size(),
                "stopping changed what the checks found");
        assertTrue(run.failures().isEmpty(), run.failures().toString());
        assertTrue(free.failures().isEmpty(), free.failures().toString());
    }

    @Test
    void aLaunchWithoutChecksHasNothingToStopAt() throws Exception {
        Run run = session(Set.of());
        try {
            assertFalse(run.session().stopAtFirstFinding(true).get(10, TimeUnit.SECONDS));
            assertEquals(StopReason.EXITED, run.session().resume().get(60, TimeUnit.SECONDS).reason());
        } finally {
            run.session().terminate();
        }
        assertTrue(run.failures().isEmpty(), run.failures().toString());
    }
}
