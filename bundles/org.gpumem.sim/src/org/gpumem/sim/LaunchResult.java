package org.gpumem.sim;

import java.util.List;

/**
 * The outcome of a launch: completed, or stopped by a {@link Fault}; with the instruction
 * counts, the address-space profile when asked for, the device printf output (as the GPU's buffer
 * comes out at the end of the launch: by CTA, warp and lane; empty when none), and, for a launch
 * stopped from outside ({@link FaultKind#STOPPED}), where every resident warp was.
 */
public record LaunchResult(Fault fault, long warpInstructions, long threadInstructions, long elapsedNanos,
        AddressSpaceProfile profile, byte[] deviceOutput, List<WarpPosition> positions) {

    private static final byte[] NONE = new byte[0];

    public LaunchResult {
        deviceOutput = deviceOutput == null ? NONE : deviceOutput;
        positions = positions == null ? List.of() : List.copyOf(positions);
    }

    /** A result without device output or warp positions. */
    public LaunchResult(Fault fault, long warpInstructions, long threadInstructions, long elapsedNanos,
            AddressSpaceProfile profile) {
        this(fault, warpInstructions, threadInstructions, elapsedNanos, profile, null, null);
    }

    /** True when every thread of every CTA finished. */
    public boolean completed() {
        return fault == null;
    }

    /** The fault's report followed by the warp positions, one per line; empty when completed. */
    public String report() {
        if (fault == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(fault.report());
        if (!positions.isEmpty()) {
            sb.append("=========   where the resident warps were:\n");
            for (WarpPosition p : positions) {
                sb.append("=========     ").append(p.format()).append('\n');
            }
        }
        return sb.toString();
    }
}
