package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;

/**
 * An endless kernel (tests/fixtures/kernels/fault_endless.cu: every thread spins on a flag that
 * stays 0) stops when asked, 100 times in a row, and the work done after each request is bounded
 * by the poll interval: one slice per worker for a run, one debugger slice for a session. At the
 * engine's rate (millions of warp instructions per second) those bounds are milliseconds.
 */
class StopRequestTest {
    private static final Pattern AFTER = Pattern.compile("at most (\\d+) warp instructions were issued after the request");

    private static PreparedLaunch endless(int ctas, int threads) throws Exception {
        Path ptx = SimTestSupport.fixtures().resolve("kernels/fault_endless.O3.ptx");
        return PreparedLaunch.prepare(new LaunchDescription(null, ptx, "fault_endless", new Dim3(ctas, 1, 1),
                new Dim3(threads, 1, 1), 0, "sm_90", List.of(
                        new KernelArgument.Buffer("flag", ScalarType.S32, 1, new BufferInit.Zero()),
                        new KernelArgument.Buffer("counter", ScalarType.S32, threads, new BufferInit.Zero())),
                List.of()));
    }

    @Test
    void aRunStopsWithinOneSlicePerWorkerOfEachRequest() throws Exception {
        PreparedLaunch p = endless(8, 96);
        int workers = 2;
        for (int i = 0; i < 100; i++) {
            KernelLaunch launch = p.launch(new ExecOptions(0, workers, false));
            CompletableFuture<LaunchResult> run = CompletableFuture.supplyAsync(launch::run);
            // requests land before the start, at the start and while the workers spin
            for (int spin = 0; spin < i * 2000; spin++) {
                Thread.onSpinWait();
            }
            launch.requestStop("test request " + i);
            LaunchResult r = run.get();
            assertFalse(r.completed());
            assertEquals(FaultKind.STOPPED, r.fault().kind());
            Matcher m = AFTER.matcher(r.fault().detail());
            assertTrue(m.find(), r.fault().detail());
            assertTrue(r.fault().detail().startsWith("test request " + i), r.fault().detail());
            long after = Long.parseLong(m.group(1));
            assertTrue(after <= (long) workers * KernelLaunch.STOP_CHECK_INSTRUCTIONS,
                    after + " warp instructions after request " + i);
            // the resident CTAs' warps, each named with its place in the spin loop
            assertFalse(r.positions().isEmpty());
            for (WarpPosition w : r.positions()) {
                assertEquals(WarpState.READY, w.state(), w.format());
                assertTrue(w.ptxLine() > 0 && w.source() != null && w.source().file().endsWith("fault_endless.cu"),
                        w.format());
            }
            assertTrue(r.report().contains("where the resident warps were"), r.report());
        }
    }

    @Test
    void aDebugSessionAnswersEachSuspendWithinOneDebuggerSlice() throws Exception {
        PreparedLaunch p = endless(2, 64);
        ControlledLaunch s = new ControlledLaunch(p.launch(ControlledLaunch.options(0)));
        for (int i = 0; i < 100; i++) {
            long start = s.warpInstructions();
            CompletableFuture<DebugEvent> resume = CompletableFuture.supplyAsync(s::resume);
            long wanted = start + (i % 10) * 1000L;
            while (s.warpInstructions() < wanted && !resume.isDone()) {
                Thread.onSpinWait();
            }
            // Counted after the request: on a loaded machine this thread may be descheduled between
            // a count taken before it and the request, while the session runs on (seen once, 16,384).
            s.suspend();
            long atRequest = s.warpInstructions();
            DebugEvent e = resume.get();
            assertEquals(DebugEvent.Kind.SUSPENDED_REQUEST, e.kind());
            long after = s.warpInstructions() - atRequest;
            assertTrue(after <= ControlledLaunch.SUSPEND_CHECK_INSTRUCTIONS, after + " warp instructions after request " + i);
        }
    }
}
