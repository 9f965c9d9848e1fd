package org.gpumem.debug.core;

import org.gpumem.sim.SourceLocation;

/**
 * What a watchpoint caught: the instruction that accessed the watched bytes, the lane that did
 * (the last such lane of the instruction, in lane order: for a write, the one whose value the
 * bytes hold), and the watched bytes before and after that instruction. The kernel stops right
 * after the instruction.
 *
 * @param watch     the watchpoint
 * @param lane      the lane that accessed the bytes
 * @param wrote     true when the instruction wrote them (false: it only read them)
 * @param before    the watched bytes (of that lane's context) before the instruction, little-endian
 * @param after     the same bytes after it
 * @param function  the (mangled) function of the instruction
 * @param ptxLine   its PTX line
 * @param source    its source line from {@code .loc}, or null
 */
public record WatchHit(WatchpointSpec watch, LaneId lane, boolean wrote, byte[] before, byte[] after, String function,
        int ptxLine, SourceLocation source) {
    public WatchHit {
        before = before.clone();
        after = after.clone();
    }

    @Override
    public byte[] before() {
        return before.clone();
    }

    @Override
    public byte[] after() {
        return after.clone();
    }
}
