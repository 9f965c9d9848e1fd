package org.gpumem.sim.exec;

/**
 * One path of a warp under independent thread scheduling: lanes that share a program counter
 * and call stack and issue together, with their own Frame per activation (see
 * {@link Frame#split}). A warp that never diverged for long has one. The path the warp runs keeps
 * its frames and depth in {@link Warp#frames} and {@link Warp#depth} while it runs; these fields
 * hold them while it is parked.
 */
final class WarpPath {
    Frame[] frames;
    int depth;
    /** The warp's issued-instruction count when the path last became the one that runs. */
    long scheduledAt;

    WarpPath(Frame[] frames, int depth) {
        this.frames = frames;
        this.depth = depth;
    }

    /** The innermost Frame, or null once every lane of the path exited. */
    Frame top() {
        return depth == 0 ? null : frames[depth - 1];
    }

    /** The lanes of the path. */
    int lanes() {
        return depth == 0 ? 0 : frames[0].lanes();
    }

    /** What the lanes of the top entry wait for ({@link Frame#RUNS} if nothing). */
    byte waits() {
        Frame f = top();
        return f == null || f.sp == 0 ? Frame.RUNS : f.swait[f.sp - 1];
    }

    /** Whether the path can issue. */
    boolean runnable() {
        return depth > 0 && waits() == Frame.RUNS;
    }

    /** Whether the two paths are in the same state but for their lanes. */
    boolean sameState(WarpPath o) {
        if (o.depth != depth || depth == 0) {
            return false;
        }
        for (int k = 0; k < depth; k++) {
            if (!frames[k].sameStack(o.frames[k])) {
                return false;
            }
        }
        return true;
    }
}
