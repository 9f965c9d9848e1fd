package org.gpumem.sim.exec;

import java.util.Arrays;

/**
 * Independent thread scheduling (PTX for sm_70 and later): every thread has its own program
 * counter, and the divergent paths of a warp progress independently. The interpreter keeps the
 * reconvergence stack of the pre-Volta model as what groups lanes that issue together, and adds:
 * <ul>
 * <li>lanes that wait (at a CTA barrier, at a warp-synchronous instruction for lanes that are
 * elsewhere) are split from the rest of their path, which goes on;
 * <li>a path that has issued {@link #YIELD_INSTRUCTIONS} since it was scheduled yields at its next
 * backward branch when other lanes of the warp could run: the lanes of its stack outside its top
 * entry become a path of their own, and the scheduler moves on, so that a spin lock or a
 * producer/consumer flag between the lanes of one warp completes;
 * <li>a path that reaches a reconvergence point waits there for another path still inside the
 * same divergent region, unless that one yields or nothing else can run; paths in the same state
 * (same activations, same stack entries) become one again.
 * </ul>
 * Scheduling is deterministic: the paths run in turn in the order they were made, and every
 * decision depends only on issued-instruction counts, which both engines count alike (a yield is
 * taken at a branch, which no compiled block holds). Operations on parked paths ({@link #park})
 * read every path from {@link Warp#paths}.
 */
final class WarpPaths {
    /**
     * Instructions a path issues before it yields at a backward branch to the other paths of its
     * warp. Large enough that ordinary divergent loops reconverge before it (each yield can
     * split a path), small enough that a lane spinning on another lane of its warp gives way soon.
     */
    static final long YIELD_INSTRUCTIONS = 1024;

    private WarpPaths() {
    }

    /** Writes the running path's frames, depth and schedule time back into its {@link WarpPath}. */
    static void park(Warp w) {
        WarpPath p = w.paths[w.current];
        p.frames = w.frames;
        p.depth = w.depth;
        p.scheduledAt = w.scheduledAt;
    }

    /** Makes {@link Warp#current}'s path the running one again (after {@link #park}). */
    static void unpark(Warp w) {
        WarpPath p = w.paths[w.current];
        w.frames = p.frames;
        w.depth = p.depth;
        w.scheduledAt = p.scheduledAt;
    }

    /** One path holding the warp's frames (a CTA starts). */
    static void reset(Warp w) {
        Arrays.fill(w.paths, null);
        w.paths[0] = new WarpPath(w.frames, w.depth);
        w.pathCount = 1;
        w.current = 0;
        w.scheduledAt = 0;
    }

    /**
     * Splits the running path: {@code keep}, lanes of its top entry, stay; the rest become a
     * path of their own, scheduled after it. Lanes of the rest that had left an activation the
     * path is still in (returned, or not calling: guarded off) go on after the call, their return
     * values copied. Returns the new path, or null when there was no other lane.
     */
    static WarpPath split(Warp w, int keep) {
        park(w);
        WarpPath p = w.paths[w.current];
        int rest = p.lanes() & ~keep;
        if (rest == 0) {
            return null;
        }
        Frame[] frames = new Frame[Math.max(4, p.depth)];
        int depth = 0;
        boolean callingEntry = false;
        for (int k = 0; k < p.depth; k++) {
            Frame f = p.frames[k];
            if ((f.lanes() & rest) == 0) {
                break;
            }
            callingEntry = (f.smask[f.sp - 1] & rest) != 0;
            frames[depth++] = f.split(rest);
        }
        if (depth < p.depth && callingEntry) {
            // The rest's top entry is the one that made the call at this level: past it.
            Frame caller = frames[depth - 1];
            Frame callee = p.frames[depth];
            caller.spc[caller.sp - 1] = callee.callIndex + 1;
            Interpreter.copyReturns(callee, caller, rest & callee.entryMask & w.liveMask);
        }
        WarpPath q = new WarpPath(frames, depth);
        q.scheduledAt = p.scheduledAt;
        insert(w, w.current + 1, q);
        unpark(w);
        return q;
    }

    private static void insert(Warp w, int at, WarpPath q) {
        if (w.pathCount == w.paths.length) {
            w.paths = Arrays.copyOf(w.paths, w.pathCount * 2);
        }
        System.arraycopy(w.paths, at, w.paths, at + 1, w.pathCount - at);
        w.paths[at] = q;
        w.pathCount++;
    }

    private static void remove(Warp w, int i) {
        System.arraycopy(w.paths, i + 1, w.paths, i, w.pathCount - i - 1);
        w.pathCount--;
        w.paths[w.pathCount] = null;
        if (i < w.current) {
            w.current--;
        }
    }

    /** Drops the running path, whose lanes all exited; the path after it becomes current. */
    static void endCurrent(Warp w) {
        int i = w.current;
        System.arraycopy(w.paths, i + 1, w.paths, i, w.pathCount - i - 1);
        w.pathCount--;
        w.paths[w.pathCount] = null;
        // the one after it, which schedule() looks at last: step back so it starts there
        w.current = (i + w.pathCount - 1) % w.pathCount;
        unpark(w);
    }

