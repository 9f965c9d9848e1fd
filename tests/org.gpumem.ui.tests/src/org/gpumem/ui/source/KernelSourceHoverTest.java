package org.gpumem.ui.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.eclipse.jface.text.Document;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.source.ISourceViewer;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hovers in the kernel source editor over expressions.cu (-G PTX, 2 CTAs of 64 threads,
 * in[i] = i - 70) stopped by a condition in thread 5 of CTA 0: an identifier, a member access and
 * a selected expression show the values computed here from the source for that lane; a kernel
 * that ended says so; once the views let go of its frame there is no value hover.
 */
class KernelSourceHoverTest {
    private static final int BLOCK = KernelDebugging.BLOCK;
    private static final int THREAD = 5;
    private KernelDebugging kernels;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("hover-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
    }

    // expressions.cu on the CPU, CTA 0: stage[t] = gid - 20, window[k] = gid * 10 + k
    private static int sum(int t) {
        return (t + 1) % BLOCK - 20 + t * 10 + 3;
    }

    /** The hover's text at the first {@code word} after {@code after} in the document, the mouse {@code into} it. */
    private static String hoverAt(ITextHover hover, ISourceViewer viewer, String after, String word, int into) {
        String text = viewer.getDocument().get();
        int at = text.indexOf(word, text.indexOf(after)) + into;
        IRegion region = hover.getHoverRegion(viewer, at);
        return region == null ? null : hover.getHoverInfo(viewer, region);
    }

    @Test
    void showsTheFocusedLanesValueOfAnIdentifierAMemberAndASelection() throws Exception {
        KernelDebugging.StoppedSource stopped = kernels.stopInExpressions("hover", THREAD);
        PtxStackFrame frame = stopped.frame();
        KernelSourceEditor editor = stopped.editor();
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        ITextHover hover = new KernelSourceConfiguration().getTextHover(viewer, IDocument.DEFAULT_CONTENT_TYPE);
        String at = "out[gid] = sum + mode";

        assertEquals("sum = " + sum(THREAD), hoverAt(hover, viewer, at, "sum", 1));
        // the mouse on x of threadIdx.x: the member access
        assertEquals("threadIdx.x = " + THREAD, hoverAt(hover, viewer, "p.y = 0.25f", "threadIdx.x", 10));
        int gid = THREAD;
        assertEquals("window = {" + gid * 10 + ", " + (gid * 10 + 1) + ", " + (gid * 10 + 2) + ", " + (gid * 10 + 3) + "}",
                hoverAt(hover, viewer, "int window[4]", "window", 0));
        // a keyword is no expression
        assertNull(hover.getHoverRegion(viewer, viewer.getDocument().get().indexOf("if (sum < 0)")));

        // a selection: the whole selected expression, mode being MODE_SCALE (2) in an odd lane
        String text = viewer.getDocument().get();
        int selected = text.indexOf("sum + mode", text.indexOf(at));
        viewer.setSelectedRange(selected, "sum + mode".length());
        assertEquals("sum + mode = " + (sum(THREAD) + ((THREAD & 1) != 0 ? 2 : 5)), hoverAt(hover, viewer, at, "mode", 1));
        viewer.setSelectedRange(selected, 0);

        kernels.launch().terminate();
        UiTesting.waitUntil(() -> frame.isTerminated(), 60_000, "the kernel to end");
        // a hover that still holds the frame of the ended kernel says so
        assertEquals("sum: (kernel ended)", KernelSourceHover.valueOf("sum", frame));
        // the views let go of an ended kernel's frame: no value hover then
        UiTesting.waitUntil(() -> GpuMemorySession.get().frame() == null, 60_000, "the views to let go of the frame");
        assertNull(hoverAt(hover, viewer, at, "sum", 1), "a value hover without a kernel frame");
    }

    /** The text a hover at the first {@code word} of {@code text}, the mouse {@code into} it, evaluates (null: none). */
    private static String expressionAt(String text, String word, int into) {
        IRegion r = KernelSourceHover.expressionAt(new Document(text), text.indexOf(word) + into);
        return r == null ? null : text.substring(r.getOffset(), r.getOffset() + r.getLength());
    }

    @Test
    void theHoveredExpressionIsTheIdentifierWithTheMemberAccessesBeforeIt() {
        String cuda = "float w = weights[k & 3] * p->x + q.flags[1] + gid%4 + 12;";
        assertEquals("weights", expressionAt(cuda, "weights", 3));
        assertEquals("p->x", expressionAt(cuda, "x +", 0));
        assertEquals("p", expressionAt(cuda, "p->", 0));
        assertEquals("q.flags", expressionAt(cuda, "flags", 2));
        // a remainder is no register
        assertEquals("gid", expressionAt(cuda, "gid", 1));
        assertNull(expressionAt(cuda, "12", 1), "a literal");
        assertNull(expressionAt(cuda, "float", 1), "a keyword");
        assertNull(expressionAt(cuda, "* p", 0), "an operator");
        String ptx = "    add.s32 %r5, %r4, $r3;";
        assertEquals("%r5", expressionAt(ptx, "r5", 1));
        assertEquals("%r4", expressionAt(ptx, "%r4", 0));
        assertEquals("$r3", expressionAt(ptx, "r3", 1));
    }
}
