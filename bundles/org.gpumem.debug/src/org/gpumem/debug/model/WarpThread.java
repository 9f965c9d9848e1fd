package org.gpumem.debug.model;

import org.gpumem.debug.core.CudaFocus;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IThread;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.StepKind;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.model.Context;
import org.gpumem.model.Scope;
import org.gpumem.sim.Fault;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.debug.CallFrame;

/**
 * One warp, labelled {@code CTA (x,y,z) warp n}. Its frames show the variables of the lane
 * index of the session's focus ({@link KernelFocus}; where that lane holds no thread of this
 * warp, the lowest active lane), which the user changes through the {@code (lane)} variable of
 * any frame or {@link #setFocusedLane}.
 *
 * <p>Threads: the state comes from the last stop ({@link #update}, on the session executor);
 * getters never touch the simulator; step commands enqueue and return.
 */
public final class WarpThread extends KernelDebugElement implements IThread {
    private final WarpId id;
    private volatile WarpStatus status;
    private volatile List<PtxStackFrame> frames = List.of();
    private volatile long generation;

    WarpThread(KernelDebugTarget target, WarpId id) {
        super(target);
        this.id = id;
    }

    public WarpId warpId() {
        return id;
    }

    /** The warp as of the last stop. */
    public WarpStatus status() {
        return status;
    }

    void update(WarpStatus s, long stopGeneration) {
        status = s;
        generation = stopGeneration;
        List<PtxStackFrame> old = frames;
        List<PtxStackFrame> next = new ArrayList<>();
        for (CallFrame f : s.frames()) {
            PtxStackFrame reuse = null;
            for (PtxStackFrame o : old) {
                if (o.callFrame().level() == f.level() && o.callFrame().function().equals(f.function())) {
                    reuse = o;
                    break;
                }
            }
            if (reuse != null) {
                reuse.update(f);
                next.add(reuse);
            } else {
                next.add(new PtxStackFrame(this, f));
            }
        }
        frames = List.copyOf(next);
    }

    long generation() {
        return generation;
    }

    /** The lane whose variables the frames show. */
    public int focusedLane() {
        return kernelTarget().focus().laneShownBy(status);
    }

    /**
     * Focuses {@code lane} of this warp ({@link KernelFocus#set(LaneId)}): the frames show its
     * variables from now on, and the Debug view selects this warp.
     *
     * @throws DebugException if the lane holds no thread of the CTA
     */
    public void setFocusedLane(int lane) throws DebugException {
        kernelTarget().focus().set(new LaneId(id, lane));
    }

    /** The warp's subgroup. */
    @Override
    protected Context modelContext(StopMemoryState stop) {
        return stop.context(Scope.SUBGROUP, lane());
    }

    void invalidateVariables() {
        for (PtxStackFrame f : frames) {
            f.invalidateVariables();
        }
    }

    /** The focused lane. */
    public LaneId lane() {
        return new LaneId(id, focusedLane());
    }

    @Override
    public IStackFrame[] getStackFrames() {
        return isSuspended() ? frames.toArray(new IStackFrame[0]) : new IStackFrame[0];
    }

    /** The innermost frame, or null. */
    public PtxStackFrame topFrame() {
        List<PtxStackFrame> f = frames;
        return f.isEmpty() ? null : f.get(0);
    }

    @Override
    public boolean hasStackFrames() {
        return isSuspended() && !frames.isEmpty();
    }

    @Override
    public int getPriority() {
        return 0;
    }

    @Override
    public IStackFrame getTopStackFrame() {
        return isSuspended() ? topFrame() : null;
    }

    /** Whether the session's CUDA focus is on this warp. */
    public boolean hasFocus() {
        CudaFocus focus = kernelTarget().focus().current();
        return focus != null && focus.lane().warp().equals(id);
    }

