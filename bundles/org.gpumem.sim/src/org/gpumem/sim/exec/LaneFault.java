package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.MemoryAccessException;

/**
 * What stops a warp in the middle of an instruction: one lane's refused memory access or another
 * run-time error of one lane. Carries no stack trace: the interpreter uses it for control flow.
 */
final class LaneFault extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final FaultKind kind;
    final int lane;
    /** The refused access, or null for faults that are not memory accesses. */
    final MemoryAccessException access;

    private LaneFault(FaultKind kind, int lane, String message, MemoryAccessException access) {
        super(message, null, false, false);
        this.kind = kind;
        this.lane = lane;
        this.access = access;
    }

    /** Lane {@code lane}'s access was refused. */
    static LaneFault memory(MemoryAccessException e, int lane) {
        FaultKind kind = switch (e.kind()) {
            case MISALIGNED -> FaultKind.MISALIGNED;
            case READ_ONLY -> FaultKind.READ_ONLY;
            default -> FaultKind.OUT_OF_BOUNDS;
        };
        return new LaneFault(kind, lane, e.detail(), e);
    }

    /** Lane {@code lane} hit a run-time error that is not a memory access. */
    static LaneFault of(FaultKind kind, int lane, String message) {
        return new LaneFault(kind, lane, message, null);
    }
}
