package org.gpumem.ui.watchpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.debug.core.model.IWatchExpression;
import org.eclipse.debug.ui.AbstractDebugView;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WatchHit;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A watchpoint made as Toggle Watchpoint makes it from the Variables view, on stage[5] of CTA
 * (1,0,0) in expressions.cu (-G PTX, 2 CTAs of 64 threads, in[i] = i - 70), stopped before the
 * kernel writes it: the Breakpoints view names its accesses, space, context and range (the offset
 * of &stage[5], evaluated here); the kernel then stops after thread 5 writes it, with that lane
 * focused, selected in the Debug view and shown in the Variables view, and the thread's label
 * gives the old and new value computed here (stage[t] = gid - 20).
 */
class KernelWatchpointUiTest {
    private static final int BLOCK = KernelDebugging.BLOCK;
    private KernelDebugging kernels;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("watchpoint-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
    }

    @Test
    void aWatchpointFromTheVariablesViewIsLabelledAndStopsInTheWritingLane() throws Exception {
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = kernels.launchToBreakpoint(
                kernels.expressions("ui test watchpoint", "p.x = in[gid]", "blockIdx.x == 1 && threadIdx.x == 0"),
                "the breakpoint before the writes");
        KernelDebugTarget target = thread.kernelTarget();
        PtxStackFrame frame = KernelDebugging.selectedFrame();
        assertEquals(new LaneId(new WarpId(new Dim3(1, 0, 0), 0), 0), new LaneId(thread.warpId(), frame.lane()));

        // stage[5] as the Variables view shows it: the element row under stage
        KernelVariable stage = (KernelVariable) frame.variable("stage");
        KernelVariable element = null;
        for (IVariable v : stage.getValue().getVariables()) {
            if ("[5]".equals(v.getName())) {
                element = (KernelVariable) v;
            }
        }
        Watchable what = Watchable.of(element);
        assertEquals("stage[5]", what.expression());
        assertNull(KernelWatchpoints.existing(what));
        CompletableFuture<KernelWatchpoint> added = KernelWatchpoints.add(what, spec -> WatchpointChoice.DEFAULT);
        UiTesting.waitUntil(added::isDone, 60_000, "the watchpoint");
        KernelWatchpoint w = added.get();
        assertSame(w, KernelWatchpoints.existing(what), "Toggle Watchpoint would remove it");

        // the Breakpoints view's label: accesses, the expression, space, CTA and the offset of &stage[5]
        String offset = pointerOffset(frame, "&stage[5]");
        String label = "write watchpoint stage[5] (shared [CTA (1,0,0)] +" + offset + ", 4 bytes)";
        AbstractDebugView breakpoints = (AbstractDebugView) page.showView(IDebugUIConstants.ID_BREAKPOINT_VIEW);
        Tree tree = (Tree) breakpoints.getViewer().getControl();
        UiTesting.waitUntil(() -> labels(tree).contains(label), 60_000, "the Breakpoints view to show " + label);

        // resume: thread 5 of CTA (1,0,0) writes stage[5] = gid - 20 over shared memory's zero
        long stops = target.stopGeneration();
        target.resume();
        UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the watchpoint stop");
        WatchHit hit = target.lastStop().watch();
        LaneId writer = new LaneId(new WarpId(new Dim3(1, 0, 0), 0), 5);
        assertEquals(writer, hit.lane());
        assertEquals(writer, target.focus().current().lane());
        WarpThread stopped = target.thread(writer.warp());
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() == stopped.topFrame(), 60_000,
                "the Debug view to select the writing warp");
        assertEquals(5, stopped.topFrame().lane());
        int gid = BLOCK + 5;
        assertTrue(stopped.getName().contains("watchpoint stage[5] written by lane 5, old = 0, new = " + (gid - 20)),
                stopped.getName());
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        Tree shown = (Tree) variables.getViewer().getControl();
        try {
            // the Console may still open over the Variables view when the stop's output arrives after
            // showView (its placeholder is in the bottom folder, yet some runs put it on the right):
            // the Variables tab is brought back to the front, as a user would click it
            UiTesting.waitUntil(() -> {
                if (!page.isPartVisible(variables)) {
                    page.bringToTop(variables);
                }
                return Integer.toString(gid).equals(value(shown, "gid"));
            }, 60_000, "the Variables view to show the writer's gid " + gid);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; it shows " + rows(shown) + " for " + variables.getViewer().getInput()
                    + " (frame lane " + stopped.topFrame().lane() + "), the debug context is " + DebugUITools.getDebugContext()
                    + "; " + UiTesting.workbenchState(page), e);
        }
        assertEquals(List.of(w), List.of(stopped.getBreakpoints()));
    }

    /** The hex offset of a shared pointer expression, evaluated by the Expressions view's delegate in {@code frame}. */
    private static String pointerOffset(PtxStackFrame frame, String expression) throws Exception {
        IWatchExpression e = DebugPlugin.getDefault().getExpressionManager().newWatchExpression(expression);
        CompletableFuture<String> value = CompletableFuture.supplyAsync(() -> {
            e.setExpressionContext(frame);
            try {
                return e.getValue().getValueString();
            } catch (org.eclipse.debug.core.DebugException x) {
                throw new AssertionError(x);
            }
        });
        UiTesting.waitUntil(value::isDone, 60_000, expression);
        String pointer = value.get();
        assertTrue(pointer.startsWith("(@shared int *) 0x"), pointer);
        e.dispose();
        return pointer.substring(pointer.indexOf("0x"));
    }

    private static List<String> labels(Tree tree) {
        List<String> out = new ArrayList<>();
        collect(tree.getItems(), out);
        return out;
    }

    private static void collect(TreeItem[] items, List<String> out) {
        for (TreeItem item : items) {
            out.add(item.getText());
            collect(item.getItems(), out);
        }
    }

    /** The Variables view's top-level rows, each with its columns. */
    private static List<String> rows(Tree tree) {
        List<String> out = new ArrayList<>();
        for (TreeItem item : tree.getItems()) {
            StringBuilder row = new StringBuilder(item.getText(0));
            for (int c = 1; c < tree.getColumnCount(); c++) {
                row.append(" | ").append(item.getText(c));
            }
            out.add(row.toString());
        }
        return out;
    }

    /** The value the Variables view shows for the top-level variable {@code name}, or null. */
    private static String value(Tree tree, String name) {
        for (TreeItem item : tree.getItems()) {
            String label = item.getText(0);
            if (tree.getColumnCount() > 1 && name.equals(label)) {
                return item.getText(1);
            }
            if (label.startsWith(name + " = ")) {
                return label.substring(name.length() + 3);
            }
        }
        return null;
    }
}
