package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.ExecOptions;
import org.gpumem.sim.exec.Fault;
import org.gpumem.sim.exec.FaultKind;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.LaunchResult;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.WarpState;
import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.memory.MemoryAccessException;
import org.gpumem.sim.memory.MemoryFaultKind;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.SourceLocation;

/**
 * Runs a launch under debugger control. CTAs run one at a time in linear order (CTA 0, then 1,
 * ...); the resident CTA's warps are scheduled in turn as in a normal run.
 * <p>
 * Thread rules: {@link #resume()}, the step methods, and every read or write run on the
 * thread that calls them and must not be called concurrently; the caller chooses that
 * thread (an Eclipse Job, an executor, the CLI's main thread). {@link #suspend()} may be
 * called from any thread: the running {@code resume()} returns soon after with
 * {@link DebugEvent.Kind#SUSPENDED_REQUEST}. Listeners are called on the driving thread.
 */
public final class DebugSession {
    /** Warp instructions one warp issues before the session looks at suspend requests. */
    private static final int SLICE = 4096;

    private final Launch launch;
    private final PtxModule module;
    private final List<DebugListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Breakpoint> breakpoints = new ArrayList<>();
    private final boolean[][] marks;
    private volatile boolean suspendRequested;
    private volatile long stops;
    private Cta cta;
    private int selectedWarp;
    private Warp lastStopWarp;
    private int lastStopPc = -1;
    private long warpInstructions;
    private long threadInstructions;
    private long budgetLeft;
    private LaunchResult result;
    private final long startNanos = System.nanoTime();

    /** A session positioned before the first instruction of CTA 0. */
    public DebugSession(Launch launch) {
        this.launch = launch;
        this.module = launch.module().module();
        this.marks = new boolean[module.functions().size()][];
        long b = launch.options().instructionBudget();
        this.budgetLeft = b <= 0 ? Long.MAX_VALUE : b;
        this.cta = launch.newCta(0);
        this.cta.setBreakpoints(marks);
    }

    public Launch launch() {
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
        List<Breakpoint.Site> sites = new ArrayList<>();
        for (PtxFunction f : module.functions()) {
            boolean prevMatched = false;
            for (Instruction in : f.instructions()) {
                SourceLocation loc = in.location;
                boolean match = loc != null && loc.line() == line
                        && (loc.file().equals(file) || loc.file().endsWith("/" + file));
                if (match && !prevMatched) {
                    sites.add(new Breakpoint.Site(f, in));
                }
                prevMatched = match;
            }
        }
        return add(new Breakpoint(file, line, List.copyOf(sites)));
    }

    /** A breakpoint on the instruction at a PTX line (or the first instruction after it in the same function). */
    public Breakpoint addPtxBreakpoint(int ptxLine) {
        List<Breakpoint.Site> sites = new ArrayList<>();
        for (PtxFunction f : module.functions()) {
            if (ptxLine < f.line() || ptxLine > f.endLine()) {
                continue;
            }
            for (Instruction in : f.instructions()) {
                if (in.line >= ptxLine) {
                    sites.add(new Breakpoint.Site(f, in));
                    break;
                }
            }
        }
        return add(new Breakpoint(null, ptxLine, List.copyOf(sites)));
    }

    private Breakpoint add(Breakpoint b) {
        breakpoints.add(b);
        remark();
        return b;
    }

    public void removeBreakpoint(Breakpoint b) {
        breakpoints.remove(b);
        remark();
    }

    public List<Breakpoint> breakpoints() {
        return List.copyOf(breakpoints);
    }

    private void remark() {
        for (int i = 0; i < marks.length; i++) {
            marks[i] = null;
        }
        for (Breakpoint b : breakpoints) {
            for (Breakpoint.Site s : b.sites()) {
                int fi = s.function().index();
                if (marks[fi] == null) {
                    marks[fi] = new boolean[s.function().instructions().size()];
                }
                marks[fi][s.instruction().index] = true;
            }
        }
    }

