package org.gpumem.sim.check;

/** What a finding is: its class, and the tool ({@link CheckTool}) that finds it. */
public enum FindingKind {
    /** A thread read bytes another thread wrote with no ordering between the write and the read. */
    RACE_RAW(CheckTool.RACECHECK, "read-after-write race"),
    /** A thread wrote bytes another thread read with no ordering between them. */
    RACE_WAR(CheckTool.RACECHECK, "write-after-read race"),
    /** Two threads wrote the same bytes (different values) with no ordering between them. */
    RACE_WAW(CheckTool.RACECHECK, "write-after-write race"),
    /** A read of bytes nothing wrote since they were allocated (or, in shared and local memory, since the CTA started). */
    UNINITIALIZED_READ(CheckTool.INITCHECK, "read of uninitialized memory"),
    /** Threads of one CTA waited at one barrier from different barrier instructions: the others had taken another path. */
    DIVERGENT_BARRIER(CheckTool.SYNCCHECK, "barrier reached by part of the CTA"),
    /** Threads met at a barrier with different thread counts, or the lanes of one warp named different barriers or counts. */
    BARRIER_MISMATCH(CheckTool.SYNCCHECK, "mismatched barrier id or thread count"),
    /** A barrier no thread can complete: the threads it waits for wait elsewhere. */
    BARRIER_DEADLOCK(CheckTool.SYNCCHECK, "barrier deadlock"),
    /** A {@code __syncwarp} or {@code *_sync} intrinsic whose mask names lanes that do not arrive, or leaves out the lane itself. */
    WARP_SYNC_MASK(CheckTool.SYNCCHECK, "warp synchronisation with a mask naming lanes that do not arrive"),
    /** An access outside every allocation of its space (a fault). */
    OUT_OF_BOUNDS(CheckTool.MEMCHECK, "out-of-bounds access"),
    /** An access that stays inside its space's pool but runs past the variable or block it belongs to. */
    PAST_END(CheckTool.MEMCHECK, "access past the end of its variable or block"),
    /** A store or atomic to read-only memory (const, kernel parameters; a fault). */
    READ_ONLY_WRITE(CheckTool.MEMCHECK, "write to read-only memory"),
    /** An access that is not aligned to its size (a fault). */
    MISALIGNED(CheckTool.MEMCHECK, "misaligned access"),
    /** An access to memory that was freed (cudaFree, device free). */
    USE_AFTER_FREE(CheckTool.MEMCHECK, "use after free"),
    /** A second free of the same block. */
    DOUBLE_FREE(CheckTool.MEMCHECK, "double free"),
    /** A free of an address that is not the start of a block. */
    INVALID_FREE(CheckTool.MEMCHECK, "invalid free"),
    /** Device memory still allocated when the program (or the launch) ended. */
    LEAK(CheckTool.LEAKCHECK, "device memory not freed");

    private final CheckTool tool;
    private final String description;

    FindingKind(CheckTool tool, String description) {
        this.tool = tool;
        this.description = description;
    }

    public CheckTool tool() {
        return tool;
    }

    /** The class in words, as reports print it. */
    public String description() {
        return description;
    }

    /** Whether the finding names two accesses (a race, a divergent barrier). */
    public boolean twoAccesses() {
        return this == RACE_RAW || this == RACE_WAR || this == RACE_WAW || this == DIVERGENT_BARRIER;
    }
}
