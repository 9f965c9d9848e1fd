package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.ProfileTally;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.Watches;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * Runs a launch under debugger control. As many CTAs are resident at once as the device's one
 * SM keeps ({@link DeviceFacts#residentBlocks}), or the whole grid when it is smaller or the
 * launch is cooperative (its CTAs wait for each other at grid barriers); they are made resident in linear order (CTA 0, 1, ...), and a CTA that finishes
 * makes room for the next. Resuming runs every resident CTA, each CTA's warps in turn as in a
 * normal run; barriers, faults and the instruction budget are per CTA as on a device (the
 * budget counts the warp instructions of all of them).
 * <p>
 * Thread rules: {@link #resume()}, {@link #step}, every read or write and every getter of the
 * views run on the thread that calls them and must not be called concurrently; the caller
 * chooses that thread (an executor, the CLI's main thread). {@link #suspend()} may be called
 * from any thread, at any time: a request counts until a resume or step ends, so one made while
 * the session is stopped (say just before a queued resume starts) stops that resume at once.
 * A running resume or step looks at requests after every {@link #SUSPEND_CHECK_INSTRUCTIONS}
 * warp instructions at the most. Listeners are called on the driving thread.
 */
public final class ControlledLaunch {
    /**
     * Most warp instructions a running resume or step issues between two looks at suspend
     * requests: the slice one warp runs before the session moves on.
     */
    public static final int SUSPEND_CHECK_INSTRUCTIONS = 4096;

    private final Launch launch;
    private final SessionMemory memory;
    private final List<DebugListener> listeners = new CopyOnWriteArrayList<>();
    private final BreakpointTable breakpoints;
    /** The watchpoints, in the order they were added; the interpreter's table of them, null when there are none. */
    private final List<Watchpoint> watchpoints = new ArrayList<>();
    private Watches watches;
    /** The address-space profile of the CTAs that retired, when the launch counts one. */
    private final ProfileTally profile;
    private final AtomicLong suspendRequests = new AtomicLong();
    /** The requests a resume or step has answered (by stopping, for whatever reason). */
    private long suspendsAnswered;
    private volatile long stops;
    private final int maxResident;
    /** The resident CTAs' views, in linear order. */
    private final List<CtaView> resident = new ArrayList<>();
    /** The linear index of the next CTA to make resident. */
    private int nextCta;
    /** The warp WARP-scope steps advance and requests stop at; its CTA is {@link #cta()}. */
    private Warp selected;
    /** The warp of the last stop: the next resume starts after it. */
    private Warp lastStopWarp;
    /**
     * Each warp a stop reported and that has not run since, with the instruction it stopped at:
     * resuming it does not stop at a breakpoint there again.
     */
    private final Map<Warp, Integer> reportedAt = new IdentityHashMap<>();
    /** Written by the driving thread only; volatile so that any thread may watch the progress. */
    private volatile long warpInstructions;
    private long threadInstructions;
    private long budgetLeft;
    private Warp budgetExhausted;
    /** The warp that was to run when the launch was asked to stop ({@link KernelLaunch#requestStop}). */
    private Warp stoppedOnRequest;
    private LaunchResult result;
    private final long startNanos = System.nanoTime();

    /** A session positioned before the first instruction of its first resident CTAs. */
    public ControlledLaunch(KernelLaunch launch) {
        this.launch = Launch.of(launch);
        this.memory = new SessionMemory(this.launch, resident::contains);
        this.breakpoints = new BreakpointTable(this.launch.module().module());
        this.profile = new ProfileTally(this.launch);
        long b = launch.options().instructionBudget();
        this.budgetLeft = b <= 0 ? Long.MAX_VALUE : b;
        // a cooperative grid is resident whole (its launch checked that it fits), so its CTAs can
        // meet at grid barriers while the debugger runs them side by side; otherwise at least one:
        // the launch checked that a CTA's threads and shared memory fit a block
        // a checked launch runs one CTA at a time, as its checks do on the command line
        this.maxResident = this.launch.coResident() ? this.launch.ctaCount()
                : this.launch.checked() ? 1
                : Math.max(1, DeviceFacts.of(this.launch.module().device().smVersion())
                        .residentBlocks(this.launch.config().block().volume(), this.launch.sharedBytes()));
        fillResident();
        selected = resident.get(0).cta().warp(0);
    }

    /** Makes CTAs resident, in linear order, until the SM is full or the grid is used up. */
    private void fillResident() {
        while (resident.size() < maxResident && nextCta < launch.ctaCount()) {
            Cta cta = launch.newCta(nextCta++);
            cta.setBreakpoints(breakpoints.marks());
            cta.setWatches(watches);
            resident.add(new CtaView(cta));
        }
    }

    /**
     * The address-space profile of what ran so far (every CTA that retired and the resident
     * ones), or null when the launch was made without {@link ExecOptions#profile()}. Call it on
     * the driving thread; once the launch ended, {@link LaunchResult#profile()} is the same.
     */
    public AddressSpaceProfile profile() {
        return profile.profile(resident.stream().map(CtaView::cta).toList());
    }

    /**
     * Options suited to debugging: one worker, the given budget, and the reference interpreter,
     * which every stop and step runs on anyway (see ARCHITECTURE, sim).
     */
    public static ExecOptions options(long budget) {
        return new ExecOptions(budget, 1, false, ExecEngine.INTERPRETER);
    }

    public KernelLaunch launch() {
        return launch;
    }

    public void addListener(DebugListener l) {
        listeners.add(Objects.requireNonNull(l));
    }

    public void removeListener(DebugListener l) {
        listeners.remove(l);
    }

    /** Number of events so far: a version counter for views of the suspended state. */
    public long stopCount() {
        return stops;
    }

    /** Warp instructions the session has issued so far (any thread may read it while the kernel runs). */
    public long warpInstructions() {
        return warpInstructions;
    }

    private DebugEvent fire(DebugEvent e) {
        stops++;
        for (DebugListener l : listeners) {
            l.handle(e);
        }
        return e;
    }

    // ------------------------------------------------------------------ breakpoints

    /**
     * A breakpoint on a source line: {@code file} matches a {@code .file} path equal to it or
     * ending with "/" + it.
     */
    public Breakpoint addSourceBreakpoint(String file, int line) {
        return breakpoints.addSource(file, line);
    }

    /** A breakpoint on the instruction at a PTX line (or the first instruction after it in the same function). */
    public Breakpoint addPtxBreakpoint(int ptxLine) {
        return breakpoints.addPtx(ptxLine);
    }

    public void removeBreakpoint(Breakpoint b) {
        breakpoints.remove(b);
    }

    public List<Breakpoint> breakpoints() {
        return breakpoints.all();
    }

    // ------------------------------------------------------------------ memory checks

    /**
     * Whether the first finding of the launch's memory checks that is new to the device stops
     * the warp that made it, right after the instruction
     * ({@link DebugEvent.Kind#SUSPENDED_FINDING}); from the next resume or step on, on a checked
     * launch only (false otherwise). An uninitialized read the checks hold until the thread's
     * exit (a read a later write may explain) stops nothing.
     */
    public boolean stopAtFirstFinding(boolean on) {
        if (!launch.checked()) {
            return false;
        }
        launch.stopAtFindings(on);
        return true;
    }

    // ------------------------------------------------------------------ watchpoints

    /**
     * Watches {@code w}'s bytes from the next resume or step on: a warp whose instruction
     * accesses them as {@code w.access()} says stops right after it
     * ({@link DebugEvent.Kind#SUSPENDED_WATCHPOINT}).
     *
     * @throws IllegalArgumentException with {@link #checkWatchpoint}'s reason when it cannot be watched
     */
    public Watchpoint addWatchpoint(Watchpoint w) {
        String problem = checkWatchpoint(w);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        watchpoints.add(w);
        rewatch();
        return w;
    }

    /**
     * Why {@code w} cannot be watched, or null when it can: its range must lie inside its space
     * (a CTA's shared memory, a thread's local memory, the const bank, one global allocation),
     * hold at most {@link Watches#MAX_RANGE} bytes, in global, shared, local or const memory,
     * and its CTA must be in the grid.
     */
    public String checkWatchpoint(Watchpoint w) {
        long limit = switch (w.space()) {
            case SHARED -> launch.sharedBytes();
            case LOCAL -> launch.localBytesPerThread();
            case CONST -> launch.module().constBank().length;
            case GLOBAL -> Long.MAX_VALUE;
            default -> -1;
        };
        if (limit < 0) {
            return "no watchpoints on " + w.space().ptxName() + " memory";
        }
        if (w.length() < 1 || w.length() > Watches.MAX_RANGE) {
            return "a watchpoint watches 1 to " + Watches.MAX_RANGE + " bytes, not " + w.length();
        }
        if (w.address() < 0 || w.address() + w.length() > limit) {
            return w.length() + " bytes at " + w.space().ptxName() + " 0x" + Long.toHexString(w.address())
                    + " are outside its " + limit + " bytes";
        }
        if (w.space() == PtxStateSpace.GLOBAL) {
            try {
                launch.module().device().read(w.address(), w.length());
            } catch (MemoryAccessException e) {
                return w.length() + " bytes at global 0x" + Long.toHexString(w.address()) + " are not in one allocation: "
                        + e.getMessage();
            }
        }
        Dim3 g = launch.config().grid();
        Dim3 c = w.cta();
        if (c != null && (c.x() < 0 || c.y() < 0 || c.z() < 0 || c.x() >= g.x() || c.y() >= g.y() || c.z() >= g.z())) {
            return "CTA " + c + " is outside the grid " + g;
        }
        return null;
    }

    public void removeWatchpoint(Watchpoint w) {
        watchpoints.remove(w);
        rewatch();
    }

    public List<Watchpoint> watchpoints() {
        return List.copyOf(watchpoints);
    }

    /** The linear index of {@code cta} (in the grid), -1 for null (every CTA). */
    private int ctaIndex(Dim3 cta) {
        Dim3 g = launch.config().grid();
        return cta == null ? -1 : cta.x() + cta.y() * g.x() + cta.z() * g.x() * g.y();
    }

    private void rewatch() {
        List<Watches.Range> ranges = new ArrayList<>();
        for (int i = 0; i < watchpoints.size(); i++) {
            Watchpoint w = watchpoints.get(i);
            ranges.add(new Watches.Range(i, w.space(), w.address(), w.length(), w.access() != Watchpoint.Access.READ,
                    w.access() != Watchpoint.Access.WRITE, ctaIndex(w.cta()), w.warp(), w.lane()));
        }
        watches = ranges.isEmpty() ? null : new Watches(ranges);
        for (CtaView v : resident) {
            v.cta().setWatches(watches);
        }
    }

    // ------------------------------------------------------------------ state

    /** The CTA of the selected warp (where the session stopped last, unless a warp was selected since). */
    public CtaView cta() {
        return viewOf(selected.cta());
    }

    /** The CTAs resident now, in linear order. */
    public List<CtaView> residentCtas() {
        return List.copyOf(resident);
    }

    /** How many CTAs this session keeps resident at once (one SM's occupancy, at most the grid). */
    public int maxResidentCtas() {
        return Math.min(maxResident, launch.ctaCount());
    }

    private CtaView viewOf(Cta cta) {
        for (CtaView v : resident) {
            if (v.cta() == cta) {
                return v;
            }
        }
        throw new IllegalStateException(cta + " is not resident");
    }

    /** True once every CTA finished or one faulted. */
    public boolean isTerminated() {
        return result != null;
    }

    /** The result once terminated, else null. */
    public LaunchResult result() {
        return result;
    }

    /** The device printf output of the CTAs that finished so far, in CTA order. */
    public byte[] deviceOutput() {
        return launch.deviceOutput();
    }

    /** Where each warp of the resident CTAs is now (what a terminate reports), in CTA order. */
    public List<WarpPosition> positions() {
        List<WarpPosition> all = new ArrayList<>();
        for (CtaView v : resident) {
            all.addAll(v.cta().positions());
        }
        return all;
    }

    /** Selects warp {@code warp} of the current CTA ({@link #cta()}) as the one WARP-scope steps advance. */
    public void selectWarp(int warp) {
        Cta cta = selected.cta();
        if (warp < 0 || warp >= cta.warpCount()) {
            throw new IllegalArgumentException("warp must be 0.." + (cta.warpCount() - 1) + ": " + warp);
        }
        selected = cta.warp(warp);
    }

    /** Selects a warp of any resident CTA; its CTA becomes the current one. */
    public void selectWarp(WarpView warp) {
        selected = memory.resident(warp);
    }

    public WarpView selectedWarp() {
        return cta().warp(selected.id());
    }

    /**
     * Asks the session to stop: a running {@link #resume()} or {@link #step} returns with
     * {@link DebugEvent.Kind#SUSPENDED_REQUEST} within {@link #SUSPEND_CHECK_INSTRUCTIONS} warp
     * instructions; without one, the next resume or step does so before it issues any. Any thread.
     */
    public void suspend() {
        suspendRequests.incrementAndGet();
    }

    private boolean suspendPending() {
        return suspendRequests.get() != suspendsAnswered;
    }

    // ------------------------------------------------------------------ running

    private void checkRunnable() {
        if (result != null) {
            throw new IllegalStateException("the launch has terminated");
        }
    }

    /** Runs until a breakpoint, a fault, a suspend request, or the end of the launch. */
    public DebugEvent resume() {
        checkRunnable();
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, cta(), null, null, null, null));
        while (true) {
            if (suspendPending()) {
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, selected, null);
            }
            DebugEvent e = runReadyWarps(scheduleOrder(), null);
            if (e != null) {
                return e;
            }
            for (CtaView v : List.copyOf(resident)) {
                Cta cta = v.cta();
                if (!anyReady(cta) && !cta.resolveBlocked()) {
                    e = finishCta(v);
                    if (e != null) {
                        return e;
                    }
                }
            }
        }
    }

    /**
     * Every resident warp in CTA then warp order, starting after the warp of the last stop: the
     * CTAs of an SM run side by side, so a resume does not run the first CTA's warps to their
     * next stops again before the other CTAs' warps had their turn.
     */
    private List<Warp> scheduleOrder() {
        List<Warp> all = new ArrayList<>();
        for (CtaView v : resident) {
            for (int i = 0; i < v.cta().warpCount(); i++) {
                all.add(v.cta().warp(i));
            }
        }
        int after = all.indexOf(lastStopWarp) + 1;
        List<Warp> order = new ArrayList<>(all.subList(after, all.size()));
        order.addAll(all.subList(0, after));
        return order;
    }

    private static List<Warp> warpsOf(Cta cta) {
        List<Warp> all = new ArrayList<>();
        for (int i = 0; i < cta.warpCount(); i++) {
            all.add(cta.warp(i));
        }
        return all;
    }

    /**
     * One slice of every ready warp of {@code warps}; the event that stopped the session
     * (breakpoint, fault, suspend request), or null. {@code waiting} is a warp whose step waits
     * for the others.
     */
    private DebugEvent runReadyWarps(List<Warp> warps, Warp waiting) {
        for (Warp w : warps) {
            if (w.state() != WarpState.READY) {
                continue;
            }
            Integer at = reportedAt.get(w);
            boolean skip = at != null && at == w.pc();
            Cta.Stop s = runBudgeted(w, SUSPEND_CHECK_INSTRUCTIONS, true, skip);
            if (s == Cta.Stop.BREAKPOINT) {
                return stopped(DebugEvent.Kind.SUSPENDED_BREAKPOINT, w, breakpoints.at(w));
            }
            if (s == Cta.Stop.WATCHPOINT) {
                return watched(w);
            }
            if (s == Cta.Stop.FINDING) {
                return found(w);
            }
            if (s == Cta.Stop.FAULT) {
                return faulted(w);
            }
            if (suspendPending()) {
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, waiting != null ? waiting : selected, null);
            }
        }
        return null;
    }

    private static boolean anyReady(Cta cta) {
        for (int i = 0; i < cta.warpCount(); i++) {
            if (cta.warp(i).state() == WarpState.READY) {
                return true;
            }
        }
        return false;
    }

    /**
     * Steps by {@code unit} in {@code scope} (the selected warp, the warps of its CTA, or every
     * resident warp); returns the event that ended the step.
     */
    public DebugEvent step(StepScope scope, StepUnit unit) {
        checkRunnable();
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, cta(), null, null, null, null));
        if (suspendPending()) {
            return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, selected, null);
        }
        List<Warp> targets = new ArrayList<>();
        if (scope == StepScope.WARP) {
            targets.add(selected);
        } else {
            for (CtaView v : resident) {
                if (scope == StepScope.ALL || v.cta() == selected.cta()) {
                    for (int i = 0; i < v.cta().warpCount(); i++) {
                        targets.add(v.cta().warp(i));
                    }
                }
            }
        }
        for (Warp w : targets) {
            DebugEvent e = unit == StepUnit.INSTRUCTION ? stepInstruction(w) : stepLine(w, unit);
            if (e != null) {
                return e;
            }
        }
        for (CtaView v : List.copyOf(resident)) {
            if (v.cta().finished()) {
                DebugEvent e = finishCta(v);
                if (e != null) {
                    return e;
                }
            }
        }
        return stopped(DebugEvent.Kind.SUSPENDED_STEP, selected, null);
    }

    /** One instruction of {@code w}; runs other warps of its CTA when it waits at a barrier. Null when fine. */
    private DebugEvent stepInstruction(Warp w) {
        if (w.state() == WarpState.EXITED) {
            return null;
        }
        if (w.state() == WarpState.AT_BARRIER) {
            return runOthersUntilReleased(w);
        }
        Cta.Stop s = runBudgeted(w, 1, false, true);
        if (s == Cta.Stop.FAULT) {
            return faulted(w);
        }
        if (s == Cta.Stop.WATCHPOINT) {
            return watched(w);
        }
        if (s == Cta.Stop.FINDING) {
            return found(w);
        }
        if (s == Cta.Stop.BARRIER && !w.cta().resolveBlocked() && w.cta().fault() != null) {
            return faulted(w);
        }
        if (s == Cta.Stop.LIMIT && w.cta().lastRunWaitedForPhase()) {
            // the mbarrier phase it waits for needs other threads: the CTA's warps take a turn
            return runReadyWarps(warpsOf(w.cta()), w);
        }
        return null;
    }

    /** Steps {@code w} by instructions until {@code unit} says it has arrived, it exits, or something stops it. */
    private DebugEvent stepLine(Warp w, StepUnit unit) {
        int depth = w.depth();
        SourceLocation start = w.sourceLocation();
        while (w.state() != WarpState.EXITED) {
            DebugEvent e = stepInstruction(w);
            if (e != null) {
                return e;
            }
            if (suspendPending()) {
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, w, null);
            }
            if (w.state() == WarpState.READY && arrived(unit, w, depth, start)) {
                return null;
            }
        }
        return null;
    }

    private static boolean arrived(StepUnit unit, Warp w, int depth, SourceLocation start) {
        SourceLocation now = w.sourceLocation();
        boolean otherLine = now != null
                && (start == null || now.line() != start.line() || !now.file().equals(start.file()));
        switch (unit) {
            case RETURN:
                return w.depth() < depth;
            case SOURCE_LINE_INTO:
                return w.depth() < depth || now != null && (w.depth() > depth || otherLine);
            default:
                // .loc line 0 marks compiler-generated code that belongs to no line: never a stop.
                return w.depth() < depth || w.depth() == depth && otherLine && now.line() != 0;
        }
    }

    /** Runs the other warps of its CTA (the barrier's scope) until {@code waiting} leaves its barrier. */
    private DebugEvent runOthersUntilReleased(Warp waiting) {
        Cta cta = waiting.cta();
        while (waiting.state() == WarpState.AT_BARRIER) {
            boolean ran = anyReady(cta);
            DebugEvent e = runReadyWarps(warpsOf(cta), waiting);
            if (e != null) {
                return e;
            }
            if (!ran && !cta.resolveBlocked()) {
                return cta.fault() != null ? faulted(waiting) : null;
            }
        }
        return null;
    }

    private Cta.Stop runBudgeted(Warp w, long max, boolean stopAtBreakpoints, boolean skip) {
        if (budgetLeft <= 0) {
            return Cta.Stop.FAULT;
        }
        if (launch.stopReason() != null) {
            // KernelLaunch.requestStop (a wall-clock limit, Ctrl-C) ends the session as it ends a run.
            stoppedOnRequest = w;
            return Cta.Stop.FAULT;
        }
        reportedAt.remove(w);
        Cta cta = w.cta();
        long wi = cta.warpInstructions(), ti = cta.threadInstructions();
        Cta.Stop s = cta.run(w, Math.min(max, budgetLeft), stopAtBreakpoints, skip);
        long used = cta.warpInstructions() - wi;
        warpInstructions = warpInstructions + used;
        threadInstructions += cta.threadInstructions() - ti;
        budgetLeft -= used;
        if (budgetLeft <= 0 && s != Cta.Stop.EXITED && s != Cta.Stop.FAULT) {
            budgetExhausted = w;
            return Cta.Stop.FAULT;
        }
        return s;
    }

    /** Every event that ends a resume or step answers the suspend requests made until then. */
    private DebugEvent ended(DebugEvent e) {
        suspendsAnswered = suspendRequests.get();
        return fire(e);
    }

    private DebugEvent stopped(DebugEvent.Kind kind, Warp w, Breakpoint b) {
        reportedAt.put(w, w.pc());
        return stoppedAt(kind, w, b, null);
    }

    /**
     * A warp that stopped right after an instruction that touched a watched range: it has not
     * reached the instruction it stopped at, so a breakpoint there still stops it.
     */
    private DebugEvent watched(Warp w) {
        Watches.Hit h = w.cta().watchHit();
        Watchpoint watchpoint = watchpoints.get(h.range().id());
        CtaView view = viewOf(w.cta());
        Instruction in = h.instruction();
        PtxFunction function = w.function();
        Watchpoint.Hit hit = new Watchpoint.Hit(watchpoint, view, view.warp(w.id()), h.lane(), h.wrote(), h.before(),
                h.after(), function == null ? null : function.name(), in.line, in.location);
        return stoppedAt(DebugEvent.Kind.SUSPENDED_WATCHPOINT, w, null, hit);
    }

    /**
     * A warp that stopped right after an instruction in which the memory checks found something
     * new to the device: as after a watched access, a breakpoint at the instruction it stopped at
     * still stops it. Only the first finding stops the launch.
     */
    private DebugEvent found(Warp w) {
        Finding f = launch.takeFindingStop();
        launch.stopAtFindings(false);
        return stoppedAt(DebugEvent.Kind.SUSPENDED_FINDING, w, null, null, f);
    }

    private DebugEvent stoppedAt(DebugEvent.Kind kind, Warp w, Breakpoint b, Watchpoint.Hit hit) {
        return stoppedAt(kind, w, b, hit, null);
    }

    private DebugEvent stoppedAt(DebugEvent.Kind kind, Warp w, Breakpoint b, Watchpoint.Hit hit, Finding finding) {
        lastStopWarp = w;
        selected = w;
        retireFinished(w.cta());
        CtaView view = viewOf(w.cta());
        return ended(new DebugEvent(kind, view, view.warp(w.id()), b, null, null, hit, finding));
    }

    private DebugEvent faulted(Warp w) {
        Fault f = w.cta().fault();
        // as a launch run to its end does: the checks classify the fault before they finish
        w.cta().checkFault();
        if (f == null && stoppedOnRequest != null) {
            f = stoppedOnRequest.faultHere(FaultKind.STOPPED, launch.stopReason());
        }
        if (f == null && budgetExhausted != null) {
            f = budgetExhausted.faultHere(FaultKind.INSTRUCTION_BUDGET, "the session issued its budget of "
                    + launch.options().instructionBudget() + " warp instructions");
        }
        for (CtaView v : resident) {
            v.cta().collectOutput();
        }
        selected = w;
        result = new LaunchResult(f, warpInstructions, threadInstructions, System.nanoTime() - startNanos, profile(),
                launch.deviceOutput(), f != null && f.kind() == FaultKind.STOPPED ? positions() : null);
        launch.finishChecks();
        CtaView view = viewOf(w.cta());
        return ended(new DebugEvent(DebugEvent.Kind.FAULT, view, view.warp(w.id()), null, f, result));
    }

    /**
     * Gives the place of every CTA that finished without a fault (other than {@code stopping}'s,
     * which has a warp that can run) to the next CTAs, so that a stop never lists a CTA that is
     * gone on a device.
     */
    private void retireFinished(Cta stopping) {
        boolean retired = false;
        for (CtaView v : List.copyOf(resident)) {
            Cta cta = v.cta();
            if (cta != stopping && cta.finished() && cta.fault() == null) {
                cta.collectOutput();
                resident.remove(v);
                profile.retire(cta);
                forget(cta);
                retired = true;
            }
        }
        if (retired) {
            fillResident();
        }
    }

    /** Drops what the session remembers of the warps of {@code cta}, which is no longer resident. */
    private void forget(Cta cta) {
        if (lastStopWarp != null && lastStopWarp.cta() == cta) {
            lastStopWarp = null;
        }
        reportedAt.keySet().removeIf(w -> w.cta() == cta);
    }

    /**
     * After a resident CTA finished: the fault that ended it, or its output collected and its
     * place given to the next CTA; the end of the launch when none is left. Null while CTAs run.
     */
    private DebugEvent finishCta(CtaView done) {
        Cta cta = done.cta();
        if (cta.fault() != null) {
            return faulted(cta.warp(0));
        }
        cta.collectOutput();
        if (resident.size() == 1 && nextCta >= launch.ctaCount()) {
            // The last CTA stays as the final state the exit event reports.
            result = new LaunchResult(null, warpInstructions, threadInstructions, System.nanoTime() - startNanos,
                    profile(), launch.deviceOutput(), null);
            launch.finishChecks();
            return ended(new DebugEvent(DebugEvent.Kind.EXITED, done, null, null, null, result));
        }
        resident.remove(done);
        profile.retire(cta);
        fillResident();
        if (selected.cta() == cta) {
            selected = resident.get(0).cta().warp(0);
        }
        forget(cta);
        return null;
    }

    // ------------------------------------------------------------------ memory

    /**
     * Reads {@code length} bytes of {@code space} at {@code address} as seen by lane
     * {@code lane} of {@code warp}, a warp of a resident CTA (the context only matters for
     * shared, local, generic and call-param spaces). A generic address is resolved through the
     * windows of the device's address spaces.
     *
     * @throws MemoryAccessException when the bytes are outside the space
     */
    public byte[] read(PtxStateSpace space, long address, int length, WarpView warp, int lane) {
        return memory.read(space, address, length, warp, lane);
    }

    /** Writes bytes; const and param spaces are read-only. */
    public void write(PtxStateSpace space, long address, byte[] bytes, WarpView warp, int lane) {
        memory.write(space, address, bytes, warp, lane);
    }

    /** Runs a launch to its end without stopping; convenience for tools. */
    public static LaunchResult runToEnd(KernelLaunch launch) {
        ControlledLaunch s = new ControlledLaunch(launch);
        DebugEvent e;
        do {
            e = s.resume();
        } while (e.isSuspended());
        return s.result();
    }
}
