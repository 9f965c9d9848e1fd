package org.gpumem.sim;

/**
 * A refused access to simulator memory: the space, the address in that space, the size and
 * why. The engine turns it into a {@code Fault} with the thread context; debugger reads get it
 * as is. Carries no stack trace because the engine uses it for control flow on faults.
 */
public final class MemoryAccessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final PtxStateSpace space;
    private final long address;
    private final int size;
    private final MemoryFaultKind kind;
    private final String detail;

    public MemoryAccessException(MemoryFaultKind kind, PtxStateSpace space, long address, int size, String detail) {
        super(kind.description() + " " + size + "-byte access to " + space.ptxName() + " address 0x"
                + Long.toHexString(address) + (detail == null || detail.isEmpty() ? "" : " (" + detail + ")"), null,
                false, false);
        this.kind = kind;
        this.space = space;
        this.address = address;
        this.size = size;
        this.detail = detail;
    }

    /** What was wrong beyond kind, space and address (e.g. the size of the space), or null. */
    public String detail() {
        return detail;
    }

    public PtxStateSpace space() {
        return space;
    }

    /** The address as the space numbers it (a generic address for generic accesses). */
    public long address() {
        return address;
    }

    public int size() {
        return size;
    }

    public MemoryFaultKind kind() {
        return kind;
    }
}
