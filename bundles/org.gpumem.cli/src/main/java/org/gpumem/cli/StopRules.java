package org.gpumem.cli;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * How the commands that run kernels ({@code run}, {@code exec}) stop one: a wall-clock limit per
 * launch ({@code --timeout}) and Ctrl-C (SIGINT, through {@code sun.misc.Signal}, which a plain
 * classpath has). Both ask the running launch to stop ({@link KernelLaunch#requestStop}, or a
 * debug session's {@code requestStop}), which
 * ends it within a scheduling slice with the report of where every warp was. A Ctrl-C that comes
 * before a launch starts stops that launch before it issues anything; a second Ctrl-C before the
 * first was answered ends gpumem at once. Closing restores the previous SIGINT handler.
 */
final class StopRules implements AutoCloseable {
    /** The exit status of a command stopped by Ctrl-C, as a shell reports a process SIGINT ended. */
    static final int EXIT_INTERRUPTED = 130;
    private static final Signal INT = new Signal("INT");

    private final double timeoutSeconds;
    private final ScheduledExecutorService timer;
    private final SignalHandler previous;
    private volatile Consumer<String> current;
    private volatile boolean interrupted;

    /**
     * @param timeoutSeconds the most a launch may run, in seconds; 0 for no limit
     */
    StopRules(double timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
        this.timer = timeoutSeconds > 0 ? Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpumem-timeout");
            t.setDaemon(true);
            return t;
        }) : null;
        this.previous = Signal.handle(INT, s -> interrupt());
    }

    private void interrupt() {
        if (interrupted) {
            Runtime.getRuntime().halt(EXIT_INTERRUPTED);
        }
        interrupted = true;
        Consumer<String> l = current;
        if (l != null) {
            l.accept("interrupted (Ctrl-C)");
        }
    }

    /** True once Ctrl-C was pressed. */
    boolean interrupted() {
        return interrupted;
    }

    /** Runs {@code launch} under these rules. */
    LaunchResult run(KernelLaunch launch) {
        return run(launch, launch::run);
    }

    /** Runs {@code launch} under these rules the way {@code body} drives it. */
    LaunchResult run(KernelLaunch launch, Supplier<LaunchResult> body) {
        try (Watch w = watch(launch::requestStop)) {
            return body.get();
        }
    }

    /** The rules applied to one launch until closed. */
    interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Applies these rules to the launch {@code stopper} stops (it asks the launch to end with
     * the reason it is given) until the returned watch is closed.
     */
    Watch watch(Consumer<String> stopper) {
        current = stopper;
        ScheduledFuture<?> limit = timer == null ? null : timer.schedule(() -> stopper.accept(
                "the wall-clock limit of " + seconds() + " s was reached (raise it with --timeout SECONDS, or 0 for none)"),
                Math.round(timeoutSeconds * 1e9), TimeUnit.NANOSECONDS);
        if (interrupted) {
            stopper.accept("interrupted (Ctrl-C)");
        }
        return () -> {
            current = null;
            if (limit != null) {
                limit.cancel(false);
            }
        };
    }

    private String seconds() {
        return timeoutSeconds == Math.rint(timeoutSeconds) ? Long.toString((long) timeoutSeconds)
                : Double.toString(timeoutSeconds);
    }

    @Override
    public void close() {
        Signal.handle(INT, previous);
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
