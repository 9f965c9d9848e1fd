package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IWatchExpression;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Breakpoint conditions and hit counts on gpumem's line breakpoints, and watch expressions of the
 * Expressions view, all evaluated by the debug core, over expressions.cu (-G PTX) in two CTAs of
 * 64 threads with in[i] = i - 70. Every expected value is computed here from the kernel's source.
 */
class KernelExpressionsDebugTest extends KernelLaunchFixture {
    private final List<IWatchExpression> watches = new ArrayList<>();

    @AfterEach
    void removeWatches() {
        DebugPlugin.getDefault().getExpressionManager().removeExpressions(watches.toArray(new IWatchExpression[0]));
    }

    /** A watch expression of the platform's expression manager evaluated in {@code context}: its value, or its error. */
    private String watch(String expression, IDebugElement context) throws Exception {
        IWatchExpression w = DebugPlugin.getDefault().getExpressionManager().newWatchExpression(expression);
        DebugPlugin.getDefault().getExpressionManager().addExpression(w);
        watches.add(w);
        return reevaluated(w, context);
    }

    /** {@code w} evaluated in {@code context}, as the Expressions view does at a stop. */
    private String reevaluated(IWatchExpression w, IDebugElement context) throws Exception {
        // a watch expression fires CHANGE when its evaluation ends (WatchExpression.setResult)
        DebugEventRecorder.Pending done = events.expect(e -> e.getSource() == w && e.getKind() == DebugEvent.CHANGE
                && !w.isPending());
        w.setExpressionContext(context);
        if (w.isPending()) {
            done.await("the evaluation of " + w.getExpressionText());
        }
        assertFalse(w.isPending(), "the evaluation of " + w.getExpressionText() + " finished");
        return w.hasErrors() ? "error: " + String.join(" / ", w.getErrorMessages()) : w.getValue().getValueString();
    }

    @Test
    void aConditionStopsInTheLaneWhereItHoldsAndWatchExpressionsShowThatLanesValues() throws Exception {
        KernelLineBreakpoint b = breakpoint("expressions.cu", expressionsLine("int sum = stage"));
        b.setCondition("threadIdx.x == 37 && blockIdx.x == 1");
        assertEquals("threadIdx.x == 37 && blockIdx.x == 1", b.getCondition());
        DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = launchExpressions();
        WarpThread thread = (WarpThread) hit.await("the conditional breakpoint").getSource();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        // thread 37 of CTA 1 is lane 5 of warp 1; the stop focuses it
        WarpId warp = new WarpId(new Dim3(1, 0, 0), 1);
        assertEquals(warp, thread.warpId());
        assertEquals(new LaneId(warp, 5), target.focus().current().lane());

        int t = 37;
        int gid = BLOCK + t;
        assertEquals(Integer.toString(gid), watch("gid", thread.topFrame()));
        assertEquals("{x = " + (gid - 70) + ", y = " + Float.toString(0.25f * t) + ", id = " + gid + ", flags = {" + (t - 16)
                + ", 1}}", watch("p", thread.topFrame()));
        // stage[i] = gid of thread i - 20, all written before the barrier; window[k] = gid * 10 + k
        int stageNext = BLOCK + (t + 1) % BLOCK - 20;
        assertEquals(Integer.toString(stageNext + gid * 10 + 3), watch("stage[(threadIdx.x + 1) % blockDim.x] + window[3]",
                thread.topFrame()));
        assertEquals(Float.toString(t * 0.5f), watch("tile[threadIdx.x / 8][threadIdx.x % 8]", target));
        // an error is one line, naming the position
        String error = watch("gid +", thread.topFrame());
        assertTrue(error.startsWith("error: ") && error.contains("column 6: expected an operand") && !error.contains("\n"), error);
    }

    /** The warp of each stop at {@code line} with a plain breakpoint, in order, to the end of the launch. */
    private List<WarpId> stopsAt(int line) throws Exception {
        KernelLineBreakpoint b = breakpoint("expressions.cu", line);
        List<WarpId> order = new ArrayList<>();
        DebugEventRecorder.Pending next = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT)
                || e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelDebugTarget);
        launchExpressions();
        while (true) {
            DebugEvent e = next.await("a stop or the end");
            if (e.getKind() == DebugEvent.TERMINATE) {
                break;
            }
            WarpThread thread = (WarpThread) e.getSource();
            order.add(thread.warpId());
            next = events.expect(x -> threadSuspended(x, DebugEvent.BREAKPOINT)
                    || x.getKind() == DebugEvent.TERMINATE && x.getSource() instanceof KernelDebugTarget);
            thread.resume();
        }
        b.delete();
        return order;
    }

    @Test
    void aHitCountStopsFromThatReachOnAndWatchExpressionsFollowEachStop() throws Exception {
        int line = expressionsLine("int sum = stage");
        List<WarpId> order = stopsAt(line);
        assertEquals(4, order.size(), "two warps in each of two CTAs reach the line once: " + order);

        KernelLineBreakpoint b = breakpoint("expressions.cu", line);
        b.setHitCount(3);
        assertEquals(3, b.getHitCount());
        DebugEventRecorder.Pending third = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = launchExpressions();
        WarpThread thread = (WarpThread) third.await("the third reach").getSource();
        assertEquals(order.get(2), thread.warpId());
        IWatchExpression w = DebugPlugin.getDefault().getExpressionManager().newWatchExpression("blockIdx.x * blockDim.x + threadIdx.x");
        watches.add(w);
        assertEquals(Integer.toString(gidOf(thread)), reevaluated(w, thread.topFrame()));

        // the fourth reach stops too; the same watch expression, evaluated at that stop, is that lane's
        DebugEventRecorder.Pending fourth = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        thread.resume();
        WarpThread next = (WarpThread) fourth.await("the fourth reach").getSource();
        assertEquals(order.get(3), next.warpId());
        assertEquals(Integer.toString(gidOf(next)), reevaluated(w, next.topFrame()));
        launch.terminate();
    }

    /** The global thread index of the lane {@code thread}'s frames show. */
    private static int gidOf(WarpThread thread) {
        return thread.warpId().cta().x() * BLOCK + thread.warpId().warp() * 32 + thread.topFrame().lane();
    }
}
