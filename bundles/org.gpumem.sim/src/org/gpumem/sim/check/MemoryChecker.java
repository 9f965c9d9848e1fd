package org.gpumem.sim.check;

import java.util.List;
import java.util.Set;

import org.gpumem.sim.PtxStateSpace;

/**
 * The memory checks of one simulated device ({@code Device.enableChecks}): every launch on the
 * device is checked with the chosen tools, and what they find collects here, identical findings
 * counted. The device's allocations, frees and writes through its API are seen by the checker;
 * what the host program does to device memory itself (copies, sets, frees) its runtime reports
 * through {@link #hostWrote}, {@link #hostFreed} and {@link #record}. Thread rules: as for the device; findings may be
 * read from any thread.
 */
public interface MemoryChecker {

    /** The tools this device runs. */
    Set<CheckTool> tools();

    /** Whether {@code tool} is one of {@link #tools()}. */
    default boolean checks(CheckTool tool) {
        return tools().contains(tool);
    }

    /**
     * Names the allocation at {@code address} as the program's from now on (the call that made
     * it, a buffer's name) and says what the program holds of it: {@code size} bytes from its
     * start, at most the allocation's (less for a memory pool's block handed out again for a
     * smaller request), past which memcheck reports an access as past the end. Its bytes count as
     * written from now on when {@code initialized} (memory that host code writes directly, managed
     * or page-locked, cannot be followed byte by byte, so initcheck takes it as written), else as
     * unwritten until something writes them; accesses made before this call race with none after
     * it (a pool's block handed out again: its pool orders the new owner after the old one).
     */
    void describe(long address, long size, String name, boolean initialized);

    /**
     * Host code gave the allocation at {@code address} back without unmapping it (cudaFreeAsync:
     * its pool keeps the block): memcheck reports accesses to it as use after free until
     * {@link #describe} names it again (handed out anew). {@code where} is the call that freed it.
     */
    void hostFreed(long address, Access where);

    /** Host code wrote {@code size} bytes of device memory at {@code address} (a copy or a set). */
    void hostWrote(long address, long size);

    /**
     * A finding of the host side: a leak at exit, a free of memory that is not allocated; counted
     * and summarised with the rest when its tool is on.
     */
    void record(FindingKind kind, PtxStateSpace space, long address, long size, String variable, String detail,
            Access where);

    /**
     * The program ended: device-heap blocks no kernel freed are leaks (leakcheck). Host
     * allocations still live are the host's to report ({@link #record}).
     */
    void finish();

    /** Every distinct finding so far, in the order they were first seen. */
    List<Finding> findings();

    /** The distinct findings first seen since the previous call (or since checks began). */
    List<Finding> takeNew();

    /** What the checks could not do (a launch too large for racecheck's clocks...), one line each. */
    List<String> notes();

    /** Distinct findings so far. */
    default int errorCount() {
        return findings().size();
    }

    /** {@code 3 errors (racecheck 2, initcheck 1)}, or {@code 0 errors}. */
    default String summary() {
        return Findings.summary(findings());
    }
}
