package org.gpumem.debug.core;

import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.Dim3;

/**
 * The thread a debug session looks at, as cuda-gdb's {@code cuda block (x,y,z) thread (x,y,z)}
 * names it: a CTA of the grid, and in it a warp and a lane. The session's {@link Focus}
 * holds it; Variables, Variable Locations, Aliases and the memory blocks show this thread's view.
 *
 * @param lane     CTA, warp and lane
 * @param blockDim the launch's block extents, which turn the lane into thread coordinates
 * @param warpSize lanes of a warp: the engine target's subgroup size ({@link Target#getSubgroupSize()})
 */
public record CudaFocus(LaneId lane, Dim3 blockDim, int warpSize) {

    /** The focus on {@code lane} of a launch of {@code target} with blocks of {@code blockDim}. */
    public static CudaFocus of(LaneId lane, Dim3 blockDim, Target target) {
        return new CudaFocus(lane, blockDim, target.getSubgroupSize());
    }

    /** The focus on thread {@code thread} (coordinates in the block) of CTA {@code cta}. */
    public static CudaFocus of(Dim3 cta, Dim3 thread, Dim3 blockDim, Target target) {
        int warpSize = target.getSubgroupSize();
        long linear = thread.x() + (long) thread.y() * blockDim.x() + (long) thread.z() * blockDim.x() * blockDim.y();
        return new CudaFocus(new LaneId(new WarpId(cta, (int) (linear / warpSize)), (int) (linear % warpSize)), blockDim,
                warpSize);
    }

    public Dim3 cta() {
        return lane.cta();
    }

    /** The warp's index in its CTA. */
    public int warp() {
        return lane.warp().warp();
    }

    /** The lane's index in its warp. */
    public int laneIndex() {
        return lane.lane();
    }

    /** The thread's index in its CTA, {@code threadIdx.x + threadIdx.y * blockDim.x + ...}. */
    public int linearThread() {
        return warp() * warpSize + laneIndex();
    }

    /** The thread's coordinates in its CTA ({@code threadIdx}). */
    public Dim3 thread() {
        int t = linearThread();
        return new Dim3(t % blockDim.x(), t / blockDim.x() % blockDim.y(), t / (blockDim.x() * blockDim.y()));
    }

    /**
     * {@code CTA (1,0,0) thread (5,0,0), warp 0 lane 5}: the CTA, warp and lane in the words of
     * {@code target}'s vendor (work-group and wavefront on AMD).
     */
    public String describe(Target target) {
        Dim3 c = cta();
        return Contexts.term(target, Scope.WORK_GROUP) + " " + c + " thread " + thread() + ", "
                + Contexts.term(target, Scope.SUBGROUP) + " " + warp() + " " + Contexts.term(target, Scope.LANE) + " "
                + laneIndex();
    }
}
