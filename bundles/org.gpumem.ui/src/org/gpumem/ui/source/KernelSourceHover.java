package org.gpumem.ui.source;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IWatchExpressionResult;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.gpumem.debug.model.KernelWatchExpressionDelegate;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * The value of the identifier under the mouse (with the member accesses before it:
 * {@code threadIdx.x}, {@code q->y}), or of the selected expression when the mouse is in the
 * selection, in the focused lane of the selected kernel frame, as cuda-gdb prints it: the debug
 * core's evaluator, through the Expressions view's delegate, so a hover and a watch expression
 * never disagree. The platform asks for the text on its hover thread; the evaluation runs in a
 * job, on the session's executor, and is waited for at most {@link #WAIT_MS}: a kernel that runs, ended
 * or does not answer in time says so instead of holding the hover. Without a kernel frame the
 * editor's annotation hover answers, as it does in the platform's text editor.
 */
final class KernelSourceHover implements ITextHover {
    /** How long a hover waits for the session's answer. */
    static final long WAIT_MS = 2_000;

    private final ITextHover annotations;

    /** {@code annotations}: the hover that answers when no kernel frame is selected (may be null). */
    KernelSourceHover(ITextHover annotations) {
        this.annotations = annotations;
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        if (kernelFrame() == null) {
            return annotations == null ? null : annotations.getHoverRegion(viewer, offset);
        }
        org.eclipse.swt.graphics.Point selected = viewer.getSelectedRange();
        if (selected != null && selected.y > 0 && offset >= selected.x && offset <= selected.x + selected.y) {
            return new Region(selected.x, selected.y);
        }
        return expressionAt(viewer.getDocument(), offset);
    }

    @Override
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        PtxStackFrame frame = kernelFrame();
        if (frame == null) {
            return annotations == null ? null : annotations.getHoverInfo(viewer, region);
        }
        String expression;
        try {
            expression = viewer.getDocument().get(region.getOffset(), region.getLength()).strip();
        } catch (BadLocationException e) {
            // the document changed between the region and the hover: nothing to show there
            return null;
        }
        return expression.isEmpty() ? null : valueOf(expression, frame);
    }

    /** {@code expression = value} in {@code frame}'s lane, or {@code expression: why there is none}. */
    static String valueOf(String expression, PtxStackFrame frame) {
        if (frame.isTerminated()) {
            return expression + ": (kernel ended)";
        }
        if (!frame.isSuspended()) {
            return expression + ": (kernel running)";
        }
        CompletableFuture<IWatchExpressionResult> answer = CompletableFuture.supplyAsync(() -> {
            AtomicReference<IWatchExpressionResult> result = new AtomicReference<>();
            new KernelWatchExpressionDelegate().evaluateExpression(expression, frame, result::set);
            return result.get();
        }, KernelSourceHover::inJob);
        IWatchExpressionResult result;
        try {
            result = answer.get(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return expression + ": (no answer from the kernel within " + WAIT_MS / 1000 + " s)";
        } catch (InterruptedException e) {
            // the platform cancelled the hover (the mouse moved on): no text is wanted
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            throw new IllegalStateException("evaluating '" + expression + "' for a hover failed", e.getCause());
        }
        if (result.hasErrors()) {
            return expression + ": " + String.join("; ", result.getErrorMessages());
        }
        try {
            return expression + " = " + result.getValue().getValueString();
        } catch (DebugException e) {
            return expression + ": " + e.getStatus().getMessage();
        }
    }

    /**
     * Runs {@code evaluation} in a system job: it waits for the session, which the platform's
     * worker pool allows for (the common fork-join pool, {@code supplyAsync}'s default, does not;
     * a hover given up after {@link #WAIT_MS} would keep one of its few threads).
     */
    private static void inJob(Runnable evaluation) {
        Job job = Job.create("Evaluating a hover", monitor -> {
            evaluation.run();
        });
        job.setSystem(true);
        job.schedule();
    }

    /** The selected frame when it is a gpumem kernel's, else null. */
    private static PtxStackFrame kernelFrame() {
        IStackFrame frame = GpuMemorySession.get().frame();
        return frame instanceof PtxStackFrame f ? f : null;
    }

    /**
     * The identifier around {@code offset} with the member accesses ({@code .}, {@code ->}) before
     * it, or null where there is none: a literal, a keyword, punctuation.
     */
    static IRegion expressionAt(IDocument document, int offset) {
        String text = document.get();
        if (offset < 0 || offset > text.length()) {
            return null;
        }
        if (offset + 1 < text.length() && (text.charAt(offset) == '$' || text.charAt(offset) == '%')
                && Character.isLetter(text.charAt(offset + 1))) {
            offset++; // the mouse on a register's sigil
        }
        int start = offset;
        while (start > 0 && identifierPart(text.charAt(start - 1))) {
            start--;
        }
        int end = offset;
        while (end < text.length() && identifierPart(text.charAt(end))) {
            end++;
        }
        // a register: $r5 as cuda-gdb names it, %r5 as PTX does (not a remainder: a%b)
        if (start > 0 && (text.charAt(start - 1) == '$' || text.charAt(start - 1) == '%')
                && (start == 1 || " \t\n,([{".indexOf(text.charAt(start - 2)) >= 0)) {
            start--;
        }
        if (start == end || !identifierStart(text.charAt(start))) {
            return null;
        }
        String word = text.substring(start, end);
        if (KernelCodeScanner.KEYWORDS.contains(word)) {
            return null;
        }
        // threadIdx.x, p.flags, q->x: the whole access is the expression
        while (true) {
            int dot = start;
            if (dot >= 1 && text.charAt(dot - 1) == '.') {
                dot -= 1;
            } else if (dot >= 2 && text.startsWith("->", dot - 2)) {
                dot -= 2;
            } else {
                break;
            }
            int before = dot;
            while (before > 0 && identifierPart(text.charAt(before - 1))) {
                before--;
            }
            if (before == dot || !identifierStart(text.charAt(before))) {
                break;
            }
            start = before;
        }
        return new Region(start, end - start);
    }

    private static boolean identifierPart(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    /** An identifier, or a register as cuda-gdb ({@code $r5}) or PTX ({@code %r5}) names it. */
    private static boolean identifierStart(char c) {
        return c == '_' || c == '$' || c == '%' || Character.isLetter(c);
    }
}
