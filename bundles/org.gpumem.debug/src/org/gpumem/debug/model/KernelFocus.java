package org.gpumem.debug.model;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.gpumem.debug.engine.LaneId;
import org.gpumem.debug.engine.Stop;
import org.gpumem.debug.engine.WarpId;
import org.gpumem.debug.engine.WarpStatus;
import org.gpumem.debug.memory.SpaceMemoryBlock;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.Dim3;

/**
 * The CUDA focus of one debug session ({@link CudaFocus}), the one place that holds it. It is set
 * by a selection in the Debug view (the selected warp, {@link #followSelection}), by
 * {@link #set(Dim3, Dim3)} (cuda-gdb's {@code cuda block (x,y,z) thread (x,y,z)}: the focus
 * dialog) and by {@link #set(LaneId)} (a lane clicked in the lanes grid, the {@code (lane)}
 * variable); at a stop it moves to the warp that stopped, keeping its lane index where that lane
 * holds a thread. Every warp's frames show the variables of the focused lane index, and the
 * target's memory blocks are bound to the focus, so they follow it.
 *
 * <p>Events of a change: the blocks whose context changed fire CHANGE; every thread fires a
 * state CHANGE when the lane index changed (their labels name it), else the threads the focus
 * left and reached do (the focused one is marked); {@link #set} fires a content
 * CHANGE for the focused warp (its frames show another lane, or are read again); the target fires
 * a state CHANGE whose data is the new {@link CudaFocus}, on which the UI selects the focused
 * warp in the Debug view (the debug context the Variables view shows) and views follow the focus.
 *
 * <p>Threads: any thread may read or set the focus; a change reads nothing of the simulator.
 */
public final class KernelFocus {
    private final KernelDebugTarget target;
    private volatile CudaFocus current;
    /** Every warp of the resident CTAs at the last stop. */
    private volatile List<WarpStatus> warps = List.of();

    KernelFocus(KernelDebugTarget target) {
        this.target = target;
    }

    /** The focus, or null before the first stop and after the kernel ended. */
    public CudaFocus current() {
        return current;
    }

    /** The lane whose variables {@code warp}'s frames show: the focused lane index where it holds a thread. */
    int laneShownBy(WarpStatus warp) {
        CudaFocus f = current;
        if (warp == null) {
            return f == null ? 0 : f.laneIndex();
        }
        return f != null && (warp.validMask() & (1 << f.laneIndex())) != 0 ? f.laneIndex() : warp.defaultLane();
    }

    /**
     * Why {@code thread} of CTA {@code cta} cannot be the focus now (outside the grid or the block,
     * a CTA not resident, a warp that exited), or null when it can.
     */
    public String check(Dim3 cta, Dim3 thread) {
        Dim3 grid = target.grid();
        Dim3 block = target.block();
        String ctaTerm = Contexts.term(target.engineTarget(), Scope.WORK_GROUP);
        if (grid == null || warps.isEmpty() || !target.isSuspended()) {
            return "the kernel is not stopped";
        }
        if (!inside(cta, grid)) {
            return ctaTerm + " " + cta + " is outside the grid " + grid;
        }
        if (!inside(thread, block)) {
            return "thread " + thread + " is outside the block " + block;
        }
        WarpStatus warp = status(CudaFocus.of(cta, thread, block, target.engineTarget()).lane().warp());
        if (warp == null) {
            return ctaTerm + " " + cta + " is not resident: " + residentText(cta, grid);
        }
        if (warp.frames().isEmpty()) {
            return "thread " + thread + " of " + ctaTerm + " " + cta + " has exited";
        }
        return null;
    }

    /** Focuses thread {@code thread} of CTA {@code cta}. */
    public void set(Dim3 cta, Dim3 thread) throws DebugException {
        String problem = check(cta, thread);
        if (problem != null) {
            throw new DebugException(Status.error(problem));
        }
        change(CudaFocus.of(cta, thread, target.block(), target.engineTarget()), true);
    }

    /** Focuses {@code lane} (a warp of a resident CTA). */
    public void set(LaneId lane) throws DebugException {
        WarpStatus warp = status(lane.warp());
        if (!target.isSuspended()) {
            throw new DebugException(Status.error("the kernel is not stopped"));
        }
        if (warp == null || warp.frames().isEmpty()) {
            throw new DebugException(Status.error(lane.warp().label() + " is not a stopped warp of a resident "
                    + Contexts.term(target.engineTarget(), Scope.WORK_GROUP)));
        }
        if (lane.lane() < 0 || lane.lane() >= target.engineTarget().getSubgroupSize() || (warp.validMask() & (1 << lane.lane())) == 0) {
            throw new DebugException(Status.error("lane " + lane.lane() + " holds no thread of " + lane.warp().label()));
        }
        change(CudaFocus.of(lane, target.block(), target.engineTarget()), true);
    }

