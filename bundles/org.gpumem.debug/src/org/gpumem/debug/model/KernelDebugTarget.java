package org.gpumem.debug.model;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IMarkerDelta;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IBreakpointManager;
import org.eclipse.debug.core.IBreakpointManagerListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IMemoryBlockRetrievalExtension;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IThread;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.StepKind;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.WatchHit;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.model.Context;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.Fault;
import org.gpumem.sim.check.Findings;

/**
 * A kernel launched on the simulator, as a debug target: one {@link WarpThread} per warp of
 * the CTAs that have started, line breakpoints and watchpoints from the breakpoint manager, and
 * address-space memory blocks.
 *
 * <p>Watchpoints: a {@link KernelWatchpoint}'s expression is evaluated by the session once per
 * launch (before the kernel starts, or at the stop when it is added), which gives the range and
 * the type its old and new values print in; a plain range is watched as its marker says. A
 * watchpoint stop suspends the writing lane's warp with that lane focused (the core's focus
 * rule), names the watchpoint in {@link WarpThread#getBreakpoints()} and writes the core's
 * {@link WatchHit#describe} to the console.
 *
 * <p>Threads: command methods (resume, suspend, step, terminate) enqueue on the debug core's
 * session executor and return at once. State getters return what the last stop recorded and
 * never touch the simulator. {@link #stopped} and {@link #running} run on the executor thread:
 * the session has recorded the stop's warps, model state ({@link #stopMemoryState()}) and focus
 * before {@link #stopped}, which fires exactly one debug event set (the stopping thread's
 * SUSPEND, the target's CHANGE and the memory blocks' CHANGE), so views refresh once per
 * suspend and find the state ready.
 */
