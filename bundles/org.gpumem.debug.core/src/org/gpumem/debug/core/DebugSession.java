package org.gpumem.debug.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.sim.LaunchResult;

/**
 * One kernel launch under debugger control: the one object every front end (the Eclipse debug
 * model, {@code gpumem exec --break}, the DAP server) drives a kernel through.
 *
 * <p>Thread rules (checked, not only written):
 * <ol>
 * <li>One executor thread per session ({@code gpumem-session-N}) makes every call into the
 * {@link KernelEngine}: commands that move the kernel (resume, step, run to line, terminate),
 * breakpoint updates, and every read or write of the stopped kernel. The engine's methods are
 * {@link ConfinedToSession}: called from any other thread they throw.</li>
 * <li>Commands ({@link #resume}, {@link #step}, {@link #runToLine}) only enqueue and return at
 * once; the stop arrives through the {@link Listener} on the executor thread, and completes the
 * command's future after the listener has seen it.</li>
 * <li>Reads and writes ({@link #query}, {@link #modify}) fail at once with {@link NotStoppedException} while a
 * command is queued or runs, or once the session ended; otherwise they run on the executor and
 * their caller waits only for that (and for reads queued before it), never for the kernel.
 * Called on the executor thread (from a listener), they run at once.</li>
 * <li>{@link #suspend} is the only call that reaches a running kernel. A suspend or terminate
 * requested before a queued command starts stops that command at once; once terminate is
 * requested, queued commands do not start.</li>
 * </ol>
 * At each stop the session records, on the executor and before the listener hears of it, the
 * stop, the resident warps, the stop's model state ({@link StopMemoryState}) and the moved
 * {@link Focus}; the getters return what that stop recorded and never touch the simulator.
 */
public final class DebugSession {
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    /** What the executor thread observed. Every method runs on the executor thread. */
    public interface Listener {
        /** A command starts moving the kernel ({@code warp} is null for resume). */
        default void running(WarpId warp, StepKind step) {
        }

        /** The kernel stopped; {@link DebugSession#lastStop()} and the stop's state are recorded. */
        default void stopped(Stop stop) {
        }

        /**
         * A command failed unexpectedly (an engine error, not a kernel fault): a bug, which the
         * front end reports with its trace. The session then ends.
         */
        void failed(Throwable error);

        /** The session ended (terminated, exited or failed); no more callbacks follow. */
        default void ended() {
        }
    }

    private final KernelEngine engine;
    private final Listener listener;
    private final ExecutorService executor;
    private final Focus focus;
    private volatile Thread executorThread;
    /** Commands queued or running; guarded by {@code this} together with their submission. */
    private int commands;
    private volatile boolean terminating;
    private volatile boolean ended;
    /** The engine's result, taken on the executor when the session ended. */
    private volatile LaunchResult endResult;
    private final CompletableFuture<LaunchResult> whenEnded = new CompletableFuture<>();
    /** The unexpected error that ended the session, or null. */
    private volatile Throwable failure;
    private volatile Stop lastStop;
    private volatile long stopCount;
    private volatile List<WarpStatus> stopWarps = List.of();
    private volatile StopMemoryState stopState;
    /** The user's breakpoints, and a run-to-line's temporary one until the next stop (executor only). */
    private List<BreakpointSpec> breakpoints = List.of();
    private BreakpointSpec runTo;

