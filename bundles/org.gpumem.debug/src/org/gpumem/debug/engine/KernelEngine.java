package org.gpumem.debug.engine;

import java.util.List;

import org.gpumem.model.MemoryState;
import org.gpumem.sim.exec.LaunchResult;

/**
 * The protocol between the debug model and the simulator: what the model asks of a launched
 * kernel. The model never touches simulator classes; {@link DebugSession} owns the engine
 * and calls it under its thread rules:
 * <ul>
 * <li>{@link #resume}, {@link #step}, {@link #setBreakpoints} and {@link #terminate} run on
 * the session's executor thread only, which holds the session's write lock meanwhile;</li>
 * <li>{@link #requestSuspend} may be called from any thread and returns at once: the engine
 * stops at the next instruction boundary and {@link #resume} or {@link #step} returns
 * {@link StopReason#SUSPEND};</li>
 * <li>the query and memory methods run on any thread that holds the session's read lock,
 * i.e. only while the kernel is stopped.</li>
 * </ul>
 */
public interface KernelEngine {

    /** Replaces the breakpoint lines; returns those that match at least one instruction. */
    List<BreakpointLine> setBreakpoints(List<BreakpointLine> lines);

    /** Runs all warps until a breakpoint, a fault, a suspend request or the end of the kernel. */
    Stop resume();

    /** Runs one warp by a source line (see {@link StepKind}); other warps do not move. */
    Stop step(WarpId warp, StepKind kind);

    /** Asks a running {@link #resume} or {@link #step} to stop soon. Any thread. */
    void requestSuspend();

    /** Abandons the launch; later calls fail. */
    void terminate();

    /** The outcome once the kernel exited or faulted, else null. */
    LaunchResult result();

    /** Every warp of every CTA that has started, in launch order. */
    List<WarpStatus> warps();

    /** Variables visible in frame {@code level} of {@code warp}, read for {@code lane}. */
    List<VariableValue> variables(WarpId warp, int level, int lane);

    /**
     * Reads {@code length} bytes of {@code space} in {@code context}.
     *
     * @throws IllegalArgumentException naming space, context and range when it is not readable
     */
    byte[] read(MemorySpace space, MemoryContext context, long offset, int length);

    /** Writes bytes into {@code space} in {@code context}; same failures as {@link #read}. */
    void write(MemorySpace space, MemoryContext context, long offset, byte[] bytes);

    /**
     * The readable range {@code [start, end)} of {@code space} in {@code context} (for global
     * and generic: the lowest and highest address allocated).
     */
    long[] range(MemorySpace space, MemoryContext context);

    /** The space a generic address falls into (global outside the windows). */
    MemorySpace resolveGeneric(long address);

    /** The generic address of {@code offset} in {@code space}, or -1 when the space has no window. */
    long toGeneric(MemorySpace space, long offset);

    /**
     * The stopped kernel as a {@link MemoryState} of the simulator target
     * ({@code BuiltinTargets.simulator()}): device, grid and the resident CTA with its warps
     * and lanes, the pools reading the engine's live storage. It describes this stop only; its
     * pools may be read and written under the same rules as {@link #read} and {@link #write}.
     */
    MemoryState memoryState();

    /** Module name, kernel name and grid, for labels. */
    String describeLaunch();
}
