package org.gpumem.debug.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.Dim3;

/**
 * The CUDA focus of one {@link DebugSession} ({@link CudaFocus}), the one place that holds it:
 * the thread whose variables, frames and memory every front end shows. cuda-gdb's
 * {@code cuda block (x,y,z) thread (x,y,z)} is {@link #set(Dim3, Dim3)}, refused with the reason
 * by {@link #check}; {@link #set(LaneId)} is one lane (a click in a lanes grid);
 * {@link #follow(WarpId)} is a front end's selection of a warp. At a stop it moves to the warp
 * that stopped, to the lane that made the stop ({@link Stop#lane()}: where a breakpoint's
 * condition held, the lane that wrote a watched byte) or else keeping its lane index where that
 * lane holds a thread; it stays where it was while that warp is resident, else goes to the first
 * warp with frames.
 *
 * <p>Threads: any thread may read or set the focus; a change reads nothing of the simulator (it
 * uses the warps the last stop recorded). Listeners hear every change on the thread that made
 * it: the session's executor for a stop.
 */
public final class Focus {
    /** Why the focus moved. */
    public enum Cause {
        /** The kernel stopped (the session's executor, before the stop's listener runs). */
        STOP,
        /** A front end's selection of a warp ({@link #follow}). */
        SELECTION,
        /** An explicit request ({@link #set}): the focused thread's views read it again even if unchanged. */
        REQUEST
    }

    /** Hears focus changes. */
    public interface Listener {
        /**
         * The focus moved from {@code before} to {@code after} (either may be null: before the first
         * stop, after the end). For {@link Cause#REQUEST} it is also called when they are equal.
         */
        void focusChanged(CudaFocus before, CudaFocus after, Cause cause);
    }

    private final DebugSession session;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile CudaFocus current;

    Focus(DebugSession session) {
        this.session = session;
    }

    public void addListener(Listener l) {
        listeners.add(l);
    }

    public void removeListener(Listener l) {
        listeners.remove(l);
    }

    /** The focus, or null before the first stop and after the kernel ended. */
    public CudaFocus current() {
        return current;
    }

    /** The lane whose variables {@code warp}'s frames show: the focused lane index where it holds a thread. */
    public int laneShownBy(WarpStatus warp) {
        CudaFocus f = current;
        if (warp == null) {
            return f == null ? 0 : f.laneIndex();
        }
        return f != null && (warp.validMask() & (1 << f.laneIndex())) != 0 ? f.laneIndex() : warp.defaultLane();
    }

    /**
     * Why {@code thread} of CTA {@code cta} cannot be the focus now (outside the grid or the block,
     * a CTA not resident, a warp that exited, a kernel that is not stopped), or null when it can.
     */
    public String check(Dim3 cta, Dim3 thread) {
        KernelEngine.Launch launch = session.launch();
        String ctaTerm = Contexts.term(launch.target(), Scope.WORK_GROUP);
        List<WarpStatus> warps = session.stopWarps();
        if (warps.isEmpty() || !session.isSuspended()) {
            return "the kernel is not stopped";
        }
        if (!inside(cta, launch.grid())) {
            return ctaTerm + " " + cta + " is outside the grid " + launch.grid();
        }
        if (!inside(thread, launch.block())) {
            return "thread " + thread + " is outside the block " + launch.block();
        }
        WarpStatus warp = status(warps, CudaFocus.of(cta, thread, launch.block(), launch.target()).lane().warp());
        if (warp == null) {
            return ctaTerm + " " + cta + " is not resident: " + residentText(warps, cta, launch.grid());
        }
        if (warp.frames().isEmpty()) {
            return "thread " + thread + " of " + ctaTerm + " " + cta + " has exited";
        }
        return null;
    }

