package org.gpumem.ui.source;

import java.util.concurrent.CompletableFuture;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IExpressionManager;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IWatchExpression;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.InspectPopupDialog;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension5;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PartInitException;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * Inspect and Watch in the kernel source editor's context menu (added by the editor itself, so
 * no other editor gets them): the selected expression (or the
 * identifier at the caret, as a hover finds it) as a watch expression of the platform's
 * expression manager, evaluated by the debug core through {@code KernelWatchExpressionDelegate}
 * in the selected kernel frame's lane. The evaluation runs in a job, never on the UI thread;
 * Inspect then shows the platform's {@link InspectPopupDialog} (from which the user may move it
 * to the Expressions view), Watch adds it to the Expressions view.
 */
public final class KernelSourceInspection {

    private KernelSourceInspection() {
    }

    /**
     * Evaluates the expression selected in {@code editor} (in a job) and shows it in an inspect
     * popup; the future gets the evaluated watch expression (null when there is nothing to inspect).
     */
    public static CompletableFuture<IWatchExpression> inspect(KernelSourceEditor editor) {
        ITextViewer viewer = (ITextViewer) editor.getAdapter(ITextOperationTarget.class);
        Point anchor = anchor(viewer);
        return evaluate(editor, false).thenApply(w -> {
            if (w != null) {
                Display.getDefault().asyncExec(() -> {
                    if (!viewer.getTextWidget().isDisposed()) {
                        new InspectPopupDialog(viewer.getTextWidget().getShell(), anchor, null, w).open();
                    }
                });
            }
            return w;
        });
    }

    /** Adds the expression selected in {@code editor} to the Expressions view, evaluated in a job. */
    public static CompletableFuture<IWatchExpression> watch(KernelSourceEditor editor) {
        try {
            editor.getSite().getPage().showView(IDebugUIConstants.ID_EXPRESSION_VIEW);
        } catch (PartInitException e) {
            MessageDialog.openError(editor.getSite().getShell(), "Watch", "Cannot open the Expressions view: " + e.getMessage());
        }
        return evaluate(editor, true);
    }

    /**
     * The watch expression of the editor's selection, evaluated in a job in the selected kernel
     * frame (added to the expression manager first when {@code add}); null when the selection
     * holds no expression or no kernel frame is selected (the editor's status line says so).
     */
    private static CompletableFuture<IWatchExpression> evaluate(KernelSourceEditor editor, boolean add) {
        String text = expression(editor);
        IStackFrame frame = GpuMemorySession.get().frame();
        if (text == null || !(frame instanceof PtxStackFrame kernelFrame)) {
            editor.getEditorSite().getActionBars().getStatusLineManager().setErrorMessage(text == null
                    ? "Select an expression to evaluate" : "No kernel frame is selected: suspend a gpumem kernel first");
            return CompletableFuture.completedFuture(null);
        }
        IExpressionManager manager = DebugPlugin.getDefault().getExpressionManager();
        IWatchExpression w = manager.newWatchExpression(text);
        if (add) {
            manager.addExpression(w);
        }
        CompletableFuture<IWatchExpression> done = new CompletableFuture<>();
        Job job = Job.create("Evaluating " + text, monitor -> {
            try {
                // the delegate evaluates in this thread, on the session's executor
                w.setExpressionContext(kernelFrame);
                done.complete(w);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                throw e;
            }
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
        return done;
    }

    /** The selected text, or the identifier (with its member accesses) at the caret; null when there is none. */
    static String expression(KernelSourceEditor editor) {
        ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
        if (selection.getLength() > 0 && !selection.getText().isBlank()) {
            return selection.getText().strip();
        }
        ITextViewer viewer = (ITextViewer) editor.getAdapter(ITextOperationTarget.class);
        IRegion at = KernelSourceHover.expressionAt(viewer.getDocument(), selection.getOffset());
        return at == null ? null : viewer.getDocument().get().substring(at.getOffset(), at.getOffset() + at.getLength());
    }

    /** Below the selection's start, in display coordinates (where the popup opens). */
    private static Point anchor(ITextViewer viewer) {
        StyledText widget = viewer.getTextWidget();
        int offset = viewer.getSelectedRange().x;
        int widgetOffset = viewer instanceof ITextViewerExtension5 e ? e.modelOffset2WidgetOffset(offset) : offset;
        Point at = widget.getLocationAtOffset(Math.max(0, widgetOffset));
        return widget.toDisplay(at.x, at.y + widget.getLineHeight());
    }
}
