package org.gpumem.ui.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.debug.ui.actions.IRunToLineTarget;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * .cu, .cuh and .ptx files open in gpumem's kernel source editor, which colours CUDA C++ and PTX;
 * gpumem's breakpoint and Run to Line targets are offered on that editor only, not on the
 * platform's text editor.
 */
class KernelSourceEditorTest {

    private static final String CUDA = "// a comment\n#include <cstdio>\n__global__ void k(int *out, int n) {\n"
            + "    int i = threadIdx.x + blockIdx.x * blockDim.x;\n    if (i < n) out[i] = 42;\n}\n";
    private static final String PTX = ".visible .entry k(\n    .param .u64 out\n)\n{\n    mov.u32 %r1, %tid.x;\n}\n";

    private IProject project;
    private IWorkbenchPage page;

    @BeforeEach
    void setUp() throws Exception {
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("KernelSourceEditorTest");
        project.create(null);
        project.open(null);
        page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
    }

    @AfterEach
    void cleanUp() throws Exception {
        UiTesting.endLaunchesAndDelete(project);
    }

    private IFile file(String name, String text) throws Exception {
        IFile f = project.getFile(name);
        f.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), IResource.NONE, null);
        return f;
    }

    /** The style of the text at the first occurrence of {@code word} in the editor. */
    private static StyleRange styleOf(IEditorPart editor, String word) {
        StyledText text = (StyledText) editor.getAdapter(org.eclipse.swt.widgets.Control.class);
        int at = text.getText().indexOf(word);
        assertTrue(at >= 0, word + " is not in the editor");
        StyleRange style = text.getStyleRangeAtOffset(at);
        return style == null ? new StyleRange() : style;
    }

    @Test
    void aCudaSourceIsColouredByGpumemsEditor() throws Exception {
        IEditorPart editor = IDE.openEditor(page, file("k.cu", CUDA));
        assertInstanceOf(KernelSourceEditor.class, editor);
        UiTesting.waitForQuiet();
        KernelSourceColours colours = new KernelSourceColours();
        StyleRange keyword = styleOf(editor, "void");
        assertEquals(colours.keyword().getForeground().getRGB(), keyword.foreground.getRGB(), "the keyword void");
        assertEquals(SWT.BOLD, keyword.fontStyle & SWT.BOLD);
        assertEquals(colours.cudaQualifier().getForeground().getRGB(), styleOf(editor, "__global__").foreground.getRGB());
        assertEquals(colours.cudaBuiltin().getForeground().getRGB(), styleOf(editor, "threadIdx").foreground.getRGB());
        assertEquals(colours.comment().getForeground().getRGB(), styleOf(editor, "a comment").foreground.getRGB());
        assertEquals(colours.preprocessor().getForeground().getRGB(), styleOf(editor, "include").foreground.getRGB());
        // a plain identifier and a member access stay plain
        assertNull(styleOf(editor, "out").foreground, "the identifier out is coloured");
        StyleRange member = styleOf(editor, ".x");
        assertTrue(member.foreground == null || !member.foreground.getRGB().equals(colours.ptxDirective().getForeground().getRGB()),
                "threadIdx.x's .x is coloured as a PTX directive");
        UiTesting.screenshot(editor.getAdapter(org.eclipse.swt.widgets.Control.class), "kernel-source-editor");
    }

    @Test
    void aPtxModuleIsColouredByGpumemsEditor() throws Exception {
        IEditorPart editor = IDE.openEditor(page, file("k.ptx", PTX));
        assertInstanceOf(KernelSourceEditor.class, editor);
        UiTesting.waitForQuiet();
        KernelSourceColours colours = new KernelSourceColours();
        assertEquals(colours.ptxDirective().getForeground().getRGB(), styleOf(editor, ".entry").foreground.getRGB());
        assertEquals(colours.ptxRegister().getForeground().getRGB(), styleOf(editor, "%r1").foreground.getRGB());
    }

    @Test
    void breakpointsAndRunToLineAreOfferedInGpumemsEditorOnly() throws Exception {
        IEditorPart kernel = IDE.openEditor(page, file("k.cu", CUDA));
        assertNotNull(Adapters.adapt(kernel, IToggleBreakpointsTarget.class), "no kernel breakpoints in gpumem's editor");
        assertNotNull(Adapters.adapt(kernel, IRunToLineTarget.class), "no Run to Line in gpumem's editor");
        IEditorPart text = IDE.openEditor(page, file("notes.txt", "a text file\n"));
        assertNotEquals(KernelSourceEditor.class, text.getClass());
        assertNull(Adapters.adapt(text, IToggleBreakpointsTarget.class), "gpumem offers breakpoints in " + text.getClass());
        assertNull(Adapters.adapt(text, IRunToLineTarget.class), "gpumem offers Run to Line in " + text.getClass());
    }
}
