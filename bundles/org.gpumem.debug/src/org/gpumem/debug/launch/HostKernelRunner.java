package org.gpumem.debug.launch;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.debug.model.SessionCalls;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;

/**
 * Runs a CUDA program's kernel launches to their end in run mode, stoppably: each launch runs
 * under a debug-core session without breakpoints ({@link ProgramDebugger}), so that terminating
 * the program stops the launch it waits in at once. A fault ends the launch with its report;
 * each launch that ends is reported to the program's process ({@link HostProgramProcess#lastRun()}),
 * with its address-space profile. A launch that runs longer than the configuration's wall-clock
 * limit is stopped as {@code gpumem exec --timeout} stops it: the program gets
 * cudaErrorLaunchTimeout and the console the report of where every warp was.
 */
final class HostKernelRunner implements ProgramDebugger.Front {
    private final HostProgramProcess program;
    private final double timeoutSeconds;
    /** The wall-clock limit of each running launch, cancelled when it ends. */
    private final Map<ProgramLaunch, Future<?>> limits = new ConcurrentHashMap<>();

    /** @param timeoutSeconds the most seconds a launch may run, 0 for no limit */
    HostKernelRunner(HostProgramProcess program, double timeoutSeconds) {
        this.program = program;
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public DebugSession open(ProgramLaunch launch, KernelEngine engine) {
        RunToEnd listener = new RunToEnd(launch);
        DebugSession session = new DebugSession(engine, listener);
        listener.session = session;
        if (timeoutSeconds > 0) {
            limits.put(launch, CompletableFuture.runAsync(() -> session.requestStop("the wall-clock limit of " + seconds()
                    + " s was reached (raise it in the launch configuration, 0 for none)"),
                    CompletableFuture.delayedExecutor(Math.round(timeoutSeconds * 1e9), TimeUnit.NANOSECONDS)));
        }
        session.resume();
        return session;
    }

    private String seconds() {
        return timeoutSeconds == Math.rint(timeoutSeconds) ? Long.toString((long) timeoutSeconds)
                : Double.toString(timeoutSeconds);
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
                // the console says why the launch ended (a fault, the wall-clock limit) as in debug mode
                program.report(stop.fault().report());
                session.terminate();
            }
        }

        @Override
        public void failed(Throwable error) {
            program.report(SessionCalls.logBug("simulating " + launch, error));
        }
    }

    @Override
    public void ended(ProgramLaunch launch, LaunchResult result) {
        Future<?> limit = limits.remove(launch);
        if (limit != null) {
            limit.cancel(false);
        }
        if (result != null) {
            program.ran(launch, result);
        }
    }
}
