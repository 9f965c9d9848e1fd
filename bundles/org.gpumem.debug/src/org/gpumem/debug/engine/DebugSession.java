package org.gpumem.debug.engine;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.sim.LaunchResult;

/**
 * Drives one {@link KernelEngine} for one debug session. Thread rules (see also
 * docs/ARCHITECTURE.md, org.gpumem.debug):
 * <ol>
 * <li>One executor thread per session ({@code gpumem-sim-N}) makes every call into the engine
 * but {@link KernelEngine#requestSuspend()}: commands that move the kernel (resume, step,
 * terminate), breakpoint updates, and every read or write of the stopped kernel. So the engine
 * never sees two callers at once.</li>
 * <li>Command methods ({@link #resume}, {@link #step}...) only enqueue and return at once; the
 * outcome arrives through {@link Listener} on the executor thread.</li>
 * <li>Reads and writes ({@link #query}, {@link #modify}) fail at once with a
 * {@link DebugException} saying the kernel is running while a command is queued or runs;
 * otherwise they run on the executor and their caller waits only for that (and for reads
 * queued before it), never for the kernel. Called on the executor thread (from a listener),
 * they run at once.</li>
 * <li>{@link #suspend} is the only call that reaches a running engine, through
 * {@link KernelEngine#requestSuspend()}. A suspend or terminate requested before a queued
 * command starts stops that command at once; once terminate is requested, queued commands do
 * not start.</li>
 * </ol>
 */
public final class DebugSession {
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    /**
     * The status code of the {@link DebugException}s that say the kernel cannot be read now
     * because it runs or its session ended: states of the session, not errors.
     */
    public static final int NOT_STOPPED = 5021;

    /** Receives what the executor thread observed. Called on the executor thread. */
    public interface Listener {
        /** A command starts moving the kernel ({@code warp} is null for resume). */
        void running(WarpId warp, StepKind step);

        /** The kernel stopped. */
        void stopped(Stop stop);

        /** A command failed unexpectedly (an engine error, not a kernel fault); the session then ends. */
        void failed(IStatus status);

        /** The session ended (terminated or exited); no more callbacks follow. */
        void ended();
    }

    private final KernelEngine engine;
    private final Listener listener;
    private final ExecutorService executor;
    private volatile Thread executorThread;
    /** Commands queued or running; guarded by {@code this} together with their submission. */
    private int commands;
    private volatile boolean terminating;
    private volatile boolean ended;
    /** The engine's result, taken on the executor when the session ended. */
    private volatile LaunchResult endResult;

    public DebugSession(KernelEngine engine, Listener listener) {
        this.engine = engine;
        this.listener = listener;
        int n = SESSIONS.incrementAndGet();
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpumem-sim-" + n);
            t.setDaemon(true);
            executorThread = t;
            return t;
        });
    }

    /** True while a command that moves the kernel is queued or runs. */
    public synchronized boolean isRunning() {
        return commands > 0;
    }

    public boolean isEnded() {
        return ended;
    }

    /**
     * The outcome of the kernel (its counts, fault and address-space profile) once the session
     * ended, whichever thread asks; null before that, and when it was terminated before the end.
     */
    public LaunchResult endResult() {
        return endResult;
    }

    /** Whether the calling thread is the session's executor (listener callbacks run there). */
    public boolean onExecutor() {
        return Thread.currentThread() == executorThread;
    }

    /** Enqueues: run all warps until something stops them. */
    public void resume() {
        post(null, null, KernelEngine::resume);
    }

    /** Enqueues: step {@code warp} by a source line. */
    public void step(WarpId warp, StepKind kind) {
        post(warp, kind, e -> e.step(warp, kind));
    }

    /** Enqueues a breakpoint update; {@code done} receives the lines that resolved (on the executor). */
    public void setBreakpoints(List<BreakpointLine> lines, Consumer<List<BreakpointLine>> done) {
        submit(() -> done.accept(engine.setBreakpoints(lines)));
    }

    /** Asks a running kernel, or the next command, to stop; returns at once. */
    public void suspend() {
        engine.requestSuspend();
    }

    /** Stops the kernel and ends the session; returns at once. */
    public void terminate() {
        if (ended) {
            return;
        }
        terminating = true;
        engine.requestSuspend();
        synchronized (this) {
            commands++;
            submit(() -> {
                try {
                    engine.terminate();
                } finally {
                    finished();
                }
                end();
            });
        }
    }

    /**
     * Reads the stopped kernel on the executor. Never waits for a running kernel: fails at once
     * while a command is queued or runs.
     *
     * @throws DebugException when the kernel is running or the session ended, or wrapping the
     *         engine's IllegalArgumentException (e.g. an unreadable range)
     */
    public <T> T query(Function<KernelEngine, T> reader) throws DebugException {
        if (onExecutor()) {
            return call(reader);
        }
        Future<T> result;
        synchronized (this) {
            if (ended || terminating) {
                throw terminated();
            }
            if (commands > 0) {
                throw running();
            }
            try {
                result = executor.submit(() -> call(reader));
            } catch (RejectedExecutionException e) {
                throw terminated();
            }
        }
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DebugException(Status.error("interrupted while reading the kernel", e));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof DebugException d) {
                throw d;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Changes bytes of the stopped kernel; the same rules as {@link #query}. */
    public void modify(Consumer<KernelEngine> writer) throws DebugException {
        query(e -> {
            writer.accept(e);
            return null;
        });
    }

    /** Runs {@code reader} on the engine; the input errors it meets become DebugExceptions. */
    private <T> T call(Function<KernelEngine, T> reader) throws DebugException {
        if (ended) {
            throw terminated();
        }
        try {
            return reader.apply(engine);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                    DebugException.TARGET_REQUEST_FAILED, e.getMessage(), e));
        }
    }

    private static DebugException running() {
        return new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID, NOT_STOPPED,
                "the kernel is running", null));
    }

    private static DebugException terminated() {
        return new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID, NOT_STOPPED,
                "the kernel has terminated", null));
    }

    /** Whether {@code e} says only that the kernel runs or its session ended ({@link #NOT_STOPPED}). */
    public static boolean notStopped(DebugException e) {
        return e.getStatus().getCode() == NOT_STOPPED;
    }

    private void post(WarpId warp, StepKind kind, Function<KernelEngine, Stop> command) {
        synchronized (this) {
            if (ended || terminating) {
                return;
            }
            commands++;
            submit(() -> {
                Stop stop;
                try {
                    if (terminating) {
                        return;
                    }
                    listener.running(warp, kind);
                    stop = command.apply(engine);
                } finally {
                    finished();
                }
                listener.stopped(stop);
                if (stop.reason() == StopReason.EXITED) {
                    end();
                }
            });
        }
    }

    private synchronized void finished() {
        commands--;
    }

    private void submit(Runnable task) {
        if (ended) {
            return;
        }
        try {
            executor.execute(() -> {
                if (ended) {
                    return;
                }
                try {
                    task.run();
                } catch (RuntimeException | LinkageError e) {
                    listener.failed(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID, "simulator error: " + e, e));
                    end();
                }
            });
        } catch (RejectedExecutionException e) {
            // The executor shut down between the check and the call: the session just ended.
            listener.failed(Status.warning("command after the session ended", e));
        }
    }

    private void end() {
        if (!ended) {
            endResult = engine.result();
            ended = true;
            executor.shutdown();
            listener.ended();
        }
    }
}
