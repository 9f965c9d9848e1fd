package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.ui.IWorkbenchPage;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Warp Watch over expressions.cu (-G PTX, 2 CTAs of 64 threads, in[i] = i - 70) stopped in the
 * branch of a non-negative sum in CTA 0's warp 0, where threads 0 and 1 took the other branch:
 * their lanes are greyed, every lane's value is the one computed here from the source, and after
 * a step the values the step wrote are highlighted.
 */
class WarpWatchViewTest {
    private static final int BLOCK = KernelDebugging.BLOCK;
    private KernelDebugging kernels;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("warp-watch-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
    }

    // expressions.cu on the CPU, CTA 0
    private static int stage(int t) {
        return t - 20;
    }

    private static int sum(int t) {
        return stage((t + 1) % BLOCK) + t * 10 + 3;
    }

    /** out[t] of CTA 0 for a thread whose sum is not negative, as the kernel computes it. */
    private static int out(int t) {
        int s = sum(t);
        int odd = t & 1;
        return s + (odd != 0 ? 2 : 5) + (0xA0 + t) + ('a' + t % 26) + odd + (int) (t / 2.0) + t + 1;
    }

    @Test
    void showsEachLaneOfTheWarpMarksInactiveLanesAndHighlightsWhatAStepChanged() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.expressions("warp watch", "out[gid] = sum + mode",
                "blockIdx.x == 0 && threadIdx.x == 5");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = kernels.launchToBreakpoint(wc, "the conditional breakpoint");
        ILaunch launch = kernels.launch();
        assertEquals(new WarpId(new Dim3(0, 0, 0), 0), thread.warpId());
        PtxStackFrame frame = KernelDebugging.selectedFrame();
        GpuMemorySession.get().showFrame(frame);

        WarpWatchView view = (WarpWatchView) page.showView(GpuMemoryViews.WARP_WATCH);
        view.addExpression("sum");
        view.addExpression("out[gid]");
        view.addExpression("sum +");
        UiTesting.waitUntil(() -> view.table().getItemCount() == 3 && !view.table().getItem(0).getText(32).isEmpty(), 60_000,
                "the rows of the stop");
        assertTrue(view.statusText().startsWith("CTA (0,0,0) warp 0"), view.statusText());
        for (int t = 0; t < 32; t++) {
            assertEquals(Integer.toString(sum(t)), view.table().getItem(0).getText(t + 1), "sum in lane " + t);
            // threads 0 and 1 have a negative sum: they wait on the other side of the branch
            assertEquals(sum(t) < 0, view.greyed(0, t), "lane " + t + " greyed");
        }
        assertTrue(view.table().getItem(2).getText(1).contains("column 6: expected an operand"), view.table().getItem(2).getText(1));

        // step over the write: the values it wrote are highlighted, sum's are not
        GpuMemorySession.get().showFrame(null);
        thread.stepOver();
        UiTesting.waitUntil(() -> launch.getDebugTarget().isSuspended()
                && ((KernelDebugTarget) launch.getDebugTarget()).stopGeneration() > 1, 60_000, "the step");
        GpuMemorySession.get().showFrame(thread.topFrame());
        UiTesting.waitUntil(() -> view.table().getItemCount() == 3
                && view.table().getItem(1).getText(3).equals(Integer.toString(out(2))), 60_000, "the rows after the step");
        for (int t = 0; t < 32; t++) {
            assertFalse(view.changed(0, t), "sum in lane " + t + " did not change");
            // the lanes of the other branch write theirs whenever the warp runs that branch
            if (sum(t) >= 0) {
                assertEquals(Integer.toString(out(t)), view.table().getItem(1).getText(t + 1), "out[gid] in lane " + t);
                assertTrue(view.changed(1, t), "out[gid] in lane " + t + " was written by the step");
            }
        }
    }
}
