package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.memory.StateSpaceLayout;

/**
 * Runs a launch under debugger control. CTAs run one at a time in linear order (CTA 0, then 1,
 * ...); the resident CTA's warps are scheduled in turn as in a normal run.
 * <p>
 * Thread rules: {@link #resume()}, {@link #step}, every read or write and every getter of the
 * views run on the thread that calls them and must not be called concurrently; the caller
 * chooses that thread (an executor, the CLI's main thread). {@link #suspend()} may be called
 * from any thread, at any time: a request counts until a resume or step ends, so one made while
 * the session is stopped (say just before a queued resume starts) stops that resume at once.
 * A running resume or step looks at requests after every {@link #SUSPEND_CHECK_INSTRUCTIONS}
 * warp instructions at the most. Listeners are called on the driving thread.
 */
public final class DebugSession {
    /**
     * Most warp instructions a running resume or step issues between two looks at suspend
     * requests: the slice one warp runs before the session moves on.
     */
    public static final int SUSPEND_CHECK_INSTRUCTIONS = 4096;

    private final Launch launch;
    private final StateSpaceLayout layout;
    private final List<DebugListener> listeners = new CopyOnWriteArrayList<>();
    private final BreakpointTable breakpoints;
    private final AtomicLong suspendRequests = new AtomicLong();
    /** The requests a resume or step has answered (by stopping, for whatever reason). */
    private long suspendsAnswered;
    private volatile long stops;
    private Cta cta;
    private CtaView view;
    private int selectedWarp;
    private Warp lastStopWarp;
    private int lastStopPc = -1;
    /** Written by the driving thread only; volatile so that any thread may watch the progress. */
    private volatile long warpInstructions;
    private long threadInstructions;
    private long budgetLeft;
    private Warp budgetExhausted;
    private LaunchResult result;
    private final long startNanos = System.nanoTime();

    /** A session positioned before the first instruction of CTA 0. */
    public DebugSession(KernelLaunch launch) {
        this.launch = Launch.of(launch);
        this.layout = this.launch.layout();
        this.breakpoints = new BreakpointTable(this.launch.module().module());
        long b = launch.options().instructionBudget();
        this.budgetLeft = b <= 0 ? Long.MAX_VALUE : b;
        makeResident(0);
    }

    private void makeResident(int linearIndex) {
        cta = launch.newCta(linearIndex);
        cta.setBreakpoints(breakpoints.marks());
        view = new CtaView(cta);
        selectedWarp = 0;
        lastStopWarp = null;
    }

