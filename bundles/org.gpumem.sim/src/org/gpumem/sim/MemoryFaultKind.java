package org.gpumem.sim;

/** Why a memory access was refused. */
public enum MemoryFaultKind {
    /** The address is outside every mapped byte of its space (or straddles the end). */
    OUT_OF_BOUNDS("out-of-bounds"),
    /** The address is not a multiple of the access size. */
    MISALIGNED("misaligned"),
    /** A store or atomic to a read-only space (const, kernel param). */
    READ_ONLY("write to read-only");

    private final String description;

    MemoryFaultKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
