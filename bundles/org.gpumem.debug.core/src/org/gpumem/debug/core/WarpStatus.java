package org.gpumem.debug.core;

import java.util.List;

import org.gpumem.sim.WarpState;
import org.gpumem.sim.debug.CallFrame;

/**
 * A warp as the debugger shows it while the launch is stopped.
 *
 * @param validMask  lanes that hold a thread of the CTA
 * @param liveMask   lanes that have not exited
 * @param activeMask lanes that execute the next instruction
 * @param frames     the call stack, innermost first; empty once the warp exited
 */
public record WarpStatus(WarpId id, WarpState state, int validMask, int liveMask, int activeMask,
        List<CallFrame> frames) {
    public WarpStatus {
        frames = List.copyOf(frames);
    }

    /** The lane the debugger looks at by default: the lowest active lane, else the lowest valid one. */
    public int defaultLane() {
        int mask = activeMask != 0 ? activeMask : liveMask != 0 ? liveMask : validMask;
        return mask == 0 ? 0 : Integer.numberOfTrailingZeros(mask);
    }
}