    /**
     * Focuses thread {@code thread} (coordinates in the block) of CTA {@code cta}.
     *
     * @throws IllegalArgumentException with {@link #check}'s reason when it cannot be the focus
     */
    public CudaFocus set(Dim3 cta, Dim3 thread) {
        String problem = check(cta, thread);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        KernelEngine.Launch launch = session.launch();
        return change(CudaFocus.of(cta, thread, launch.block(), launch.target()), Cause.REQUEST);
    }

    /**
     * Focuses {@code lane} (a warp of a resident CTA).
     *
     * @throws IllegalArgumentException when the kernel is not stopped, the warp is not a stopped
     *         warp of a resident CTA, or the lane holds no thread
     */
    public CudaFocus set(LaneId lane) {
        KernelEngine.Launch launch = session.launch();
        Target target = launch.target();
        if (!session.isSuspended()) {
            throw new IllegalArgumentException("the kernel is not stopped");
        }
        WarpStatus warp = status(session.stopWarps(), lane.warp());
        if (warp == null || warp.frames().isEmpty()) {
            throw new IllegalArgumentException(lane.warp().label() + " is not a stopped warp of a resident "
                    + Contexts.term(target, Scope.WORK_GROUP));
        }
        if (lane.lane() < 0 || lane.lane() >= target.getSubgroupSize() || (warp.validMask() & (1 << lane.lane())) == 0) {
            throw new IllegalArgumentException("lane " + lane.lane() + " holds no thread of " + lane.warp().label());
        }
        return change(CudaFocus.of(lane, launch.block(), target), Cause.REQUEST);
    }

    /**
     * A front end selected {@code warp}: the focus moves to it, at the lane its frames show. A
     * selection while the kernel runs, or of a warp without frames, moves nothing: the next stop
     * sets the focus.
     */
    public void follow(WarpId warp) {
        CudaFocus f = current;
        if (f == null || f.lane().warp().equals(warp) || !session.isSuspended()) {
            return;
        }
        WarpStatus status = status(session.stopWarps(), warp);
        if (status == null || status.frames().isEmpty()) {
            return;
        }
        KernelEngine.Launch launch = session.launch();
        change(CudaFocus.of(new LaneId(warp, laneShownBy(status)), launch.block(), launch.target()), Cause.SELECTION);
    }

    /** The session recorded a stop and its warps (on the executor, before the stop's listener). */
    void stopped(Stop stop, List<WarpStatus> warps) {
        CudaFocus f = current;
        WarpStatus next = stop.warp() != null ? status(warps, stop.warp()) : null;
        if ((next == null || next.frames().isEmpty()) && f != null) {
            next = status(warps, f.lane().warp());
        }
        if (next == null || next.frames().isEmpty()) {
            next = warps.stream().filter(w -> !w.frames().isEmpty()).findFirst().orElse(null);
        }
        KernelEngine.Launch launch = session.launch();
        // the lane that made the stop (a condition held there, it wrote a watched byte), where it has one
        int lane = next != null && stop.lane() >= 0 && next.id().equals(stop.warp()) ? stop.lane()
                : next == null ? 0 : laneShownBy(next);
        change(next == null ? null : CudaFocus.of(new LaneId(next.id(), lane), launch.block(), launch.target()), Cause.STOP);
    }

    /** The kernel ended: nothing to focus. */
    void ended() {
        if (current != null) {
            change(null, Cause.STOP);
        }
    }

    private CudaFocus change(CudaFocus next, Cause cause) {
        CudaFocus before;
        synchronized (this) {
            before = current;
            current = next;
        }
        boolean moved = next == null ? before != null : !next.equals(before);
        if (moved || cause == Cause.REQUEST) {
            for (Listener l : listeners) {
                l.focusChanged(before, next, cause);
            }
        }
        return next;
    }

    private static WarpStatus status(List<WarpStatus> warps, WarpId id) {
        for (WarpStatus w : warps) {
            if (w.id().equals(id)) {
                return w;
            }
        }
        return null;
    }

    /** Whether the CTAs' linear order puts {@code cta} before or after the resident ones. */
    private static String residentText(List<WarpStatus> warps, Dim3 cta, Dim3 grid) {
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
}
