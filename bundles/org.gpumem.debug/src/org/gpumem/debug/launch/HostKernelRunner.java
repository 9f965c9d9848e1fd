package org.gpumem.debug.launch;

import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;

/**
 * Runs a CUDA program's kernel launches to their end in run mode, stoppably: each launch runs
 * under a debug-core session without breakpoints ({@link ProgramDebugger}), so that terminating
 * the program stops the launch it waits in at once. A fault ends the launch with its report;
 * each launch that ends is reported to the program's process ({@link HostProgramProcess#lastRun()}),
 * with its address-space profile.
 */
final class HostKernelRunner implements ProgramDebugger.Front {
    private final HostProgramProcess program;

    HostKernelRunner(HostProgramProcess program) {
        this.program = program;
    }

    @Override
    public DebugSession open(ProgramLaunch launch, KernelEngine engine) {
        RunToEnd listener = new RunToEnd(launch);
        DebugSession session = new DebugSession(engine, listener);
        listener.session = session;
        session.resume();
        return session;
    }

    /** Ends the session at a fault, whose result the program gets. */
    private final class RunToEnd implements DebugSession.Listener {
        private final ProgramLaunch launch;
        private volatile DebugSession session;

        RunToEnd(ProgramLaunch launch) {
            this.launch = launch;
        }

        @Override
        public void stopped(Stop stop) {
            if (stop.reason() == StopReason.FAULT) {
                session.terminate();
            }
        }

        @Override
        public void failed(Throwable error) {
            program.report("gpumem: simulator error in " + launch + ": " + error + System.lineSeparator());
        }
    }

    @Override
    public void ended(ProgramLaunch launch, LaunchResult result) {
        if (result != null) {
            program.ran(launch, result);
        }
    }
}
