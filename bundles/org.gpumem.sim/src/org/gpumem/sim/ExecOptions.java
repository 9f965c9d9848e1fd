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
 * @param engine what executes straight-line code ({@link #DEFAULT_ENGINE} unless chosen)
 */
public record ExecOptions(long instructionBudget, int workerThreads, boolean profile, ExecEngine engine) {
    /** The default budget: 10 billion warp instructions. */
    public static final long DEFAULT_BUDGET = 10_000_000_000L;
    /** The engine of launches that do not choose one (debug sessions choose the interpreter). */
    public static final ExecEngine DEFAULT_ENGINE = ExecEngine.FAST;

    public ExecOptions {
        if (workerThreads < 1 || workerThreads > 1024) {
            throw new IllegalArgumentException("worker threads must be 1..1024: " + workerThreads);
        }
        if (engine == null) {
            throw new IllegalArgumentException("no engine");
        }
    }

    /** Options with the default engine. */
    public ExecOptions(long instructionBudget, int workerThreads, boolean profile) {
        this(instructionBudget, workerThreads, profile, DEFAULT_ENGINE);
    }

    /** Default budget, all processors, no profile, the default engine. */
    public static ExecOptions defaults() {
        return new ExecOptions(DEFAULT_BUDGET, Runtime.getRuntime().availableProcessors(), false);
    }

    public ExecOptions withBudget(long budget) {
        return new ExecOptions(budget, workerThreads, profile, engine);
    }

    public ExecOptions withWorkers(int workers) {
        return new ExecOptions(instructionBudget, workers, profile, engine);
    }

    public ExecOptions withProfile(boolean on) {
        return new ExecOptions(instructionBudget, workerThreads, on, engine);
    }

    public ExecOptions withEngine(ExecEngine e) {
        return new ExecOptions(instructionBudget, workerThreads, profile, e);
    }
}
