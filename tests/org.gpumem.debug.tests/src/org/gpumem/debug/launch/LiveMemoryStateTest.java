package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.debug.core.DebugEvent;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.PoolAddress;
import org.junit.jupiter.api.Test;

/**
 * A live debug session of local_array.G.ptx seen through the model: the target, threads and
 * frames adapt to the stop's {@link MemoryState}, memory blocks to a model {@link Location}, and
 * the model's address arithmetic reads what the debug model's variables and the simulator read.
 */
class LiveMemoryStateTest extends KernelLaunchFixture {
    private static final int LANE = 5;

    @Test
    void stoppedKernelAdaptsToTheModelAndReadsTheSameBytes() throws Exception {
        LoopStop stop = stopInLocalArrayLoop(7);
        WarpThread thread = stop.thread();
        KernelDebugTarget target = stop.target();
        KernelProcess process = stop.process();
        thread.setFocusedLane(LANE);
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        assertEquals(LOOP_LINE, top.getLineNumber());

        MemoryState state = Adapters.adapt(target, MemoryState.class);
        assertNotNull(state, "a suspended target adapts to its stop's memory state");
        assertSame(state, Adapters.adapt(thread, MemoryState.class), "one state per stop");
        assertSame(state, Adapters.adapt(top, MemoryState.class));
        Context laneContext = Adapters.adapt(top, Context.class);
        assertEquals(Scope.LANE, laneContext.getScope());
        assertEquals(LANE, laneContext.getIndex());
        Context warpContext = Adapters.adapt(thread, Context.class);
        assertSame(warpContext, laneContext.getParent());
        assertEquals(thread.warpId().warp(), warpContext.getIndex());
        assertEquals(thread.warpId().cta().x(), warpContext.getParent().getX());

        assertWindowMatches(target, process, thread, top, state, laneContext);

        // __shared__ int stage[128] through the model: its bytes, and its generic-window alias.
        KernelVariable stage = top.variable("stage");
        SpaceMemoryBlock sharedBlock = (SpaceMemoryBlock) target.getExtendedMemoryBlock("shared:&stage", top);
        Location shared = Adapters.adapt(sharedBlock, Location.class);
        assertEquals("shared", shared.getSpace().getName());
        assertEquals(Scope.WORK_GROUP, shared.getContext().getScope());
        assertSame(warpContext.getParent(), shared.getContext());
        assertEquals(stage.memoryLocation().offset(), shared.getOffset());
        byte[] stageBytes = new byte[stage.bytes().length];
        AddressResolver.read(shared.getContext(), shared.getSpace(), shared.getOffset(), stageBytes, 0, stageBytes.length);
        assertArrayEquals(stage.bytes(), stageBytes);
        long byteOffset = shared.getOffset() + 4 * 3 + 1;
        List<Location> aliases = AddressResolver.aliases(AddressResolver.resolve(shared.getContext(), shared.getSpace(),
                byteOffset));
        assertTrue(aliases.stream().anyMatch(l -> l.getSpace().getName().equals("generic")
                && l.getOffset() == sharedWindow(state) + byteOffset), aliases::toString);
        assertTrue(aliases.stream().anyMatch(l -> l.getSpace().getName().equals("shared") && l.getOffset() == byteOffset),
                aliases::toString);

        // Writes through the model reach the simulator (and are undone before the kernel reads stage[] on).
        long version = shared.getContext().getPools().get(0).getSource().version();
        byte[] original = Arrays.copyOfRange(stageBytes, 12, 16);
        byte[] poked = {(byte) 0xa5, 0x5a, (byte) 0xc3, 0x3c};
        AddressResolver.write(shared.getContext(), shared.getSpace(), shared.getOffset() + 12, poked, 0, 4);
        // The simulator's own binding of stage (FrameVariables over its storage) sees the write.
        thread.setFocusedLane(LANE);
        assertArrayEquals(poked, Arrays.copyOfRange(top.variable("stage").bytes(), 12, 16));
        assertTrue(shared.getContext().getPools().get(0).getSource().version() != version, "a write changes the version");
        AddressResolver.write(shared.getContext(), shared.getSpace(), shared.getOffset() + 12, original, 0, 4);

        // After the loop the window holds in[blockIdx.x * blockDim.x + (t + k) % blockDim.x]; the
        // next stop brings a new state.
        stop.inLoop().delete();
        new KernelLineBreakpoint(stop.source(), CALL_LINE);
        DebugEventRecorder.Pending atCall = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        thread.resume();
        WarpThread callThread = (WarpThread) atCall.await("the breakpoint after the loop").getSource();
        callThread.setFocusedLane(LANE);
        PtxStackFrame frame = (PtxStackFrame) callThread.getTopStackFrame();
        MemoryState atCallState = Adapters.adapt(frame, MemoryState.class);
        assertNotSame(state, atCallState);
        int[] window = assertWindowMatches(target, process, callThread, frame, atCallState, Adapters.adapt(frame, Context.class));
        int[] in = ints(process.prepared().initialBuffer("in"));
        int cta = callThread.warpId().cta().x();
        int tid = callThread.warpId().warp() * 32 + LANE;
        for (int k = 0; k < 8; k++) {
            assertEquals(in[cta * BLOCK + (tid + k) % BLOCK], window[k], "window[" + k + "]");
        }

        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() == target);
        target.terminate();
        ended.await("termination");
        assertNull(Adapters.adapt(target, MemoryState.class), "an ended session has no state");
    }

    /** The generic address of shared offset 0 in the state's target. */
    private static long sharedWindow(MemoryState state) {
        for (Window w : ((WindowAccess) AddressSpaces.require(state.getTarget(), "generic").getAccess()).getWindows()) {
            if (w.getSpace().getName().equals("shared")) {
                return w.getStart();
            }
        }
        throw new AssertionError("no shared window in " + state.getTarget().getName());
    }

    /**
     * Lane {@link #LANE}'s {@code window[k]} read through the local block's model location equals
     * the debug model's variable, which the simulator read per lane, and lies in the warp's pool
     * at the interleave formula's offset.
     */
    private static int[] assertWindowMatches(KernelDebugTarget target, KernelProcess process, WarpThread thread,
            PtxStackFrame frame, MemoryState state, Context laneContext) throws Exception {
        KernelVariable window = frame.variable("window");
        SpaceMemoryBlock local = (SpaceMemoryBlock) target.getExtendedMemoryBlock("local:&window", frame);
        Location location = Adapters.adapt(local, Location.class);
        assertNotNull(location, "a live local block adapts to a model location");
        assertEquals("local", location.getSpace().getName());
        assertSame(laneContext, location.getContext());
        assertSame(state, org.eclipse.emf.ecore.util.EcoreUtil.getRootContainer(location.getContext()));
        assertEquals(window.memoryLocation().offset(), location.getOffset());
        byte[] variable = window.bytes();
        for (int k = 0; k < 8; k++) {
            long offset = location.getOffset() + 4L * k;
            byte[] model = new byte[4];
            AddressResolver.read(location.getContext(), location.getSpace(), offset, model, 0, 4);
            // The variable's bytes are the simulator's own per-lane read (FrameVariables over its storage).
            assertArrayEquals(Arrays.copyOfRange(variable, 4 * k, 4 * k + 4), model, "window[" + k + "] vs variable");
            PoolAddress at = AddressResolver.resolve(location.getContext(), location.getSpace(), offset);
            assertEquals("local", at.pool().getStorage().getName());
            assertSame(laneContext.getParent(), at.pool().getOwner());
            assertEquals((offset / 4) * 128 + LANE * 4L + offset % 4, at.offset(), "pool offset of window[" + k + "]");
        }
        return ints(variable);
    }
}
