package org.gpumem.debug.launch;

import java.io.IOException;

import org.gpumem.host.ProgramLaunch;
import org.gpumem.host.KernelRunner;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.ControlledLaunch;

/**
 * Runs a CUDA program's kernel launches to their end in run mode, stoppably: each launch runs
 * under the simulator's debug API without breakpoints, so that terminating the program stops
 * the launch it waits in at once (a plain {@code ProgramLaunch.run} cannot be stopped, and the
 * program's process would only be reported terminated once the launch ended). Each launch
 * that ends is reported to the program's process ({@link HostProgramProcess#lastRun()}), with
 * its address-space profile.
 *
 * <p>Threads: {@link #run} on the thread serving the program; {@link #programEnded} from any thread.
 */
final class HostKernelRunner implements KernelRunner {
    private final long budget;
    private final HostProgramProcess program;
    private ControlledLaunch current;
    private boolean ended;

    HostKernelRunner(long budget, HostProgramProcess program) {
        this.budget = budget;
        this.program = program;
    }

    @Override
    public LaunchResult run(ProgramLaunch launch) throws IOException {
        // with the address-space profile, which the IDE's profile view shows of the latest launch
        ControlledLaunch session = new ControlledLaunch(launch.prepare(ControlledLaunch.options(budget).withProfile(true)));
        synchronized (this) {
            if (ended) {
                throw new IOException(launch + " was not started: the program was terminated");
            }
            current = session;
        }
        DebugEvent e;
        try {
            e = session.resume();
        } finally {
            synchronized (this) {
                current = null;
            }
        }
        if (e.isSuspended()) {
            // nothing but a suspend request stops a session without breakpoints: the program ended
            throw new IOException(launch + " was stopped: the program was terminated");
        }
        program.ran(launch, session.result());
        return session.result();
    }

    /** The program has ended or is being terminated: the launch it waits in stops. */
    void programEnded() {
        synchronized (this) {
            ended = true;
            if (current != null) {
                current.suspend();
            }
        }
    }
}