    private Breakpoint breakpointAt(Warp w) {
        PtxFunction f = w.function();
        int pc = w.pc();
        for (Breakpoint b : breakpoints) {
            for (Breakpoint.Site s : b.sites()) {
                if (s.function() == f && s.instruction().index == pc) {
                    return b;
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ state

    /** The resident CTA. */
    public Cta cta() {
        return cta;
    }

    /** True once every CTA finished or one faulted. */
    public boolean isTerminated() {
        return result != null;
    }

    /** The result once terminated, else null. */
    public LaunchResult result() {
        return result;
    }

    /** Selects the warp that WARP-scope steps advance. */
    public void selectWarp(int warp) {
        if (warp < 0 || warp >= cta.warpCount()) {
            throw new IllegalArgumentException("warp must be 0.." + (cta.warpCount() - 1) + ": " + warp);
        }
        selectedWarp = warp;
    }

    public Warp selectedWarp() {
        return cta.warp(selectedWarp);
    }

    /** Asks a running {@link #resume()} to stop; callable from any thread. */
    public void suspend() {
        suspendRequested = true;
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
        suspendRequested = false;
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, cta, null, null, null, null));
        while (true) {
            boolean ran = false;
            for (int i = 0; i < cta.warpCount(); i++) {
                Warp w = cta.warp(i);
                if (w.state() != WarpState.READY) {
                    continue;
                }
                ran = true;
                boolean skip = w == lastStopWarp && w.pc() == lastStopPc;
                Cta.Stop s = runBudgeted(w, SLICE, true, skip);
                if (s == Cta.Stop.BREAKPOINT) {
                    selectedWarp = i;
                    return stopped(DebugEvent.Kind.SUSPENDED_BREAKPOINT, w, breakpointAt(w));
                }
                if (s == Cta.Stop.FAULT) {
                    return faulted(w);
                }
            }
            if (!ran && !cta.resolveBlocked()) {
                DebugEvent e = finishCta();
                if (e != null) {
                    return e;
                }
            }
            if (suspendRequested) {
                suspendRequested = false;
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, selectedWarp(), null);
            }
        }
    }

    /** Steps by {@code unit} in {@code scope}; returns the event that ended the step. */
    public DebugEvent step(StepScope scope, StepUnit unit) {
        checkRunnable();
        fire(new DebugEvent(DebugEvent.Kind.RESUMED, cta, null, null, null, null));
        List<Warp> targets = new ArrayList<>();
        if (scope == StepScope.WARP) {
            targets.add(selectedWarp());
        } else {
            for (int i = 0; i < cta.warpCount(); i++) {
                targets.add(cta.warp(i));
            }
        }
        for (Warp w : targets) {
            DebugEvent e = unit == StepUnit.INSTRUCTION ? stepInstruction(w) : stepLine(w);
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
        return stopped(DebugEvent.Kind.SUSPENDED_STEP, selectedWarp(), null);
    }

    /** One instruction of {@code w}; runs other warps when it waits at a barrier. Null when fine. */
    private DebugEvent stepInstruction(Warp w) {
        if (w.state() == WarpState.EXITED) {
            return null;
        }
        if (w.state() == WarpState.AT_BARRIER) {
            DebugEvent e = runOthersUntilReleased(w);
            if (e != null || w.state() != WarpState.READY) {
                return e;
            }
            return null;
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

    /** Steps {@code w} until it is on another source line at the same or a shallower depth. */
    private DebugEvent stepLine(Warp w) {
        int depth = w.depth();
        SourceLocation start = w.sourceLocation();
        while (w.state() != WarpState.EXITED) {
            DebugEvent e = stepInstruction(w);
            if (e != null) {
                return e;
            }
            if (suspendRequested) {
                suspendRequested = false;
                return stopped(DebugEvent.Kind.SUSPENDED_REQUEST, w, null);
            }
            if (w.state() != WarpState.READY) {
                continue;
            }
            SourceLocation now = w.sourceLocation();
            // .loc line 0 marks compiler-generated code that belongs to no line: never a stop.
            if (w.depth() < depth || (w.depth() == depth && now != null && now.line() != 0
                    && (start == null || now.line() != start.line() || !now.file().equals(start.file())))) {
                return null;
            }
        }
        return null;
    }

    /** Runs the other warps until {@code waiting} leaves its barrier. */
    private DebugEvent runOthersUntilReleased(Warp waiting) {
        while (waiting.state() == WarpState.AT_BARRIER) {
            boolean ran = false;
            for (int i = 0; i < cta.warpCount(); i++) {
                Warp o = cta.warp(i);
                if (o.state() != WarpState.READY) {
                    continue;
                }
                ran = true;
                Cta.Stop s = runBudgeted(o, SLICE, true, o == lastStopWarp && o.pc() == lastStopPc);
                if (s == Cta.Stop.BREAKPOINT) {
                    selectedWarp = i;
                    return stopped(DebugEvent.Kind.SUSPENDED_BREAKPOINT, o, breakpointAt(o));
                }
                if (s == Cta.Stop.FAULT) {
                    return faulted(o);
                }
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
        warpInstructions += used;
        threadInstructions += cta.threadInstructions() - ti;
        budgetLeft -= used;
        if (budgetLeft <= 0 && s != Cta.Stop.EXITED && s != Cta.Stop.FAULT) {
            budgetExhausted = w;
            return Cta.Stop.FAULT;
        }
        return s;
    }

    private Warp budgetExhausted;

    private DebugEvent stopped(DebugEvent.Kind kind, Warp w, Breakpoint b) {
        lastStopWarp = w;
        lastStopPc = w.pc();
        return fire(new DebugEvent(kind, cta, w, b, null, null));
    }

    private DebugEvent faulted(Warp w) {
        Fault f = cta.fault();
        if (f == null && budgetExhausted != null) {
            Warp bw = budgetExhausted;
            Instruction in = bw.instruction();
            f = new Fault(FaultKind.INSTRUCTION_BUDGET, "the session issued its budget of "
                    + launch.options().instructionBudget() + " warp instructions", null, 0, 0, cta.index(), bw.id(), -1,
                    null, bw.function() == null ? null : bw.function().name(), in == null ? null : in.text,
                    in == null ? -1 : in.line, in == null ? null : in.location);
        }
        result = new LaunchResult(f, warpInstructions, threadInstructions, System.nanoTime() - startNanos, null);
        return fire(new DebugEvent(DebugEvent.Kind.FAULT, cta, w, null, f, result));
    }

    /** After the resident CTA finished: starts the next one, or ends the launch. */
    private DebugEvent finishCta() {
        if (cta.fault() != null) {
            return faulted(cta.warp(0));
        }
        int next = cta.linearIndex() + 1;
        if (next >= launch.ctaCount()) {
            result = new LaunchResult(null, warpInstructions, threadInstructions, System.nanoTime() - startNanos, null);
            return fire(new DebugEvent(DebugEvent.Kind.EXITED, cta, null, null, null, result));
        }
        cta = launch.newCta(next);
        cta.setBreakpoints(marks);
        selectedWarp = 0;
        lastStopWarp = null;
        return null;
    }

    // ------------------------------------------------------------------ memory

    /**
     * Reads {@code length} bytes of {@code space} at {@code address} as seen by lane
     * {@code lane} of warp {@code warp} of the resident CTA (the context only matters for
     * shared, local, generic and call-param spaces). A generic address is resolved through
     * the windows of {@link GenericWindows}.
     */
    public byte[] read(AddressSpace space, long address, int length, int warp, int lane) {
        if (length < 0 || length > 1 << 24) {
            throw new IllegalArgumentException("bad read length " + length);
        }
        switch (space) {
            case GLOBAL:
                return launch.module().device().read(address, length);
            case CONST: {
                byte[] bank = launch.module().constBank();
                check(space, address, length, bank.length);
                byte[] out = new byte[length];
                System.arraycopy(bank, (int) address, out, 0, length);
                return out;
            }
            case SHARED:
                return cta.readShared(address, length);
            case LOCAL:
                return cta.warp(warp).readLocal(lane, address, length);
            case PARAM: {
                byte[] p = launch.paramBuffer();
                check(space, address, length, p.length);
                byte[] out = new byte[length];
                System.arraycopy(p, (int) address, out, 0, length);
                return out;
            }
            default: {
                AddressSpace s = GenericWindows.resolve(address);
                return read(s, s == AddressSpace.GLOBAL ? address : address - GenericWindows.base(s), length, warp, lane);
            }
        }
    }

    /** Writes bytes; const and param spaces are read-only. */
    public void write(AddressSpace space, long address, byte[] bytes, int warp, int lane) {
        switch (space) {
            case GLOBAL:
                launch.module().device().write(address, bytes);
                return;
            case SHARED:
                cta.writeShared(address, bytes);
                return;
            case LOCAL:
                cta.warp(warp).writeLocal(lane, address, bytes);
                return;
            case CONST:
            case PARAM:
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, address, bytes.length, null);
            default: {
                AddressSpace s = GenericWindows.resolve(address);
                write(s, s == AddressSpace.GLOBAL ? address : address - GenericWindows.base(s), bytes, warp, lane);
            }
        }
    }

    private static void check(AddressSpace space, long address, int length, int size) {
        if (address < 0 || address + length > size) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, space, address, length,
                    "space has " + size + " bytes");
        }
    }

    /** Runs a launch to its end without stopping; convenience for tools. */
    public static LaunchResult runToEnd(Launch launch) {
        DebugSession s = new DebugSession(launch);
        DebugEvent e;
        do {
            e = s.resume();
        } while (e.isSuspended());
        return s.result();
    }

    /** Options suited to debugging: one worker and the given budget. */
    public static ExecOptions options(long budget) {
        return new ExecOptions(budget, 1, false);
    }
}
