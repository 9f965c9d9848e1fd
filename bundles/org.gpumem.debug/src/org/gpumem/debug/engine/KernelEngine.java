package org.gpumem.debug.engine;

import java.util.List;

import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.LaunchResult;

/**
 * The protocol between the debug model and the simulator: what the model asks of a launched
 * kernel. The model never touches simulator classes; {@link DebugSession} owns the engine and
 * calls it only on the session's one executor thread, except {@link #requestSuspend}, which
 * may be called from any thread and returns at once: the engine stops soon and {@link #resume}
 * or {@link #step} returns {@link StopReason#SUSPEND} (a request made before a command starts
 * stops that command at once).
 * <p>
 * Memory is not part of the protocol: the stop's {@link #memoryState()} reads and writes the
 * simulator's storage, and the model's address arithmetic finds the bytes of any space.
 */
public interface KernelEngine {

    /** Replaces the breakpoint lines; returns those that match at least one instruction. */
    List<BreakpointLine> setBreakpoints(List<BreakpointLine> lines);

    /** Runs all warps until a breakpoint, a fault, a suspend request or the end of the kernel. */
    Stop resume();

    /** Runs one warp by a source line (see {@link StepKind}); other warps do not move. */
    Stop step(WarpId warp, StepKind kind);

    /** Asks a running or the next {@link #resume} or {@link #step} to stop. Any thread. */
    void requestSuspend();

    /** Abandons the launch; later calls fail. */
    void terminate();

    /** The outcome once the kernel exited or faulted, else null. */
    LaunchResult result();

    /**
     * The address-space profile of what the kernel ran so far (generic accesses by the space
     * they resolved to, cvta, per source line), or null when the launch counts none.
     */
    AddressSpaceProfile profile();

    /** Every warp of every CTA that has started, in launch order. */
    List<WarpStatus> warps();

    /** Variables visible in frame {@code level} of {@code warp}, read for {@code lane}. */
    List<VariableValue> variables(WarpId warp, int level, int lane);

    /**
     * The address spaces the engine's memory follows (the simulator's target); the same
     * description for the whole session. Do not modify.
     */
    Target target();

    /**
     * The stopped kernel as a {@link MemoryState} of {@link #target()}: device, grid and the
     * resident CTA with its warps and lanes, the pools reading the engine's live storage. It
     * describes this stop only, and its pools follow the same rules as the engine's other calls.
     */
    MemoryState memoryState();

    /** The launch's grid extents in CTAs; constant, any thread may ask. */
    Dim3 grid();

    /** The launch's block extents in threads; constant, any thread may ask. */
    Dim3 block();

    /** Module name, kernel name and grid, for labels. */
    String describeLaunch();
}
