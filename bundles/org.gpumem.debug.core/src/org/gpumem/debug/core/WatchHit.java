package org.gpumem.debug.core;

import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.model.Target;
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
 * @param source    its source line from {@code .loc}; for an instruction without one (inline
 *                  assembly, as in CUDA's atomicAdd), the line of the nearest call on the stack
 *                  that has one; null when none has
 */
public record WatchHit(WatchpointSpec watch, LaneId lane, boolean wrote, byte[] before, byte[] after, String function,
        int ptxLine, SourceLocation source) {
    public WatchHit {
        before = before.clone();
        after = after.clone();
    }

    /** The bytes before, printed as cuda-gdb prints a value of the watched type (hex bytes without one). */
    public String formatBefore() {
        return format(before);
    }

    /**
     * What was caught, as front ends show it: {@code stage[5] (shared [CTA (1,0,0)] +0x14, 4 bytes)
     * written at expressions.cu:49: old = 0, new = 49} (the PTX line where there is no source line).
     */
    public String describe(Target target) {
        return watch.describe(target) + " " + (wrote ? "written" : "read") + " at "
                + (source != null ? source : "PTX line " + ptxLine) + ": old = " + formatBefore() + ", new = " + formatAfter();
    }

    /** The bytes after, printed as {@link #formatBefore()}. */
    public String formatAfter() {
        return format(after);
    }

    private String format(byte[] bytes) {
        if (watch.type() != null && watch.type().byteSize() == bytes.length) {
            return ExpressionValue.of(watch.type(), bytes).format();
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format("%02x", b & 0xff));
        }
        return hex.toString();
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
