package org.gpumem.debug.engine;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.gpumem.debug.KernelDebugIds;

/**
 * Drives one {@link KernelEngine} for one debug session. Thread rules (see also
 * docs/ARCHITECTURE.md, org.gpumem.debug):
 * <ol>
 * <li>One executor thread per session ({@code gpumem-sim-N}) runs every command that moves or
 * changes the simulator: resume, step, breakpoint updates, terminate. Command methods
 * ({@link #resume}, {@link #step}...) only enqueue and return at once; the outcome arrives
 * through {@link Listener} on the executor thread.</li>
 * <li>While a command runs, the executor holds the session's write lock. Everything that reads
 * the stopped kernel (warps, variables, memory) goes through {@link #query}, which takes the
 * read lock with {@code tryLock}: it never waits for a running kernel, it fails at once with
 * a {@link DebugException} saying the target is running.</li>
 * <li>{@link #suspend} is the only call that reaches a running engine, through
 * {@link KernelEngine#requestSuspend()}, which just sets a flag.</li>
 * <li>Memory writes are queries that change bytes of the stopped kernel: they take the write
 * lock with {@code tryLock}, so they too never wait.</li>
 * </ol>
 * So no call a view makes, on the UI thread or elsewhere, ever blocks on the simulator.
 */
public final class DebugSession {
    private static final AtomicInteger SESSIONS = new AtomicInteger();

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
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile boolean running;
    private volatile boolean ended;

    public DebugSession(KernelEngine engine, Listener listener) {
        this.engine = engine;
        this.listener = listener;
        int n = SESSIONS.incrementAndGet();
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpumem-sim-" + n);
            t.setDaemon(true);
            return t;
        });
    }

    /** True while a resume or step command runs. */
    public boolean isRunning() {
        return running;
    }

    public boolean isEnded() {
        return ended;
    }

    /** Enqueues: run all warps until something stops them. */
    public void resume() {
        post(null, null, KernelEngine::resume);
    }

    /** Enqueues: step {@code warp} by a source line. */
    public void step(WarpId warp, StepKind kind) {
        post(warp, kind, e -> e.step(warp, kind));
    }

    /** Enqueues a breakpoint update; {@code done} receives the lines that resolved. */
    public void setBreakpoints(List<BreakpointLine> lines, Consumer<List<BreakpointLine>> done) {
        submit(() -> {
            lock.writeLock().lock();
            List<BreakpointLine> resolved;
            try {
                resolved = engine.setBreakpoints(lines);
            } finally {
                lock.writeLock().unlock();
            }
            done.accept(resolved);
        });
    }

    /** Asks a running kernel to stop; returns at once. */
    public void suspend() {
        engine.requestSuspend();
    }

    /** Stops the kernel and ends the session; returns at once. */
    public void terminate() {
        if (ended) {
            return;
        }
        engine.requestSuspend();
        submit(() -> {
            lock.writeLock().lock();
            try {
                engine.terminate();
            } finally {
                lock.writeLock().unlock();
            }
            end();
        });
    }

    /**
     * Reads the stopped kernel. Never waits: fails at once while a command runs.
     *
     * @throws DebugException when the kernel is running or the session ended, or wrapping the
     *         engine's IllegalArgumentException (e.g. an unreadable range)
     */
    public <T> T query(Function<KernelEngine, T> reader) throws DebugException {
        if (ended) {
            throw new DebugException(Status.error("the kernel has terminated"));
        }
        if (!lock.readLock().tryLock()) {
            throw running();
        }
        try {
            return reader.apply(engine);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                    DebugException.TARGET_REQUEST_FAILED, e.getMessage(), e));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Changes bytes of the stopped kernel. Never waits: fails at once while a command runs. */
    public void modify(Consumer<KernelEngine> writer) throws DebugException {
        if (ended) {
            throw new DebugException(Status.error("the kernel has terminated"));
        }
        if (!lock.writeLock().tryLock()) {
            throw running();
        }
        try {
            writer.accept(engine);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                    DebugException.TARGET_REQUEST_FAILED, e.getMessage(), e));
        } finally {
            lock.writeLock().unlock();
        }
    }

    private static DebugException running() {
        return new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                DebugException.TARGET_REQUEST_FAILED, "the kernel is running", null));
    }

    private void post(WarpId warp, StepKind kind, Function<KernelEngine, Stop> command) {
        submit(() -> {
            Stop stop;
            lock.writeLock().lock();
            try {
                running = true;
                listener.running(warp, kind);
                stop = command.apply(engine);
            } finally {
                running = false;
                lock.writeLock().unlock();
            }
            listener.stopped(stop);
            if (stop.reason() == StopReason.EXITED) {
                end();
            }
        });
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
                    running = false;
                    listener.failed(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                            "simulator error: " + e, e));
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
            ended = true;
            executor.shutdown();
            listener.ended();
        }
    }
}
