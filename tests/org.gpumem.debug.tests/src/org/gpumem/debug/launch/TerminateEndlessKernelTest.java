package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.gpumem.debug.model.KernelDebugTarget;
import org.junit.jupiter.api.Test;

/**
 * An endless kernel (fault_endless spins while its flag is 0) is always stopped by terminate,
 * whenever the request comes: before the first resume has started, while the kernel runs, and
 * right after a resume was queued on a suspended kernel (the request then must not be lost when
 * that resume starts). The waits are failure guards, not measurements: the simulator looks at
 * requests every few thousand warp instructions, far less than the guard.
 */
class TerminateEndlessKernelTest extends KernelLaunchFixture {
    private static final int ROUNDS = 100;

    @Test
    void terminateStopsAnEndlessKernelEveryTime() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            ILaunchConfigurationWorkingCopy wc = configuration("fault_endless.O3.ptx", "fault_endless",
                    "[{\"buffer\":\"flag\",\"type\":\"s32\",\"count\":1},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":"
                            + BLOCK + "}]", 1);
            DebugEventRecorder.Pending running = events.expect(e -> e.getKind() == DebugEvent.RESUME
                    && e.getSource() instanceof KernelDebugTarget);
            ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
            KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
            // This target's end only: the endless kernel ends by the terminate below, and the end
            // of an earlier test's launch, terminated by its clean-up, may still be on its way.
            DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE
                    && e.getSource() == target);
            switch (round % 3) {
                case 0:
                    // The first resume is queued behind the breakpoint update and may not have started.
                    break;
                case 1:
                    running.await("the kernel running, round " + round);
                    break;
                default:
                    running.await("the kernel running, round " + round);
                    DebugEventRecorder.Pending suspended = events.expect(e -> e.getKind() == DebugEvent.SUSPEND
                            && e.getSource() == target);
                    target.suspend();
                    suspended.await("the suspend, round " + round);
                    target.resume();
                    break;
            }
            target.terminate();
            assertEquals(target, ended.await("the end of the endless kernel, round " + round).getSource());
            assertTrue(target.isTerminated(), "round " + round);
            assertEquals(KernelProcess.EXIT_TERMINATED, launch.getProcesses()[0].getExitValue(), "round " + round);
            DebugPlugin.getDefault().getLaunchManager().removeLaunch(launch);
        }
    }
}