    /** Joins every two paths in the same state (parked). */
    private static void mergeAll(Warp w) {
        for (int i = 0; i < w.pathCount; i++) {
            for (int j = i + 1; j < w.pathCount;) {
                WarpPath a = w.paths[i], b = w.paths[j];
                if (a.sameState(b)) {
                    for (int k = 0; k < a.depth; k++) {
                        a.frames[k].join(b.frames[k]);
                    }
                    if (j == w.current) {
                        w.current = i;
                    }
                    remove(w, j);
                } else {
                    j++;
                }
            }
        }
    }

    /**
     * Picks the path that runs next: the first that can, in turn after the running one (which
     * comes last). Joins paths in the same state first, and ends reconvergence waits that no
     * path can end any more, or all of them when no path could run otherwise. False when every
     * path waits (at a barrier or a warp-synchronous instruction); {@code now} is the warp's
     * issued-instruction count.
     */
    static boolean schedule(Warp w, long now) {
        park(w);
        mergeAll(w);
        for (int i = 0; i < w.pathCount; i++) {
            WarpPath p = w.paths[i];
            if (p.waits() == Frame.AT_RECONVERGENCE && !partnerBehind(w, p)) {
                run(p);
            }
        }
        int next = nextRunnable(w);
        if (next < 0 && releaseReconvergenceWaits(w)) {
            next = nextRunnable(w);
        }
        if (next >= 0) {
            w.current = next;
            w.paths[next].scheduledAt = now;
        }
        unpark(w);
        return next >= 0;
    }

    private static int nextRunnable(Warp w) {
        for (int d = 1; d <= w.pathCount; d++) {
            int i = (w.current + d) % w.pathCount;
            if (w.paths[i].runnable()) {
                return i;
            }
        }
        return -1;
    }

    private static void run(WarpPath p) {
        Frame f = p.top();
        f.swait[f.sp - 1] = Frame.RUNS;
    }

    private static boolean releaseReconvergenceWaits(Warp w) {
        boolean any = false;
        for (int i = 0; i < w.pathCount; i++) {
            if (w.paths[i].waits() == Frame.AT_RECONVERGENCE) {
                run(w.paths[i]);
                any = true;
            }
        }
        return any;
    }

    /**
     * After the running path popped an entry (reached a reconvergence point): joins a path in
     * the same state, or, while another path that can run is still inside the region this entry
     * reconverges, makes the running path wait for it.
     */
    static void reconverge(Warp w) {
        park(w);
        mergeAll(w);
        WarpPath p = w.paths[w.current];
        if (p.depth > 0 && partnerBehind(w, p)) {
            Frame f = p.top();
            f.swait[f.sp - 1] = Frame.AT_RECONVERGENCE;
        }
        unpark(w);
    }

    /**
     * Whether a path other than {@code p} that can run is in the activation of {@code p}'s top
     * Frame with the same entries up to {@code p}'s top one and more above it: it will come to
     * where {@code p} is (parked).
     */
    private static boolean partnerBehind(Warp w, WarpPath p) {
        int k = p.depth - 1;
        Frame f = p.frames[k];
        int top = f.sp - 1;
        for (int n = 0; n < w.pathCount; n++) {
            WarpPath z = w.paths[n];
            if (z == p || !z.runnable() || z.depth <= k) {
                continue;
            }
            Frame g = z.frames[k];
            if (g.regs != f.regs || g.sp <= top || z.depth == k + 1 && g.sp == top + 1) {
                continue;
            }
            boolean same = true;
            for (int i = 0; i <= top && same; i++) {
                same = g.spc[i] == f.spc[i] && g.srpc[i] == f.srpc[i];
            }
            if (same) {
                return true;
            }
        }
        return false;
    }

    /**
     * At a backward branch, once the running path has issued {@link #YIELD_INSTRUCTIONS} since it
     * was scheduled: when other lanes of the warp could run, the lanes outside its top entry
     * become a path of their own, reconvergence waits end, and the next path runs. True if the
     * scheduler moved on (the running path may be another now).
     */
    static boolean yield(Warp w, long now) {
        w.scheduledAt = now;
        Frame f = w.frames[w.depth - 1];
        int top = f.smask[f.sp - 1];
        int lanes = w.frames[0].lanes();
        boolean others = lanes != top;
        park(w);
        for (int i = 0; i < w.pathCount && !others; i++) {
            WarpPath p = w.paths[i];
            others = i != w.current && (p.runnable() || p.waits() == Frame.AT_RECONVERGENCE);
        }
        if (!others) {
            return false;
        }
        releaseReconvergenceWaits(w);
        if (lanes != top) {
            split(w, top);
        }
        return schedule(w, now);
    }

    /**
     * The running path's top entry waits (a barrier, a warp-synchronous instruction): its other
     * lanes become a path of their own, which runs on.
     */
    static void waitApart(Warp w) {
        Frame f = w.frames[w.depth - 1];
        split(w, f.smask[f.sp - 1]);
    }

    /** Lanes of every path whose top entry waits with {@code kind}. */
    static int waitingLanes(Warp w, byte kind) {
        park(w);
        int lanes = 0;
        for (int i = 0; i < w.pathCount; i++) {
            WarpPath p = w.paths[i];
            if (p.waits() == kind) {
                Frame f = p.top();
                lanes |= f.smask[f.sp - 1];
            }
        }
        return lanes;
    }
}
