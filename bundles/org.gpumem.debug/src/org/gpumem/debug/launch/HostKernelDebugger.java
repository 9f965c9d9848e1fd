package org.gpumem.debug.launch;

import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelTargetProcess;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;

/**
 * The debug model's side of the debug core's {@link ProgramDebugger} for a CUDA program: each
 * kernel launch becomes a {@link KernelDebugTarget} of the program's launch (its warps, frames,
 * variables and memory blocks as for a launch file, the breakpoint manager's kernel line
 * breakpoints installed), while the program waits in its launch call. A launch terminated by
 * the user ends the program with it.
 *
 * <p>Threads: {@link #open} is called on the thread serving the program; the target's session
 * runs on its own executor.
 */
final class HostKernelDebugger implements ProgramDebugger.Front {
    private final ILaunch launch;
    private final HostProgramProcess program;
    /** Whether each kernel launch stops at the first finding of its memory checks. */
    private final boolean stopAtFirstFinding;

    HostKernelDebugger(ILaunch launch, HostProgramProcess program, boolean stopAtFirstFinding) {
        this.launch = launch;
        this.program = program;
        this.stopAtFirstFinding = stopAtFirstFinding;
    }

    @Override
    public DebugSession open(ProgramLaunch kernelLaunch, KernelEngine engine) {
        KernelDebugTarget target = new KernelDebugTarget(launch, new LaunchProcess(), kernelLaunch.toString());
        program.debugging(target, kernelLaunch);
        launch.addDebugTarget(target);
        target.start(engine, stopAtFirstFinding);
        return target.session();
    }

    @Override
    public void ended(ProgramLaunch kernelLaunch, LaunchResult result) {
        if (result == null) {
            program.terminate();
        }
    }

    /** One launch's side of the program's process: console and IProcess are the program's. */
    private final class LaunchProcess implements KernelTargetProcess {
        private final AtomicBoolean attached = new AtomicBoolean();

        @Override
        public IProcess process() {
            return program;
        }

        @Override
        public void attach(DebugSession debugSession) {
            attached.set(true);
        }

        @Override
        public void appendOutput(String text) {
            program.report(text);
        }

        @Override
        public void appendError(String text) {
            program.report(text);
        }

        @Override
        public void sessionEnded(DebugSession endedSession) {
            // The program debugger waits for the session's end itself.
        }

        @Override
        public String modulePath() {
            return null;
        }
    }
}
