package org.gpumem.debug.model;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IThread;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.Focus;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.sim.Dim3;

/**
 * The debug core's {@link Focus} of a target's session in the platform's terms: its refusals are
 * {@link DebugException}s, a selection in the Debug view ({@link #followSelection}) moves it, and
 * each change becomes debug events. Every warp's frames show the variables of the focused lane
 * index, and the target's memory blocks are bound to the focus, so they follow it.
 *
 * <p>Events of a change: the blocks whose context changed fire CHANGE; every thread fires a
 * state CHANGE when the lane index changed (their labels name it), else the threads the focus
 * left and reached do (the focused one is marked); an explicit {@link #set} fires a content
 * CHANGE for the focused warp (its frames show another lane, or are read again); the target fires
 * a state CHANGE whose data is the new {@link CudaFocus}, on which the UI selects the focused
 * warp in the Debug view (the debug context the Variables view shows) and views follow the focus.
 * At a stop only the blocks move: the stop's own event set tells the views.
 *
 * <p>Threads: any thread may read or set the focus; a change reads nothing of the simulator.
 */
public final class KernelFocus implements Focus.Listener {
    private final KernelDebugTarget target;
    private final Focus focus;

    KernelFocus(KernelDebugTarget target, Focus focus) {
        this.target = target;
        this.focus = focus;
        focus.addListener(this);
    }

    /** The focus, or null before the first stop and after the kernel ended. */
    public CudaFocus current() {
        return focus.current();
    }

    /** The lane whose variables {@code warp}'s frames show: the focused lane index where it holds a thread. */
    int laneShownBy(WarpStatus warp) {
        return focus.laneShownBy(warp);
    }

    /** Why {@code thread} of CTA {@code cta} cannot be the focus now, or null when it can ({@link Focus#check}). */
    public String check(Dim3 cta, Dim3 thread) {
        return focus.check(cta, thread);
    }

    /** Focuses thread {@code thread} of CTA {@code cta}. */
    public void set(Dim3 cta, Dim3 thread) throws DebugException {
        try {
            focus.set(cta, thread);
        } catch (IllegalArgumentException e) {
            throw new DebugException(Status.error(e.getMessage()));
        }
    }

    /** Focuses {@code lane} (a warp of a resident CTA). */
    public void set(LaneId lane) throws DebugException {
        try {
            focus.set(lane);
        } catch (IllegalArgumentException e) {
            throw new DebugException(Status.error(e.getMessage()));
        }
    }

    /**
     * The Debug view selected {@code thread} (or one of its frames): the focus moves to its warp.
     * A selection while the kernel runs, or of a warp without frames, moves nothing.
     */
    public void followSelection(WarpThread thread) {
        focus.follow(thread.warpId());
    }

    @Override
    public void focusChanged(CudaFocus before, CudaFocus next, Focus.Cause cause) {
        if (next == null) {
            return;
        }
        List<DebugEvent> events = new ArrayList<>();
        for (SpaceMemoryBlock b : target.liveBlocks()) {
            if (b.refocus(next.lane()) && cause != Focus.Cause.STOP) {
                events.add(new DebugEvent(b, DebugEvent.CHANGE, DebugEvent.CONTENT));
            }
        }
        if (cause == Focus.Cause.STOP) {
            return;
        }
        boolean explicit = cause == Focus.Cause.REQUEST;
        WarpThread focused = target.thread(next.lane().warp());
        if (explicit && focused != null) {
            // focusing reads the thread's variables again (what the simulator holds now)
            focused.invalidateVariables();
        }
        if (next.equals(before)) {
            fire(List.of(refreshEvent(next)));
            return;
        }
        if (before == null || before.laneIndex() != next.laneIndex()) {
            for (IThread t : target.getThreads()) {
                events.add(new DebugEvent(t, DebugEvent.CHANGE, DebugEvent.STATE));
            }
        } else if (!before.lane().warp().equals(next.lane().warp())) {
            // the focus mark moves from one thread's label to the other's
            for (WarpId warp : List.of(before.lane().warp(), next.lane().warp())) {
                WarpThread t = target.thread(warp);
                if (t != null) {
                    events.add(new DebugEvent(t, DebugEvent.CHANGE, DebugEvent.STATE));
                }
            }
        }
        if (explicit) {
            events.add(refreshEvent(next));
        }
        DebugEvent focusChanged = new DebugEvent(target, DebugEvent.CHANGE, DebugEvent.STATE);
        focusChanged.setData(next);
        events.add(focusChanged);
        fire(events);
    }

    /** The focused warp's frames changed content: the Variables view reads them again. */
    private DebugEvent refreshEvent(CudaFocus focused) {
        WarpThread t = target.thread(focused.lane().warp());
        return new DebugEvent(t != null ? t : target, DebugEvent.CHANGE, DebugEvent.CONTENT);
    }

    private static void fire(List<DebugEvent> events) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null && !events.isEmpty()) {
            plugin.fireDebugEventSet(events.toArray(new DebugEvent[0]));
        }
    }
}