public final class KernelDebugTarget extends KernelDebugElement
        implements IDebugTarget, IMemoryBlockRetrievalExtension, IBreakpointManagerListener, DebugSession.Listener {

    private final ILaunch launch;
    private final KernelTargetProcess process;
    private final String name;
    private DebugSession session;
    private final Map<WarpId, WarpThread> threads = new LinkedHashMap<>();
    private volatile List<WarpThread> visibleThreads = List.of();
    /**
     * Blocks handed out, weakly held: a view that drops a block without disposing it must not
     * make every later stop re-read it.
     */
    private final List<WeakReference<SpaceMemoryBlock>> blocks = new CopyOnWriteArrayList<>();
    private volatile boolean suspended;
    private volatile boolean terminated;
    private volatile Stop lastStop;
    private volatile long stopGeneration;
    private volatile List<BreakpointSpec> resolvedBreakpoints = List.of();
    /** What each watchpoint's expression designated in this launch (with its type); any thread. */
    private final Map<KernelWatchpoint, WatchpointSpec> evaluatedWatches = new ConcurrentHashMap<>();
    /** Guards the evaluation of watchpoints and {@link #requestedWatches}. */
    private final Object watchLock = new Object();
    /** The watchpoints last given to the session, and their breakpoints; guarded by {@link #watchLock}. */
    private Map<WatchpointSpec, KernelWatchpoint> requestedWatches = Map.of();
    /** The core's installed watchpoints and the breakpoints they stand for; replaced on the executor. */
    private volatile Map<WatchpointSpec, KernelWatchpoint> installedWatches = Map.of();
    private volatile Target engineTarget;
    private volatile Dim3 grid;
    private volatile Dim3 block;
    private volatile KernelFocus focus;

    public KernelDebugTarget(ILaunch launch, KernelTargetProcess process, String name) {
        super(null);
        this.launch = launch;
        this.process = process;
        this.name = name;
    }

    /**
     * Starts the session on {@code engine}: installs the breakpoints of the breakpoint manager,
     * then runs the kernel until the first stop.
     */
    public void start(KernelEngine engine) {
        start(engine, false);
    }

    /**
     * {@link #start(KernelEngine)}; with {@code stopAtFirstFinding}, the kernel also stops right
     * after the access in which its memory checks first find something, that lane focused.
     */
    public void start(KernelEngine engine, boolean stopAtFirstFinding) {
        KernelEngine.Launch l = engine.launch();
        engineTarget = l.target();
        grid = l.grid();
        block = l.block();
        session = new DebugSession(engine, this);
        focus = new KernelFocus(this, session.focus());
        process.attach(session);
        IBreakpointManager manager = DebugPlugin.getDefault().getBreakpointManager();
        manager.addBreakpointListener(this);
        manager.addBreakpointManagerListener(this);
        fireCreationEvent();
        installBreakpoints();
        if (stopAtFirstFinding) {
            session.stopAtFirstFinding(true);
        }
        session.resume();
    }

    @Override
    public IDebugTarget getDebugTarget() {
        return this;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    /** The debug core's session driving the simulator. */
    public DebugSession session() {
        return session;
    }

    @Override
    public IProcess getProcess() {
        return process.process();
    }

    @Override
    public IThread[] getThreads() {
        return visibleThreads.toArray(new IThread[0]);
    }

    /** The thread of a warp, or null when the warp has not started. */
    public WarpThread thread(WarpId warp) {
        for (WarpThread t : visibleThreads) {
            if (t.warpId().equals(warp)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public boolean hasThreads() {
        return !visibleThreads.isEmpty();
    }

    @Override
    public String getName() {
        StringBuilder sb = new StringBuilder(name);
        Stop stop = lastStop;
        if (terminated) {
            sb.append(" <terminated>");
            if (stop != null && stop.fault() != null) {
                sb.append(" ").append(stop.fault().message());
            }
        } else if (stop != null && stop.reason() == StopReason.FAULT) {
            sb.append(" (Faulted: ").append(stop.fault().message()).append(')');
        } else if (suspended) {
            sb.append(" (Suspended)");
        } else {
            sb.append(" (Running)");
        }
        return sb.toString();
    }

    /** The last stop, or null before the first. */
    public Stop lastStop() {
        return lastStop;
    }

    /** The fault that stopped the kernel, or null. */
    public Fault fault() {
        Stop s = lastStop;
        return s == null ? null : s.fault();
    }

    /** Counts stops; memory blocks compare bytes across consecutive stops. */
    public long stopGeneration() {
        return stopGeneration;
    }

    /**
     * The current stop as a model state, built on the session's executor when the kernel
     * stopped; null before the first stop, while the kernel runs and once it ended. Never
     * touches the simulator.
     */
    public StopMemoryState stopMemoryState() {
        DebugSession s = session;
        return !suspended || terminated || s == null ? null : s.stopState();
    }

    /** The address spaces of the engine (the same description for the whole session). */
    public Target engineTarget() {
        return engineTarget;
    }

    /** The launch's grid extents, null before {@link #start}. */
    public Dim3 grid() {
        return grid;
    }

    /** The launch's block extents, null before {@link #start}. */
    public Dim3 block() {
        return block;
    }

    /** The session's CUDA focus: the CTA, warp and lane the views show; null before {@link #start}. */
    public KernelFocus focus() {
        return focus;
    }

    /** The breakpoint lines that matched instructions of the module. */
    public List<BreakpointSpec> resolvedBreakpoints() {
        return resolvedBreakpoints;
    }

    // ------------------------------------------------------------------ run control

    @Override
    public boolean canResume() {
        return suspended && !terminated && !faulted();
    }

    @Override
    public boolean canSuspend() {
        return !suspended && !terminated;
    }

    @Override
    public boolean isSuspended() {
        return suspended;
    }

    boolean faulted() {
        Stop s = lastStop;
        return s != null && s.reason() == StopReason.FAULT;
    }

    @Override
    public void resume() throws DebugException {
        if (!canResume()) {
            throw new DebugException(Status.error("the kernel cannot resume now"));
        }
        session.resume();
    }

    @Override
    public void suspend() {
        session.suspend();
    }

    /**
     * Resumes until a warp reaches {@code line} (or something else stops the kernel first): the
     * line is installed beside the breakpoint manager's breakpoints, whether they are skipped or
     * not, and removed again at the next stop.
     */
    public void runToLine(BreakpointSpec line) throws DebugException {
        if (!canResume()) {
            throw new DebugException(Status.error("the kernel cannot resume now"));
        }
        session.runToLine(line);
    }

    void step(WarpThread thread, StepKind kind) throws DebugException {
        if (!canResume()) {
            throw new DebugException(Status.error("the kernel cannot step now"));
        }
        session.step(thread.warpId(), kind);
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public void terminate() {
        session.terminate();
    }

    @Override
    public boolean canDisconnect() {
        return false;
    }

    @Override
    public void disconnect() throws DebugException {
        throw notSupported("disconnect");
    }

    @Override
    public boolean isDisconnected() {
        return false;
    }

    // ------------------------------------------------------------------ session callbacks (executor thread)

    @Override
    public void running(WarpId warp, StepKind step) {
        suspended = false;
        List<DebugEvent> events = new ArrayList<>();
        if (warp == null) {
            events.add(new DebugEvent(this, DebugEvent.RESUME, DebugEvent.CLIENT_REQUEST));
        } else {
            WarpThread t = thread(warp);
            int detail = step == StepKind.INTO ? DebugEvent.STEP_INTO
                    : step == StepKind.RETURN ? DebugEvent.STEP_RETURN : DebugEvent.STEP_OVER;
            events.add(new DebugEvent(t != null ? t : this, DebugEvent.RESUME, detail));
        }
        fire(events);
    }

    @Override
    public void stopped(Stop stop) {
        lastStop = stop;
        stopGeneration = session.stopCount();
        if (stop.reason() == StopReason.EXITED) {
            return;
        }
        List<WarpStatus> warps = session.stopWarps();
        List<WarpThread> visible = new ArrayList<>();
        for (WarpStatus w : warps) {
            WarpThread t = threads.computeIfAbsent(w.id(), id -> new WarpThread(this, id));
            t.update(w, stopGeneration);
            if (!w.frames().isEmpty()) {
                visible.add(t);
            }
        }
        // Threads of CTAs that are no longer resident go away with them.
        threads.keySet().retainAll(warps.stream().map(WarpStatus::id).toList());
        boolean threadsChanged = !visibleThreads.equals(visible);
        visibleThreads = List.copyOf(visible);
        suspended = true;
        List<SpaceMemoryBlock> live = liveBlocks();
        for (SpaceMemoryBlock b : live) {
            try {
                b.stopped();
            } catch (DebugException e) {
                failed(e.getStatus());
            }
        }
        List<DebugEvent> events = new ArrayList<>();
        WarpThread stopping = stop.warp() == null ? null : thread(stop.warp());
        int detail = switch (stop.reason()) {
            case BREAKPOINT, WATCHPOINT, FAULT, FINDING -> DebugEvent.BREAKPOINT;
            case STEP -> DebugEvent.STEP_END;
            default -> DebugEvent.CLIENT_REQUEST;
        };
        if (stopping != null) {
            events.add(new DebugEvent(stopping, DebugEvent.SUSPEND, detail));
        } else if (!visible.isEmpty()) {
            events.add(new DebugEvent(visible.get(0), DebugEvent.SUSPEND, detail));
        }
        events.add(new DebugEvent(this, DebugEvent.SUSPEND, detail));
        if (threadsChanged) {
            events.add(new DebugEvent(this, DebugEvent.CHANGE, DebugEvent.CONTENT));
        }
        for (SpaceMemoryBlock b : live) {
            events.add(new DebugEvent(b, DebugEvent.CHANGE, DebugEvent.CONTENT));
        }
        if (stop.fault() != null) {
            process.appendOutput(stop.fault().report());
        }
        if (stop.finding() != null) {
            // the finding as the report prints it, so that the console says why the kernel stopped
            StringBuilder text = new StringBuilder("gpumem: stopped at the first memory check finding:\n");
            Findings.print(stop.finding(), line -> text.append(line).append(System.lineSeparator()));
            process.appendOutput(text.toString());
        }
        if (stop.watch() != null) {
            WatchHit hit = stop.watch();
            process.appendOutput("gpumem: watchpoint " + hit.describe(engineTarget) + " by "
                    + CudaFocus.of(hit.lane(), block, engineTarget).describe(engineTarget) + System.lineSeparator());
        }
        if (stop.conditionError() != null) {
            // gdb's rule: a condition that cannot be evaluated stops the kernel, and says why
            process.appendError("gpumem: the condition of breakpoint " + stop.breakpoint() + ": " + stop.conditionError()
                    + System.lineSeparator());
        }
        fire(events);
    }

    @Override
    public void failed(Throwable error) {
        process.appendError(SessionCalls.logBug("simulating " + getName(), error) + System.lineSeparator());
    }

    private void failed(IStatus status) {
        Platform.getLog(KernelDebugTarget.class).log(status);
        process.appendError(status.getMessage() + System.lineSeparator());
    }

    @Override
    public void ended() {
        suspended = false;
        terminated = true;
        visibleThreads = List.of();
        IBreakpointManager manager = DebugPlugin.getDefault().getBreakpointManager();
        manager.removeBreakpointListener(this);
        manager.removeBreakpointManagerListener(this);
        DebugPlugin.getDefault().getMemoryBlockManager().removeMemoryBlocks(liveBlocks().toArray(new IMemoryBlock[0]));
        process.sessionEnded(session);
        List<DebugEvent> events = new ArrayList<>();
        events.add(new DebugEvent(this, DebugEvent.TERMINATE));
        fire(events);
    }

    private void fire(List<DebugEvent> events) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null) {
            plugin.fireDebugEventSet(events.toArray(new DebugEvent[0]));
        }
    }

    // ------------------------------------------------------------------ breakpoints

    @Override
    public boolean supportsBreakpoint(IBreakpoint breakpoint) {
        return (breakpoint instanceof KernelLineBreakpoint || breakpoint instanceof KernelWatchpoint)
                && KernelDebugIds.MODEL_ID.equals(breakpoint.getModelIdentifier());
    }

    @Override
    public void breakpointAdded(IBreakpoint breakpoint) {
        if (supportsBreakpoint(breakpoint)) {
            installBreakpoints();
        }
    }

    @Override
    public void breakpointRemoved(IBreakpoint breakpoint, IMarkerDelta delta) {
        if (breakpoint instanceof KernelWatchpoint w) {
            evaluatedWatches.remove(w);
        }
        if (supportsBreakpoint(breakpoint)) {
            installBreakpoints();
        }
    }

    @Override
    public void breakpointChanged(IBreakpoint breakpoint, IMarkerDelta delta) {
        if (supportsBreakpoint(breakpoint)) {
            installBreakpoints();
        }
    }

    @Override
    public void breakpointManagerEnablementChanged(boolean enabled) {
        installBreakpoints();
    }

    private void installBreakpoints() {
        if (session == null || session.isEnded()) {
            return;
        }
        IBreakpointManager manager = DebugPlugin.getDefault().getBreakpointManager();
        List<BreakpointSpec> lines = new ArrayList<>();
        if (manager.isEnabled()) {
            for (IBreakpoint b : manager.getBreakpoints(KernelDebugIds.MODEL_ID)) {
                BreakpointSpec line = KernelBreakpoints.toLine(b);
                if (line != null) {
                    lines.add(line);
                }
            }
        }
        session.setBreakpoints(lines).thenAccept(resolved -> resolvedBreakpoints = resolved);
        Map<KernelWatchpoint, WatchpointSpec> found;
        synchronized (watchLock) {
            found = installWatchpoints(manager);
        }
        // outside the lock: the marker change comes back as breakpointChanged, maybe on another thread
        for (Map.Entry<KernelWatchpoint, WatchpointSpec> e : found.entrySet()) {
            String description = e.getValue().describe(engineTarget);
            KernelWatchpoint w = e.getKey();
            try {
                if (!w.isResolved() || !description.equals(w.getMarker().getAttribute(IMarker.MESSAGE, null))) {
                    w.setResolved(e.getValue(), description);
                }
            } catch (CoreException x) {
                failed(x.getStatus());
            }
        }
    }

    /**
     * Replaces the core's watchpoints with the manager's enabled gpumem watchpoints, unless they
     * are those installed already. Evaluates the expressions not evaluated yet in this launch
     * (the kernel is stopped or not started; while it runs, a watchpoint keeps the bytes it
     * watches, or, new, is watched as the range its marker records); returns the watchpoints
     * evaluated here for the first time, whose markers then record their ranges, so that the
     * Breakpoints view names space and range. Holding {@link #watchLock}.
     */
    private Map<KernelWatchpoint, WatchpointSpec> installWatchpoints(IBreakpointManager manager) {
        Map<WatchpointSpec, KernelWatchpoint> specs = new LinkedHashMap<>();
        Map<KernelWatchpoint, WatchpointSpec> found = new LinkedHashMap<>();
        if (manager.isEnabled()) {
            for (IBreakpoint b : manager.getBreakpoints(KernelDebugIds.MODEL_ID)) {
                try {
                    if (b instanceof KernelWatchpoint w && w.isEnabled()) {
                        WatchpointSpec spec = watchSpec(w, found);
                        if (spec != null) {
                            specs.put(spec, w);
                        }
                    }
                } catch (CoreException e) {
                    failed(e.getStatus());
                }
            }
        }
        if (!specs.equals(requestedWatches)) {
            requestedWatches = specs;
            session.setWatchpoints(new ArrayList<>(specs.keySet())).thenAccept(installed -> {
                Map<WatchpointSpec, KernelWatchpoint> by = new HashMap<>();
                for (WatchpointSpec w : installed) {
                    by.put(w, specs.get(w));
                }
                installedWatches = by;
            });
        }
        return found;
    }

    /**
     * The core's watchpoint for {@code w} in this launch, or null when its bytes are not known
     * (an expression that cannot be evaluated now, or that designates nothing to watch: the
     * console says why). An expression evaluated here for the first time goes into {@code found}.
     */
    private WatchpointSpec watchSpec(KernelWatchpoint w, Map<KernelWatchpoint, WatchpointSpec> found) {
        WatchpointSpec.Kind kind = w.kind();
        String expression = w.expression();
        if (kind == null) {
            return null;
        }
        WatchpointSpec evaluated = evaluatedWatches.get(w);
        if (evaluated == null && expression != null) {
            try {
                evaluated = session.watchpoint(expression, w.context(), w.level(), kind);
                evaluatedWatches.put(w, evaluated);
                found.put(w, in(evaluated, w, kind));
            } catch (NotStoppedException e) {
                if (e.ended()) {
                    return null;
                }
                // running: evaluated at a later install while the kernel is stopped; meanwhile the
                // bytes it watches already, or the marker's range
                for (Map.Entry<WatchpointSpec, KernelWatchpoint> r : requestedWatches.entrySet()) {
                    evaluated = r.getValue().equals(w) ? r.getKey() : evaluated;
                }
            } catch (ExpressionException e) {
                process.appendError("gpumem: watchpoint '" + expression + "': " + e.getMessage() + System.lineSeparator());
                return null;
            }
        }
        return evaluated != null ? in(evaluated, w, kind) : w.spec(null);
    }

    /** {@code evaluated} in the context and for the accesses that {@code w} says. */
    private static WatchpointSpec in(WatchpointSpec evaluated, KernelWatchpoint w, WatchpointSpec.Kind kind) {
        return new WatchpointSpec(evaluated.label(), evaluated.space(), w.context(), w.isEveryContext(), evaluated.offset(),
                evaluated.length(), kind, evaluated.type());
    }

    /** The watchpoint breakpoint a watchpoint stop caught, or null. */
    KernelWatchpoint watchpointOf(WatchHit hit) {
        return hit == null ? null : installedWatches.get(hit.watch());
    }

    /** The breakpoints at the current line of {@code status}'s top frame. */
    IBreakpoint[] breakpointsAt(String sourceFile, int sourceLine, int ptxLine) {
        return KernelBreakpoints.at(process.modulePath(), sourceFile, sourceLine, ptxLine);
    }

    // ------------------------------------------------------------------ memory

    @Override
    public boolean supportsStorageRetrieval() {
        return true;
    }

    @Override
    public IMemoryBlock getMemoryBlock(long startAddress, long length) throws DebugException {
        CudaFocus f = focus == null ? null : focus.current();
        if (f == null) {
            throw new DebugException(Status.error("no warp is stopped"));
        }
        return addBlock(new SpaceMemoryBlock(this, engineTarget.getDefaultSpace().getName(), f.lane(),
                startAddress, "0x" + Long.toHexString(startAddress)));
    }

    /**
     * A block for {@code [space]:[expression]}: {@code shared:0x40}, {@code local:&arr},
     * {@code private_lane:0x10}, {@code generic:0x...} or a plain expression (the default space), evaluated
     * in the lane, warp and CTA of {@code context} (a thread, frame or variable of this target;
     * anything else means the focus). The block then follows the focus ({@link KernelFocus}).
     */
    @Override
    public IMemoryBlockExtension getExtendedMemoryBlock(String expression, Object context) throws DebugException {
        WarpThread thread = contextThread(context);
        if (thread == null) {
            throw new DebugException(Status.error("no warp is stopped"));
        }
        PtxStackFrame frame = context instanceof PtxStackFrame f ? f : thread.topFrame();
        MemoryExpression.Result r = MemoryExpression.evaluate(expression, engineTarget, frame, thread.lane());
        return addBlock(new SpaceMemoryBlock(this, r.space(), r.lane(), r.offset(), expression, r.element()));
    }

    private SpaceMemoryBlock addBlock(SpaceMemoryBlock block) {
        blocks.add(new WeakReference<>(block));
        return block;
    }

    /** Removes a block from change tracking (called by the block when it is disposed). */
    public void forget(SpaceMemoryBlock block) {
        blocks.removeIf(r -> r.get() == null || r.get() == block);
    }

    /** The blocks handed out and not yet disposed or collected. */
    List<SpaceMemoryBlock> liveBlocks() {
        blocks.removeIf(r -> r.get() == null);
        List<SpaceMemoryBlock> live = new ArrayList<>();
        for (WeakReference<SpaceMemoryBlock> r : blocks) {
            SpaceMemoryBlock b = r.get();
            if (b != null) {
                live.add(b);
            }
        }
        return live;
    }

    private WarpThread contextThread(Object context) {
        if (context instanceof WarpThread t && t.getDebugTarget() == this) {
            return t;
        }
        if (context instanceof PtxStackFrame f && f.getDebugTarget() == this) {
            return (WarpThread) f.getThread();
        }
        if (context instanceof KernelVariable v && v.getDebugTarget() == this) {
            return v.frame() == null ? null : (WarpThread) v.frame().getThread();
        }
        List<WarpThread> visible = visibleThreads;
        CudaFocus f = focus == null ? null : focus.current();
        WarpThread t = f == null ? null : thread(f.lane().warp());
        return t != null ? t : visible.isEmpty() ? null : visible.get(0);
    }

    /** The target stands for the focused lane. */
    @Override
    protected Context modelContext(StopMemoryState stop) {
        CudaFocus f = focus == null ? null : focus.current();
        return f == null ? null : stop.context(Scope.LANE, f.lane());
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IDebugTarget.class || adapter == KernelDebugTarget.class) {
            return adapter.cast(this);
        }
        return super.getAdapter(adapter);
    }
}
