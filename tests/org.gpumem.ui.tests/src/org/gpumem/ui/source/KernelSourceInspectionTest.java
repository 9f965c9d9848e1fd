package org.gpumem.ui.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IExpression;
import org.eclipse.debug.core.model.IWatchExpression;
import org.eclipse.debug.ui.InspectPopupDialog;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Inspect and Watch of a selection in the kernel source editor over expressions.cu (-G PTX,
 * 2 CTAs of 64 threads, in[i] = i - 70) stopped by a condition in thread 5 of CTA 0: the
 * inspected value is the one computed here from the source for that lane, shown in the
 * platform's inspect popup; Watch adds the same expression, evaluated, to the Expressions view.
 */
class KernelSourceInspectionTest {
    private static final int BLOCK = KernelDebugging.BLOCK;
    private static final int THREAD = 5;
    private KernelDebugging kernels;
    private IExpression watched;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("inspect-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (watched != null) {
            DebugPlugin.getDefault().getExpressionManager().removeExpression(watched);
        }
        kernels.cleanUp();
    }

    // expressions.cu on the CPU, CTA 0: stage[t] = gid - 20, window[k] = gid * 10 + k; mode is 2 in odd lanes, else 5
    private static int sumPlusMode(int t) {
        return (t + 1) % BLOCK - 20 + t * 10 + 3 + ((t & 1) != 0 ? 2 : 5);
    }

    @Test
    void inspectAndWatchOfASelectionShowTheFocusedLanesValue() throws Exception {
        KernelSourceEditor editor = kernels.stopInExpressions("inspect", THREAD).editor();
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        String text = viewer.getDocument().get();
        int selected = text.indexOf("sum + mode", text.indexOf("out[gid] = sum + mode"));
        viewer.setSelectedRange(selected, "sum + mode".length());

        CompletableFuture<IWatchExpression> inspected = KernelSourceInspection.inspect(editor);
        UiTesting.waitUntil(inspected::isDone, 60_000, "the inspection");
        IWatchExpression w = inspected.get();
        assertEquals("sum + mode", w.getExpressionText());
        assertEquals(Integer.toString(sumPlusMode(THREAD)), w.getValue().getValueString());
        UiTesting.waitUntil(() -> popup() != null, 60_000, "the inspect popup");
        popup().close();

        // the caret in an identifier, nothing selected: that identifier, added to the Expressions view
        viewer.setSelectedRange(text.indexOf("gid", text.indexOf("int gid")), 0);
        CompletableFuture<IWatchExpression> added = KernelSourceInspection.watch(editor);
        UiTesting.waitUntil(added::isDone, 60_000, "the watch expression");
        watched = added.get();
        assertEquals("gid", watched.getExpressionText());
        assertTrue(Arrays.asList(DebugPlugin.getDefault().getExpressionManager().getExpressions()).contains(watched));
        assertEquals(Integer.toString(THREAD), watched.getValue().getValueString());
    }

    /** The open inspect popup, or null. */
    private static InspectPopupDialog popup() {
        for (Shell s : Display.getCurrent().getShells()) {
            if (s.getData() instanceof InspectPopupDialog d && s.isVisible()) {
                return d;
            }
        }
        return null;
    }
}
