package org.gpumem.sim;

/**
 * How a launch runs.
 *
 * @param instructionBudget most warp instructions (one per instruction a warp issues,
 *        whatever its active lanes) the launch may execute before it stops with
 *        {@link FaultKind#INSTRUCTION_BUDGET}; 0 or less means no limit
 * @param workerThreads threads that run CTAs in parallel (1 = the calling thread only);
 *        debugging always runs on one thread
 * @param profile count generic accesses by resolved space and cvta per instruction
 */
public record ExecOptions(long instructionBudget, int workerThreads, boolean profile) {
    /** The default budget: 10 billion warp instructions. */
    public static final long DEFAULT_BUDGET = 10_000_000_000L;

    public ExecOptions {
        if (workerThreads < 1 || workerThreads > 1024) {
            throw new IllegalArgumentException("worker threads must be 1..1024: " + workerThreads);
        }
    }

    /** Default budget, all processors, no profile. */
    public static ExecOptions defaults() {
        return new ExecOptions(DEFAULT_BUDGET, Runtime.getRuntime().availableProcessors(), false);
    }

    public ExecOptions withBudget(long budget) {
        return new ExecOptions(budget, workerThreads, profile);
    }

    public ExecOptions withWorkers(int workers) {
        return new ExecOptions(instructionBudget, workers, profile);
    }

    public ExecOptions withProfile(boolean on) {
        return new ExecOptions(instructionBudget, workerThreads, on);
    }
}