    /** A session of {@code engine}; nothing runs before the first command. */
    public DebugSession(KernelEngine engine, Listener listener) {
        this.engine = engine;
        this.listener = listener;
        this.focus = new Focus(this);
        int n = SESSIONS.incrementAndGet();
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpumem-session-" + n);
            t.setDaemon(true);
            executorThread = t;
            return t;
        });
        engine.attach(this);
    }

    /** The engine; its confined methods may only be called on this session's executor. */
    KernelEngine engine() {
        return engine;
    }

    /** The session's CUDA focus. */
    public Focus focus() {
        return focus;
    }

    /** The launch's constant facts (grid, block, address spaces, label); any thread. */
    public KernelEngine.Launch launch() {
        return engine.launch();
    }

    /** True while a command that moves the kernel is queued or runs. */
    public synchronized boolean isRunning() {
        return commands > 0;
    }

    /** True once the session ended. */
    public boolean isEnded() {
        return ended;
    }

    /** True while the kernel is stopped at a recorded stop and can be read. */
    public boolean isSuspended() {
        Stop s = lastStop;
        return s != null && s.reason() != StopReason.EXITED && !ended && !terminating && !isRunning();
    }

    /**
     * The outcome of the kernel (its counts, fault and address-space profile) once the session
     * ended, whichever thread asks; null before that, and when it was terminated before the end.
     */
    public LaunchResult endResult() {
        return endResult;
    }

    /**
     * Completes when the session ended, with {@link #endResult()} (null when it was terminated
     * before the kernel's end), after the listener heard {@link Listener#ended()}; exceptionally
     * with the error when a command failed unexpectedly ({@link Listener#failed}).
     */
    public CompletableFuture<LaunchResult> whenEnded() {
        return whenEnded.copy();
    }

    /** The last stop, or null before the first. */
    public Stop lastStop() {
        return lastStop;
    }

    /** How many stops the session recorded: a version of what the getters return. */
    public long stopCount() {
        return stopCount;
    }

    /** The warps of the resident CTAs at the last stop (empty before the first and after the end). */
    public List<WarpStatus> stopWarps() {
        return stopWarps;
    }

    /**
     * The last stop as a model state, built on the executor at that stop; null before the first
     * stop, while the kernel runs and once it ended. Never touches the simulator.
     */
    public StopMemoryState stopState() {
        StopMemoryState s = stopState;
        return isSuspended() && s != null && s.generation() == stopCount ? s : null;
    }

    /** Whether the calling thread is the session's executor (listener callbacks run there). */
    public boolean onExecutor() {
        return Thread.currentThread() == executorThread;
    }

    /**
     * Throws unless called on the session's executor: the check every {@link ConfinedToSession}
     * method makes.
     *
     * @throws IllegalStateException naming the calling thread
     */
    public void checkExecutor() {
        if (!onExecutor()) {
            throw new IllegalStateException("called on thread \"" + Thread.currentThread().getName()
                    + "\", not on the session's executor (use DebugSession.query)");
        }
    }

    // ------------------------------------------------------------------ commands

    /** Enqueues: run all warps until something stops them. */
    public CompletableFuture<Stop> resume() {
        return post(null, null, KernelEngine::resume);
    }

    /** Enqueues: step {@code warp} by {@code kind}. */
    public CompletableFuture<Stop> step(WarpId warp, StepKind kind) {
        return post(warp, kind, e -> e.step(warp, kind));
    }

    /**
     * Enqueues: resume until a warp reaches {@code line} (or something else stops the kernel
     * first); the line is a breakpoint beside the others until the next stop.
     */
    public CompletableFuture<Stop> runToLine(BreakpointSpec line) {
        return post(null, null, e -> {
            runTo = line;
            install();
            return e.resume();
        });
    }

    /**
     * Enqueues a breakpoint update replacing the previous set; the future gets the lines that
     * matched at least one instruction.
     */
    public CompletableFuture<List<BreakpointSpec>> setBreakpoints(List<BreakpointSpec> lines) {
        List<BreakpointSpec> copy = List.copyOf(lines);
        CompletableFuture<List<BreakpointSpec>> done = new CompletableFuture<>();
        submit(() -> {
            breakpoints = copy;
            List<BreakpointSpec> resolved = install();
            resolved.remove(runTo);
            done.complete(resolved);
        }, done);
        return done;
    }

    /**
     * Enqueues a watchpoint update replacing the previous set; the future gets those the
     * simulator watches. Make them with {@link #watchpoint}, which refuses what cannot be watched.
     */
    public CompletableFuture<List<WatchpointSpec>> setWatchpoints(List<WatchpointSpec> watches) {
        List<WatchpointSpec> copy = List.copyOf(watches);
        CompletableFuture<List<WatchpointSpec>> done = new CompletableFuture<>();
        submit(() -> done.complete(engine.setWatchpoints(copy)), done);
        return done;
    }

    /**
     * Enqueues: the kernel stops at the first finding of its memory checks, right after the
     * access, with the finding's lane focused ({@link StopReason#FINDING}); the future gets false
     * when the launch has no memory checks (nothing changes then).
     */
    public CompletableFuture<Boolean> stopAtFirstFinding(boolean on) {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        submit(() -> done.complete(engine.stopAtFirstFinding(on)), done);
        return done;
    }

    /**
     * A watchpoint on what {@code expression} designates in {@code lane}, frame {@code level}
     * ({@link KernelEngine#watchpoint}); the kernel must be stopped, or not started yet.
     *
     * @throws NotStoppedException when the kernel is running or the session ended
     * @throws org.gpumem.debug.core.expr.ExpressionException when there is nothing that can be watched
     */
    public WatchpointSpec watchpoint(String expression, LaneId lane, int level, WatchpointSpec.Kind kind)
            throws NotStoppedException {
        return query(e -> e.watchpoint(e.parse(expression), lane, level, kind));
    }

    /**
     * A watchpoint on {@code length} bytes at {@code address} of {@code space} as {@code lane}
     * sees them ({@link KernelEngine#watchpoint(String, long, long, LaneId, WatchpointSpec.Kind)}).
     *
     * @throws NotStoppedException when the kernel is running or the session ended
     * @throws org.gpumem.debug.core.expr.ExpressionException when the bytes cannot be watched
     */
    public WatchpointSpec watchpoint(String space, long address, long length, LaneId lane, WatchpointSpec.Kind kind)
            throws NotStoppedException {
        return query(e -> e.watchpoint(space, address, length, lane, kind));
    }

    private List<BreakpointSpec> install() {
        List<BreakpointSpec> all = new ArrayList<>(breakpoints);
        if (runTo != null) {
            all.add(runTo);
        }
        return new ArrayList<>(engine.setBreakpoints(all));
    }

    /** Asks a running kernel, or the next command, to stop; returns at once. Any thread. */
    public void suspend() {
        engine.requestSuspend();
    }

    /**
     * Ends the kernel as a launch stopped for {@code reason} (a wall-clock limit, Ctrl-C): the
     * running command stops with a {@link StopReason#FAULT} whose report says where every
     * resident warp was. Returns at once. Any thread.
     */
    public void requestStop(String reason) {
        engine.requestStop(reason);
    }

    /** Stops the kernel and ends the session; returns at once. Any thread. */
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
            }, null);
        }
    }

    // ------------------------------------------------------------------ reads and writes

    /**
     * Runs {@code reader} on the engine on the executor and returns its result. Never waits for
     * a running kernel: fails at once while a command is queued or runs.
     *
     * @throws NotStoppedException when the kernel is running or the session ended
     */
    public <T> T query(Function<KernelEngine, T> reader) throws NotStoppedException {
        if (onExecutor()) {
            if (ended) {
                throw new NotStoppedException("the kernel has terminated", true);
            }
            return reader.apply(engine);
        }
        Future<T> result;
        synchronized (this) {
            checkLive();
            if (commands > 0) {
                throw new NotStoppedException("the kernel is running", false);
            }
            try {
                result = executor.submit(() -> {
                    checkLive();
                    return reader.apply(engine);
                });
            } catch (RejectedExecutionException e) {
                throw new NotStoppedException("the kernel has terminated", true);
            }
        }
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the kernel", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof NotStoppedException n) {
                throw n;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Changes the stopped kernel on the executor; the same rules as {@link #query}. */
    public void modify(Consumer<KernelEngine> writer) throws NotStoppedException {
        query(e -> {
            writer.accept(e);
            return null;
        });
    }

    /**
     * The value of {@code expression} in {@code lane}, frame {@code level} of its warp (0 the
     * kernel): {@link KernelEngine#evaluate(String, LaneId, int)} on the executor.
     *
     * @throws NotStoppedException when the kernel is running or the session ended
     * @throws org.gpumem.debug.core.expr.ExpressionException when the expression cannot be evaluated there
     */
    public ExpressionValue evaluate(String expression, LaneId lane, int level) throws NotStoppedException {
        return query(e -> e.evaluate(expression, lane, level));
    }

    /** {@code expression} in every lane of {@code warp} ({@link KernelEngine#evaluateWarp}) on the executor. */
    public List<LaneEvaluation> evaluateWarp(String expression, WarpId warp, int level) throws NotStoppedException {
        return query(e -> e.evaluateWarp(e.parse(expression), warp, level));
    }

    private void checkLive() throws NotStoppedException {
        if (ended || terminating) {
            throw new NotStoppedException("the kernel has terminated", true);
        }
    }

    // ------------------------------------------------------------------ the executor

    private CompletableFuture<Stop> post(WarpId warp, StepKind kind, Function<KernelEngine, Stop> command) {
        CompletableFuture<Stop> done = new CompletableFuture<>();
        synchronized (this) {
            if (ended || terminating) {
                done.completeExceptionally(new NotStoppedException("the kernel has terminated", true));
                return done;
            }
            commands++;
            submit(() -> {
                Stop stop;
                try {
                    if (terminating) {
                        done.completeExceptionally(new NotStoppedException("the kernel has terminated", true));
                        return;
                    }
                    listener.running(warp, kind);
                    stop = command.apply(engine);
                } finally {
                    finished();
                }
                record(stop);
                listener.stopped(stop);
                done.complete(stop);
                if (stop.reason() == StopReason.EXITED) {
                    end();
                }
            }, done);
        }
        return done;
    }

    /** What every stop records before its listener hears of it (executor). */
    private void record(Stop stop) {
        if (runTo != null) {
            runTo = null;
            install();
        }
        stopCount++;
        lastStop = stop;
        if (stop.reason() == StopReason.EXITED) {
            stopWarps = List.of();
            stopState = null;
            focus.ended();
            return;
        }
        List<WarpStatus> warps = engine.warps();
        stopWarps = warps;
        stopState = StopMemoryState.build(this, engine.memoryState(), stopCount);
        focus.stopped(stop, warps);
    }

    private synchronized void finished() {
        commands--;
    }

    /** Runs {@code task} on the executor; an exception it throws is a bug that ends the session. */
    private void submit(Runnable task, CompletableFuture<?> outcome) {
        if (ended) {
            if (outcome != null) {
                outcome.completeExceptionally(new NotStoppedException("the kernel has terminated", true));
            }
            return;
        }
        try {
            executor.execute(() -> {
                if (ended) {
                    if (outcome != null) {
                        outcome.completeExceptionally(new NotStoppedException("the kernel has terminated", true));
                    }
                    return;
                }
                try {
                    task.run();
                } catch (RuntimeException | LinkageError | AssertionError e) {
                    failure = e;
                    if (outcome != null) {
                        outcome.completeExceptionally(e);
                    }
                    try {
                        listener.failed(e);
                    } finally {
                        end();
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            // The executor shut down after the check: the session has just ended. A caller that
            // waits hears so (the rejection as the cause); a command nobody waits for has nothing left to do.
            if (outcome != null) {
                NotStoppedException ended = new NotStoppedException("the kernel has terminated", true);
                ended.initCause(e);
                outcome.completeExceptionally(ended);
            }
        }
    }

    /** Ends the session once: records the result, lets the focus go, tells the listener. Executor. */
    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        try {
            endResult = engine.result();
            stopWarps = List.of();
            stopState = null;
            focus.ended();
        } catch (RuntimeException | LinkageError | AssertionError e) {
            // a focus listener's bug: reported like an engine failure, and the session still ends
            failure = e;
            listener.failed(e);
        } finally {
            executor.shutdown();
            try {
                listener.ended();
            } finally {
                if (failure != null) {
                    whenEnded.completeExceptionally(failure);
                } else {
                    whenEnded.complete(endResult);
                }
            }
        }
    }
}
