package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelFocus;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.Test;

/**
 * The CUDA focus of a debug session (cuda-gdb's {@code cuda block (x,y,z) thread (x,y,z)}) over
 * local_array's 2-CTA launch: focusing a thread of CTA (1,0,0) makes the frames show that
 * thread's values and moves the memory blocks to its CTA and lane; a thread outside the grid, the
 * block or the resident CTAs is refused with the reason.
 */
class CudaFocusDebugTest extends KernelLaunchFixture {

    @Test
    void focusingBlockOneThreadFiveShowsThatThreadsValuesAndMovesTheBlocks() throws Exception {
        LoopStop stop = stopInLocalArrayLoop(53);
        KernelDebugTarget target = stop.target();
        KernelFocus focus = target.focus();
        // the first stop focuses the warp that hit the breakpoint
        assertEquals(stop.thread().warpId(), focus.current().lane().warp());

        // Run until warp 0 of CTA (1,0,0) is in the loop, then focus a thread of CTA (0,0,0) first.
        WarpThread thread = stop.thread();
        while (!thread.warpId().equals(new WarpId(new Dim3(1, 0, 0), 0))) {
            DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
            thread.resume();
            thread = (WarpThread) hit.await("a breakpoint hit").getSource();
        }
        focus.set(new Dim3(0, 0, 0), new Dim3(40, 0, 0));
        assertEquals(new LaneId(new WarpId(new Dim3(0, 0, 0), 1), 8), focus.current().lane());
        WarpThread cta0 = target.thread(new WarpId(new Dim3(0, 0, 0), 1));
        PtxStackFrame cta0Top = cta0.topFrame();
        SpaceMemoryBlock shared = (SpaceMemoryBlock) target.getExtendedMemoryBlock("shared:&stage", cta0Top);
        SpaceMemoryBlock local = (SpaceMemoryBlock) target.getExtendedMemoryBlock("local:&window", cta0Top);
        assertEquals("shared [CTA (0,0,0)] +0x0", shared.label());
        int[] in = ints(stop.process().prepared().initialBuffer("in"));
        assertEquals(in[0], ints(values(shared.getBytesFromOffset(BigInteger.ZERO, 4)))[0]);

        // cuda block (1,0,0) thread (5,0,0)
        DebugEventRecorder.Pending revealed = events.expect(e -> e.getKind() == DebugEvent.CHANGE
                && e.getDetail() == DebugEvent.CONTENT && e.getSource() instanceof WarpThread);
        DebugEventRecorder.Pending announced = events.expect(e -> e.getKind() == DebugEvent.CHANGE
                && e.getSource() == target && e.getData() instanceof CudaFocus);
        focus.set(new Dim3(1, 0, 0), new Dim3(5, 0, 0));
        CudaFocus now = focus.current();
        assertEquals(new LaneId(new WarpId(new Dim3(1, 0, 0), 0), 5), now.lane());
        assertEquals(new Dim3(5, 0, 0), now.thread());
        assertEquals("CTA (1,0,0) thread (5,0,0), warp 0 lane 5", now.describe(target.engineTarget()));
        WarpThread focused = (WarpThread) revealed.await("the focused warp's frames refreshed").getSource();
        assertEquals(now.lane().warp(), focused.warpId());
        assertEquals(now, announced.await("the focus change announced").getData());

        // The focused thread's values: gid = blockIdx.x * blockDim.x + threadIdx.x; stage is its CTA's.
        PtxStackFrame top = focused.topFrame();
        assertEquals(5, top.lane());
        assertEquals(Integer.toString(BLOCK + 5), top.variable("gid").getValue().getValueString());
        assertEquals("register " + top.variable("gid").variable().register() + " [CTA (1,0,0) warp 0 lane 5]",
                top.variable("gid").location());
        assertEquals("shared [CTA (1,0,0)] +0x0", top.variable("stage").location());
        assertTrue(top.variable("window").location().startsWith("local [CTA (1,0,0) warp 0 lane 5]"),
                top.variable("window").location());
        int[] stage = ints(top.variable("stage").bytes());
        for (int t = 0; t < BLOCK; t++) {
            assertEquals(in[BLOCK + t], stage[t], "stage[" + t + "] of CTA (1,0,0)");
        }
        // Every warp's frames show the focused lane index: CTA (0,0,0) warp 1 now shows its lane 5.
        assertEquals(5, cta0.focusedLane());

        // The blocks follow the focus: shared of CTA (1,0,0), local of its lane 5.
        assertEquals("shared [CTA (1,0,0)] +0x0", shared.label());
        assertArrayEquals(top.variable("stage").bytes(), values(shared.getBytesFromOffset(BigInteger.ZERO, top.variable("stage").bytes().length)));
        assertTrue(local.label().startsWith("local [CTA (1,0,0) warp 0 lane 5]"), local.label());
        assertArrayEquals(top.variable("window").bytes(), values(local.getBytesFromOffset(BigInteger.ZERO, 32)));
        for (MemoryByte b : shared.getBytesFromOffset(BigInteger.ZERO, 16)) {
            assertTrue(!b.isChanged(), "bytes of another CTA are no change of the block");
        }

        // A lane of the focused warp, as a click in the lanes grid or the (lane) variable does it.
        focused.setFocusedLane(9);
        assertEquals(new Dim3(9, 0, 0), focus.current().thread());
        assertEquals(Integer.toString(BLOCK + 9), focused.topFrame().variable("gid").getValue().getValueString());
        assertTrue(local.label().startsWith("local [CTA (1,0,0) warp 0 lane 9]"), local.label());
        assertEquals("shared [CTA (1,0,0)] +0x0", shared.label());

        // The Debug view's selection of a warp moves the focus there, keeping the lane index.
        focus.followSelection(cta0);
        assertEquals(new LaneId(cta0.warpId(), 9), focus.current().lane());
        assertEquals("shared [CTA (0,0,0)] +0x0", shared.label());

        // Refused, with the reason
        assertEquals("CTA (2,0,0) is outside the grid (2,1,1)", focus.check(new Dim3(2, 0, 0), new Dim3(0, 0, 0)));
        assertEquals("thread (64,0,0) is outside the block (64,1,1)", focus.check(new Dim3(1, 0, 0), new Dim3(64, 0, 0)));
        assertEquals("thread (0,1,0) is outside the block (64,1,1)", focus.check(new Dim3(1, 0, 0), new Dim3(0, 1, 0)));
        DebugException refused = assertThrows(DebugException.class, () -> focus.set(new Dim3(0, 0, 1), new Dim3(0, 0, 0)));
        assertEquals("CTA (0,0,1) is outside the grid (2,1,1)", refused.getMessage());
        assertNull(focus.check(new Dim3(1, 0, 0), new Dim3(63, 0, 0)));
        assertEquals(new LaneId(cta0.warpId(), 9), focus.current().lane(), "a refused focus leaves the focus as it was");
    }

    @Test
    void aCtaThatIsNotResidentIsRefusedWithWhy() throws Exception {
        breakpoint("local_array.cu", LOOP_LINE);
        int grid = 40;
        DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        configuration("local_array.G.ptx", "local_weighted", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N
                + ",\"init\":{\"random\":7}},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]", grid)
                .launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) hit.await("the breakpoint in the loop").getSource();
        KernelDebugTarget target = thread.kernelTarget();
        int resident = (int) java.util.Arrays.stream(target.getThreads())
                .map(t -> ((WarpThread) t).warpId().cta()).distinct().count();
        assertTrue(resident < grid, resident + " CTAs of " + grid + " resident: the test needs one that is not");
        String why = target.focus().check(new Dim3(grid - 1, 0, 0), new Dim3(0, 0, 0));
        assertNotNull(why);
        assertTrue(why.startsWith("CTA (39,0,0) is not resident: it has not started yet (resident now: "), why);
    }

    private static byte[] values(MemoryByte[] bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i].getValue();
        }
        return out;
    }
}
