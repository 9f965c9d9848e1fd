package org.gpumem.sim;

/**
 * One validated launch of a kernel of a {@link LoadedModule}. {@link #run()} executes every CTA;
 * {@code org.gpumem.sim.debug.ControlledLaunch} instead runs it under a debugger's control.
 */
public interface KernelLaunch {
    /**
     * Most warp instructions a worker of {@link #run()} issues between two looks at a stop request:
     * the slice one warp runs before the scheduler moves on (a few milliseconds).
     */
    int STOP_CHECK_INSTRUCTIONS = 1 << 14;

    LoadedModule module();

    LoadedKernel kernel();

    LaunchConfig config();

    ExecOptions options();

    /** Number of CTAs in the grid. */
    int ctaCount();

    /** Bytes of shared memory each CTA has (static, then dynamic). */
    long sharedBytes();

    /** Bytes of local memory each thread has (the deepest call chain's frames). */
    long localBytesPerThread();

    /**
     * Runs the whole grid on {@link ExecOptions#workerThreads()} threads (the calling thread is
     * one of them) and returns when every CTA finished or one faulted.
     */
    LaunchResult run();

    /**
     * Asks a running (or not yet started) {@link #run()} to stop: it returns within one scheduling
     * slice of each worker ({@link #STOP_CHECK_INSTRUCTIONS} warp instructions at most) with a
     * {@link FaultKind#STOPPED} fault whose detail is {@code reason}, and the positions of every
     * resident warp. May be called from any thread, at any time; later requests keep the first reason.
     */
    void requestStop(String reason);
}
