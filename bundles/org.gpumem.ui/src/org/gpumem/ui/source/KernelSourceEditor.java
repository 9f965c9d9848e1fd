package org.gpumem.ui.source;

import org.eclipse.ui.editors.text.TextEditor;

/**
 * The editor of {@code .cu}, {@code .cuh} and {@code .ptx} files: the platform's text editor with
 * CUDA C++ and PTX colouring. Ruler double-click and the ruler menu's Toggle Breakpoint set
 * gpumem kernel breakpoints here, and Run to Line runs a suspended kernel to a line; the
 * adapters behind them are contributed to this editor only.
 */
public final class KernelSourceEditor extends TextEditor {

    public static final String ID = "org.gpumem.ui.launch.kernelTextEditor";
    /** The ruler's context menu, which gpumem's Toggle Breakpoint is contributed to. */
    public static final String RULER_CONTEXT_MENU = "#KernelSourceRulerContext";

    public KernelSourceEditor() {
        setSourceViewerConfiguration(new KernelSourceConfiguration());
        setRulerContextMenuId(RULER_CONTEXT_MENU);
    }
}