    /**
     * The Debug view selected {@code thread} (or one of its frames): the focus moves to its warp.
     * A selection while the kernel runs (the platform selects a thread that resumes) or of a warp
     * without frames moves nothing: the next stop sets the focus.
     */
    public void followSelection(WarpThread thread) {
        CudaFocus f = current;
        if (f == null || f.lane().warp().equals(thread.warpId()) || !target.isSuspended() || !thread.hasStackFrames()) {
            return;
        }
        change(CudaFocus.of(new LaneId(thread.warpId(), laneShownBy(thread.status())), target.block(), target.engineTarget()),
                false);
    }

    /**
     * A stop recorded {@code stopped}, the warps of the resident CTAs (on the session executor,
     * before the stop's events): the focus moves to the warp that stopped, else stays where it
     * was while that warp is resident, else goes to the first warp with frames.
     */
    void stopped(Stop stop, List<WarpStatus> stopped) {
        warps = List.copyOf(stopped);
        CudaFocus f = current;
        WarpStatus next = stop.warp() != null ? status(stop.warp()) : null;
        if ((next == null || next.frames().isEmpty()) && f != null) {
            next = status(f.lane().warp());
        }
        if (next == null || next.frames().isEmpty()) {
            next = stopped.stream().filter(w -> !w.frames().isEmpty()).findFirst().orElse(null);
        }
        current = next == null ? null
                : CudaFocus.of(new LaneId(next.id(), laneShownBy(next)), target.block(), target.engineTarget());
        for (SpaceMemoryBlock b : target.liveBlocks()) {
            if (current != null) {
                b.refocus(current.lane());
            }
        }
    }

    /** The kernel ended: nothing to focus. */
    void ended() {
        current = null;
        warps = List.of();
    }

    private void change(CudaFocus next, boolean explicit) {
        WarpThread focused = target.thread(next.lane().warp());
        if (explicit && focused != null) {
            // focusing reads the thread's variables again (what the simulator holds now)
            focused.invalidateVariables();
        }
        CudaFocus before = current;
        if (next.equals(before)) {
            if (explicit) {
                fire(List.of(refreshEvent(next)));
            }
            return;
        }
        current = next;
        List<DebugEvent> events = new ArrayList<>();
        for (SpaceMemoryBlock b : target.liveBlocks()) {
            if (b.refocus(next.lane())) {
                events.add(new DebugEvent(b, DebugEvent.CHANGE, DebugEvent.CONTENT));
            }
        }
        if (before == null || before.laneIndex() != next.laneIndex()) {
            for (org.eclipse.debug.core.model.IThread t : target.getThreads()) {
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
    private DebugEvent refreshEvent(CudaFocus focus) {
        WarpThread t = target.thread(focus.lane().warp());
        return new DebugEvent(t != null ? t : target, DebugEvent.CHANGE, DebugEvent.CONTENT);
    }

    private WarpStatus status(WarpId id) {
        for (WarpStatus w : warps) {
            if (w.id().equals(id)) {
                return w;
            }
        }
        return null;
    }

    /** Whether the CTAs' linear order puts {@code cta} before or after the resident ones. */
    private String residentText(Dim3 cta, Dim3 grid) {
        long linear = linear(cta, grid);
        long first = Long.MAX_VALUE;
        long last = -1;
        List<Dim3> resident = new ArrayList<>();
        for (WarpStatus w : warps) {
            long l = linear(w.id().cta(), grid);
            first = Math.min(first, l);
            last = Math.max(last, l);
            if (!resident.contains(w.id().cta())) {
                resident.add(w.id().cta());
            }
        }
        String which = resident.size() <= 4 ? resident.toString().replace("[", "").replace("]", "")
                : resident.get(0) + " .. " + resident.get(resident.size() - 1);
        return (linear < first ? "it has finished" : linear > last ? "it has not started yet" : "it has finished")
                + " (resident now: " + which + ")";
    }

    private static long linear(Dim3 c, Dim3 grid) {
        return c.x() + (long) c.y() * grid.x() + (long) c.z() * grid.x() * grid.y();
    }

    private static boolean inside(Dim3 index, Dim3 extent) {
        return index.x() >= 0 && index.y() >= 0 && index.z() >= 0 && index.x() < extent.x() && index.y() < extent.y()
                && index.z() < extent.z();
    }

    private static void fire(List<DebugEvent> events) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null && !events.isEmpty()) {
            plugin.fireDebugEventSet(events.toArray(new DebugEvent[0]));
        }
    }
}
