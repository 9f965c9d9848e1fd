package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IWatchExpression;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WatchHit;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.Test;

/**
 * gpumem's watchpoint breakpoints through the breakpoint manager, over expressions.cu (-G PTX) in
 * two CTAs of 64 threads with in[i] = i - 70: a write watchpoint on a shared element of one CTA,
 * and one on a local array of one lane. Each stop suspends the writing lane's warp with that lane
 * focused, at the writing line, with the old and new value; every expected value is computed
 * here from the kernel's source (stage[t] = gid - 20, window[k] = gid * 10 + k).
 */
class KernelWatchpointDebugTest extends KernelLaunchFixture {

    /** Thread {@code t} of CTA {@code cta} as a lane (blocks of 64 threads, warps of 32). */
    private static LaneId thread(int cta, int t) {
        return new LaneId(new WarpId(new Dim3(cta, 0, 0), t / 32), t % 32);
    }

    private static boolean ended(DebugEvent e) {
        return e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelDebugTarget;
    }

    @Test
    void aWriteWatchpointOnASharedElementStopsAtTheWritingLineInTheWritingLane() throws Exception {
        KernelWatchpoint w = new KernelWatchpoint("stage[5]", 0, WatchpointSpec.Kind.WRITE, thread(1, 0), false);
        DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT) || ended(e));
        ILaunch launch = launchExpressions();
        DebugEvent stop = hit.await("the watchpoint");
        WarpThread thread = (WarpThread) stop.getSource();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();

        // thread 5 of CTA 1 writes its stage[5]: lane 5 of warp 0, focused, its frames show that lane
        LaneId writer = thread(1, 5);
        assertEquals(writer.warp(), thread.warpId());
        assertEquals(writer, target.focus().current().lane());
        assertEquals(5, thread.topFrame().lane());
        int gid = BLOCK + 5;
        assertEquals(Integer.toString(gid), thread.topFrame().variable("gid").getValue().getValueString());
        assertArrayEquals(new IBreakpoint[] {w}, thread.getBreakpoints());

        WatchHit caught = target.lastStop().watch();
        assertEquals(expressionsLine("stage[threadIdx.x] = gid - 20"), caught.source().line());
        assertEquals("0", caught.formatBefore(), "shared memory starts zeroed");
        assertEquals(Integer.toString(gid - 20), caught.formatAfter());
        assertTrue(thread.getName().contains("old = 0, new = " + (gid - 20)), thread.getName());
        String console = launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
        assertTrue(console.contains("gpumem: watchpoint " + caught.describe(target.engineTarget()) + " by CTA (1,0,0) thread (5,0,0)"),
                console);

        // the breakpoint now names the space, context and range: the offset of &stage[5] in shared memory
        IWatchExpression address = DebugPlugin.getDefault().getExpressionManager().newWatchExpression("&stage[5]");
        DebugEventRecorder.Pending evaluated = events.expect(e -> e.getSource() == address && !address.isPending());
        address.setExpressionContext(thread.topFrame());
        if (address.isPending()) {
            evaluated.await("&stage[5]");
        }
        String pointer = address.getValue().getValueString();
        assertTrue(pointer.startsWith("(@shared int *) 0x"), pointer);
        assertEquals("write watchpoint stage[5] (shared [CTA (1,0,0)] +" + pointer.substring(pointer.indexOf("0x")) + ", 4 bytes)",
                w.describe());

        // no other lane writes CTA (1,0,0)'s stage[5]: the kernel runs to its end
        DebugEventRecorder.Pending end = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT) || ended(e));
        thread.resume();
        assertTrue(ended(end.await("the end")), "no second stop");
    }

    @Test
    void aLocalWatchpointOfOneLaneStopsOnlyForThatLanesWrites() throws Exception {
        LaneId lane = thread(0, 3);
        new KernelWatchpoint("window", 0, WatchpointSpec.Kind.WRITE, lane, false);
        int gid = 3;
        List<String> expected = new ArrayList<>();
        int[] window = new int[4];
        for (int k = 0; k < 4; k++) {
            String before = format(window);
            window[k] = gid * 10 + k;
            expected.add(before + " -> " + format(window));
        }
        List<String> seen = new ArrayList<>();
        DebugEventRecorder.Pending next = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT) || ended(e));
        ILaunch launch = launchExpressions();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        while (true) {
            DebugEvent e = next.await("a stop or the end");
            if (ended(e)) {
                break;
            }
            WarpThread thread = (WarpThread) e.getSource();
            WatchHit caught = target.lastStop().watch();
            assertEquals(lane, caught.lane(), "only lane 3 of CTA 0's window is watched");
            assertEquals(lane, target.focus().current().lane());
            assertEquals(expressionsLine("window[k] = gid * 10 + k"), caught.source().line());
            seen.add(caught.formatBefore() + " -> " + caught.formatAfter());
            next = events.expect(x -> threadSuspended(x, DebugEvent.BREAKPOINT) || ended(x));
            thread.resume();
        }
        assertEquals(expected, seen, () -> "the console: " + launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor()
                .getContents() + launch.getProcesses()[0].getStreamsProxy().getErrorStreamMonitor().getContents());
    }

    private static String format(int[] values) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return sb.append('}').toString();
    }

    @Test
    void aDisabledWatchpointDoesNotStop() throws Exception {
        KernelWatchpoint w = new KernelWatchpoint("stage[5]", 0, WatchpointSpec.Kind.WRITE, thread(0, 0), true);
        w.setEnabled(false);
        DebugEventRecorder.Pending next = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT) || ended(e));
        launchExpressions();
        assertTrue(ended(next.await("the end")), "a disabled watchpoint does not stop the kernel");
    }
}