    @Override
    public String getName() {
        StringBuilder sb = new StringBuilder(id.label());
        WarpStatus s = status;
        if (s == null) {
            return sb.toString();
        }
        sb.append(" lane ").append(focusedLane());
        if (hasFocus()) {
            sb.append(" \u25c9 focus");
        }
        Fault fault = faultOfThisWarp();
        if (fault != null) {
            sb.append(" (Faulted: ").append(fault.message()).append(')');
        } else if (s.state() == WarpState.EXITED) {
            sb.append(" (Exited)");
        } else if (isSuspended()) {
            sb.append(" (Suspended");
            Stop stop = kernelTarget().lastStop();
            if (stop != null && id.equals(stop.warp())) {
                sb.append(stop.reason() == StopReason.BREAKPOINT ? ": breakpoint" : stop.reason() == StopReason.STEP ? ": step" : "");
                if (stop.finding() != null) {
                    sb.append(": ").append(findingLabel(stop.finding()));
                }
                if (stop.watch() != null) {
                    sb.append(": watchpoint ").append(stop.watch().watch().label()).append(stop.watch().wrote() ? " written" : " read")
                            .append(" by lane ").append(stop.watch().lane().lane()).append(", old = ")
                            .append(stop.watch().formatBefore()).append(", new = ").append(stop.watch().formatAfter());
                }
            }
            if (s.state() == WarpState.AT_BARRIER) {
                sb.append(", at barrier");
            }
            sb.append(String.format(", active 0x%08x", s.activeMask())).append(')');
        } else {
            sb.append(" (Running)");
        }
        return sb.toString();
    }

    /** A finding in a thread's label: the tool and class, and the access's line and lane ({@code racecheck: read-after-write race at checks.cu:16, lane 0}). */
    static String findingLabel(Finding f) {
        StringBuilder sb = new StringBuilder(f.kind().tool().cliName()).append(": ").append(f.kind().description());
        Access a = f.access();
        if (a != null) {
            if (!a.briefWhere().isEmpty()) {
                sb.append(" at ").append(a.briefWhere());
            }
            if (a.lane() >= 0) {
                sb.append(", lane ").append(a.lane());
            }
        }
        return sb.toString();
    }

    /** The fault report when this warp caused the fault that stopped the kernel, else null. */
    public Fault faultOfThisWarp() {
        Stop stop = kernelTarget().lastStop();
        return stop != null && stop.fault() != null && id.equals(stop.warp()) ? stop.fault() : null;
    }

    @Override
    public IBreakpoint[] getBreakpoints() {
        Stop stop = kernelTarget().lastStop();
        PtxStackFrame top = topFrame();
        if (stop != null && stop.watch() != null && id.equals(stop.warp())) {
            KernelWatchpoint w = kernelTarget().watchpointOf(stop.watch());
            return w == null ? new IBreakpoint[0] : new IBreakpoint[] {w};
        }
        if (stop == null || stop.reason() != StopReason.BREAKPOINT || !id.equals(stop.warp()) || top == null) {
            return new IBreakpoint[0];
        }
        CallFrame f = top.callFrame();
        return kernelTarget().breakpointsAt(f.source() == null ? null : f.source().file(),
                f.source() == null ? -1 : f.source().line(), f.ptxLine());
    }

    // ------------------------------------------------------------------ run control

    @Override
    public boolean canResume() {
        return getDebugTarget().canResume();
    }

    @Override
    public boolean canSuspend() {
        return getDebugTarget().canSuspend();
    }

    @Override
    public boolean isSuspended() {
        return getDebugTarget().isSuspended();
    }

    @Override
    public void resume() throws DebugException {
        getDebugTarget().resume();
    }

    @Override
    public void suspend() throws DebugException {
        getDebugTarget().suspend();
    }

    private boolean canStep() {
        WarpStatus s = status;
        return canResume() && s != null && s.state() != WarpState.EXITED && !s.frames().isEmpty();
    }

    @Override
    public boolean canStepInto() {
        return canStep();
    }

    @Override
    public boolean canStepOver() {
        return canStep();
    }

    @Override
    public boolean canStepReturn() {
        WarpStatus s = status;
        return canStep() && s.frames().size() > 1;
    }

    @Override
    public boolean isStepping() {
        return false;
    }

    @Override
    public void stepInto() throws DebugException {
        kernelTarget().step(this, StepKind.INTO);
    }

    @Override
    public void stepOver() throws DebugException {
        kernelTarget().step(this, StepKind.OVER);
    }

    @Override
    public void stepReturn() throws DebugException {
        kernelTarget().step(this, StepKind.RETURN);
    }

    @Override
    public boolean canTerminate() {
        return getDebugTarget().canTerminate();
    }

    @Override
    public boolean isTerminated() {
        return getDebugTarget().isTerminated();
    }

    @Override
    public void terminate() throws DebugException {
        getDebugTarget().terminate();
    }
}
