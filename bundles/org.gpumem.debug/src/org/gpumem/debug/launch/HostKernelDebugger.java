package org.gpumem.debug.launch;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.gpumem.debug.engine.DebugSession;
import org.gpumem.debug.engine.SimulatorEngine;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.host.AllocationVariables;
import org.gpumem.host.HostCode;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.host.KernelRunner;
import org.gpumem.sim.LaunchResult;

/**
 * Runs each kernel launch of a CUDA program under the debug model: the launch becomes a
 * {@link KernelDebugTarget} of the program's launch (its warps, frames, variables and memory
 * blocks as for a launch file, the breakpoint manager's kernel line breakpoints installed; each
 * stop's memory state holds the program's allocations as variables, {@link AllocationVariables}), and
 * the program waits in its launch call until that target's session ends. A launch that ends
 * (completed or faulted) returns its result to the program; a launch terminated by the user
 * ends the program with it.
 *
 * <p>Threads: {@link #run} is called on the thread serving the program and blocks it; the
 * target's session runs on its own executor; {@link #programEnded} may come from any thread.
 */
final class HostKernelDebugger implements KernelRunner {
    private final ILaunch launch;
    private final HostProgramProcess program;
    private final long budget;
    /** Names the host calls of the program's allocations, its files' symbols read once. */
    private final HostCode hostCode = new HostCode();
    private LaunchProcess current;
    private boolean ended;

    HostKernelDebugger(ILaunch launch, HostProgramProcess program, long budget) {
        this.launch = launch;
        this.program = program;
        this.budget = budget;
    }

    @Override
    public LaunchResult run(ProgramLaunch kernelLaunch) throws IOException {
        SimulatorEngine engine = new SimulatorEngine(
                kernelLaunch.prepare(org.gpumem.sim.debug.ControlledLaunch.options(budget).withProfile(true)),
                state -> AllocationVariables.addTo(state, kernelLaunch.process(), hostCode));
        LaunchProcess side = new LaunchProcess();
        KernelDebugTarget target = new KernelDebugTarget(launch, side, kernelLaunch.toString());
        synchronized (this) {
            if (ended) {
                throw new IOException(kernelLaunch + " was not started: the program was terminated");
            }
            current = side;
        }
        program.debugging(target, kernelLaunch);
        try {
            launch.addDebugTarget(target);
            target.start(engine);
            side.ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            target.terminate();
            throw new InterruptedIOException("interrupted while debugging " + kernelLaunch);
        } finally {
            synchronized (this) {
                current = null;
            }
        }
        LaunchResult result = engine.result();
        if (result == null) {
            program.terminate();
            throw new IOException(kernelLaunch + " was terminated in the debugger, and the program with it");
        }
        return result;
    }

    /** The program's process has ended or is being terminated: the launch it waits in ends too. */
    void programEnded() {
        LaunchProcess waiting;
        synchronized (this) {
            ended = true;
            waiting = current;
        }
        if (waiting != null) {
            waiting.terminate();
        }
    }

    /** One launch's side of the program's process: console and IProcess are the program's. */
    private final class LaunchProcess implements KernelTargetProcess {
        final CountDownLatch ended = new CountDownLatch(1);
        private final AtomicBoolean terminateRequested = new AtomicBoolean();
        private final AtomicBoolean terminateSent = new AtomicBoolean();
        private volatile DebugSession session;

        @Override
        public IProcess process() {
            return program;
        }

        @Override
        public void attach(DebugSession debugSession) {
            session = debugSession;
            if (terminateRequested.get()) {
                send(debugSession);
            }
        }

        /** Terminates the session now, or as soon as the target attaches it. */
        void terminate() {
            terminateRequested.set(true);
            DebugSession s = session;
            if (s != null) {
                send(s);
            }
        }

        private void send(DebugSession s) {
            if (terminateSent.compareAndSet(false, true)) {
                s.terminate();
            }
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
            ended.countDown();
        }

        @Override
        public String modulePath() {
            return null;
        }
    }
}
