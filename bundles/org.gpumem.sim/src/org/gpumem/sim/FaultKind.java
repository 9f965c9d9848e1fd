package org.gpumem.sim;

/** Why a kernel stopped before all its threads finished. */
public enum FaultKind {
    OUT_OF_BOUNDS("out-of-bounds access"),
    MISALIGNED("misaligned access"),
    READ_ONLY("write to read-only memory"),
    /** A barrier that not all live threads of the CTA can reach. */
    DEADLOCK("barrier deadlock"),
    /** The launch ran more instructions than {@link ExecOptions#instructionBudget()}. */
    INSTRUCTION_BUDGET("instruction budget exhausted"),
    /** A trap instruction. */
    TRAP("trap"),
    /** Calls nested deeper than the per-thread local memory allows. */
    STACK_OVERFLOW("call stack overflow"),
    /** An instruction whose operands are invalid at run time (e.g. shfl from an inactive lane). */
    ILLEGAL_INSTRUCTION("illegal instruction"),
    /** A failed {@code assert()} in device code ({@code __assertfail}). */
    ASSERTION("device assertion failed"),
    /** A device-side {@code free} of a pointer that is not a live device heap block. */
    HEAP_MISUSE("device heap misuse"),
    /** Stopped from outside: a wall-clock limit, an interrupt, a terminate ({@code KernelLaunch.requestStop}). */
    STOPPED("stopped on request");

    private final String description;

    FaultKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