    /** Options suited to debugging: one worker and the given budget. */
    public static ExecOptions options(long budget) {
        return new ExecOptions(budget, 1, false);
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

    // ------------------------------------------------------------------ state

    /** The resident CTA (the one {@link #residentCtas()} holds). */
    public CtaView cta() {
        return view;
    }

    /** The CTAs resident now, in linear order; the session keeps one resident at a time. */
    public List<CtaView> residentCtas() {
        return List.of(view);
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

    /** Where each warp of the resident CTA is now (what a terminate reports). */
    public List<WarpPosition> positions() {
        return cta.positions();
    }

    /** Selects the warp that WARP-scope steps advance. */
    public void selectWarp(int warp) {
        if (warp < 0 || warp >= cta.warpCount()) {
            throw new IllegalArgumentException("warp must be 0.." + (cta.warpCount() - 1) + ": " + warp);
        }
        selectedWarp = warp;
    }

    public WarpView selectedWarp() {
        return view.warp(selectedWarp);
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
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, view, null, null, null, null));
        while (true) {
            if (suspendPending()) {
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, cta.warp(selectedWarp), null);
            }
            DebugEvent e = runReadyWarps(null);
            if (e != null) {
                return e;
            }
            if (!anyReady() && !cta.resolveBlocked()) {
                e = finishCta();
                if (e != null) {
                    return e;
                }
            }
        }
    }

    /**
     * One slice of every ready warp; the event that stopped the session (breakpoint, fault,
     * suspend request), or null. {@code waiting} is a warp whose step waits for the others.
     */
    private DebugEvent runReadyWarps(Warp waiting) {
        for (int i = 0; i < cta.warpCount(); i++) {
            Warp w = cta.warp(i);
            if (w.state() != WarpState.READY) {
                continue;
            }
            boolean skip = w == lastStopWarp && w.pc() == lastStopPc;
            Cta.Stop s = runBudgeted(w, SUSPEND_CHECK_INSTRUCTIONS, true, skip);
            if (s == Cta.Stop.BREAKPOINT) {
                selectedWarp = i;
                return stopped(DebugEvent.Kind.SUSPENDED_BREAKPOINT, w, breakpoints.at(w));
            }
            if (s == Cta.Stop.FAULT) {
                return faulted(w);
            }
            if (suspendPending()) {
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, waiting != null ? waiting : cta.warp(selectedWarp), null);
            }
        }
        return null;
    }

    private boolean anyReady() {
        for (int i = 0; i < cta.warpCount(); i++) {
            if (cta.warp(i).state() == WarpState.READY) {
                return true;
            }
        }
        return false;
    }

    /** Steps by {@code unit} in {@code scope}; returns the event that ended the step. */
    public DebugEvent step(StepScope scope, StepUnit unit) {
        checkRunnable();
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, view, null, null, null, null));
        if (suspendPending()) {
            return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, cta.warp(selectedWarp), null);
        }
        List<Warp> targets = new ArrayList<>();
        if (scope == StepScope.WARP) {
            targets.add(cta.warp(selectedWarp));
        } else {
            for (int i = 0; i < cta.warpCount(); i++) {
                targets.add(cta.warp(i));
            }
        }
        for (Warp w : targets) {
            DebugEvent e = unit == StepUnit.INSTRUCTION ? stepInstruction(w) : stepLine(w, unit);
            if (e != null) {
                return e;
            }
        }
        if (cta.finished() && cta.fault() == null) {
            DebugEvent e = finishCta();
            if (e != null) {
                return e;
            }
        }
        return stopped(DebugEvent.Kind.SUSPENDED_STEP, cta.warp(selectedWarp), null);
    }

    /** One instruction of {@code w}; runs other warps when it waits at a barrier. Null when fine. */
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
        if (s == Cta.Stop.BARRIER && !cta.resolveBlocked() && cta.fault() != null) {
            return faulted(w);
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

    /** Runs the other warps until {@code waiting} leaves its barrier. */
    private DebugEvent runOthersUntilReleased(Warp waiting) {
        while (waiting.state() == WarpState.AT_BARRIER) {
            boolean ran = anyReady();
            DebugEvent e = runReadyWarps(waiting);
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
        lastStopWarp = w;
        lastStopPc = w.pc();
        return ended(new DebugEvent(kind, view, view.warp(w.id()), b, null, null));
    }

    private DebugEvent faulted(Warp w) {
        Fault f = cta.fault();
        if (f == null && budgetExhausted != null) {
            f = budgetExhausted.faultHere(FaultKind.INSTRUCTION_BUDGET, "the session issued its budget of "
                    + launch.options().instructionBudget() + " warp instructions");
        }
        cta.collectOutput();
        result = new LaunchResult(f, warpInstructions, threadInstructions, System.nanoTime() - startNanos, null,
                launch.deviceOutput(), null);
        return ended(new DebugEvent(DebugEvent.Kind.FAULT, view, view.warp(w.id()), null, f, result));
    }

    /** After the resident CTA finished: starts the next one, or ends the launch. */
    private DebugEvent finishCta() {
        if (cta.fault() != null) {
            return faulted(cta.warp(0));
        }
        cta.collectOutput();
        int next = cta.linearIndex() + 1;
        if (next >= launch.ctaCount()) {
            result = new LaunchResult(null, warpInstructions, threadInstructions, System.nanoTime() - startNanos, null,
                    launch.deviceOutput(), null);
            return ended(new DebugEvent(DebugEvent.Kind.EXITED, view, null, null, null, result));
        }
        makeResident(next);
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
        if (length < 0 || length > 1 << 24) {
            throw new IllegalArgumentException("bad read length " + length);
        }
        switch (space) {
            case GLOBAL:
                return launch.module().device().read(address, length);
            case CONST:
                return copy(space, launch.module().constBank(), address, length);
            case SHARED:
                return resident(warp).cta().readShared(address, length);
            case LOCAL:
                return resident(warp).readLocal(lane, address, length);
            case PARAM:
                return copy(space, launch.paramBuffer(), address, length);
            default: {
                PtxStateSpace s = layout.resolve(address);
                return read(s, s == PtxStateSpace.GLOBAL ? address : address - layout.base(s), length, warp, lane);
            }
        }
    }

    /** Writes bytes; const and param spaces are read-only. */
    public void write(PtxStateSpace space, long address, byte[] bytes, WarpView warp, int lane) {
        switch (space) {
            case GLOBAL:
                launch.module().device().write(address, bytes);
                return;
            case SHARED:
                resident(warp).cta().writeShared(address, bytes);
                return;
            case LOCAL:
                resident(warp).writeLocal(lane, address, bytes);
                return;
            case CONST:
            case PARAM:
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, address, bytes.length, null);
            default: {
                PtxStateSpace s = layout.resolve(address);
                write(s, s == PtxStateSpace.GLOBAL ? address : address - layout.base(s), bytes, warp, lane);
            }
        }
    }

    /** The simulator's warp behind a view of a resident CTA. */
    Warp resident(WarpView warp) {
        if (warp.cta() != view) {
            throw new IllegalArgumentException(warp + " is not resident");
        }
        return warp.warp();
    }

    private static byte[] copy(PtxStateSpace space, byte[] storage, long address, int length) {
        if (address < 0 || address + length > storage.length) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, space, address, length,
                    "space has " + storage.length + " bytes");
        }
        byte[] out = new byte[length];
        System.arraycopy(storage, (int) address, out, 0, length);
        return out;
    }

    /** Runs a launch to its end without stopping; convenience for tools. */
    public static LaunchResult runToEnd(KernelLaunch launch) {
        DebugSession s = new DebugSession(launch);
        DebugEvent e;
        do {
            e = s.resume();
        } while (e.isSuspended());
        return s.result();
    }
}
