package org.gpumem.ui.source;

import org.eclipse.core.filesystem.IFileStore;
import org.eclipse.core.resources.IFile;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.ide.FileStoreEditorInput;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * The editor of {@code .cu}, {@code .cuh} and {@code .ptx} files: the platform's text editor with
 * CUDA C++ and PTX colouring. Ruler double-click and the ruler menu's Toggle Breakpoint set
 * gpumem kernel breakpoints here, and Run to Line runs a suspended kernel to a line; the
 * adapters behind them are contributed to this editor only. Its context menu offers Inspect and
 * Watch of the selected expression in the selected kernel frame ({@link KernelSourceInspection}).
 */
public final class KernelSourceEditor extends TextEditor {

    public static final String ID = "org.gpumem.ui.launch.kernelTextEditor";
    /** The ruler's context menu, which gpumem's Toggle Breakpoint is contributed to. */
    public static final String RULER_CONTEXT_MENU = "#KernelSourceRulerContext";

    public KernelSourceEditor() {
        setSourceViewerConfiguration(new KernelSourceConfiguration());
        setRulerContextMenuId(RULER_CONTEXT_MENU);
    }

    /**
     * Opens {@code file} (a workspace {@link IFile} or, outside the workspace, an EFS
     * {@link IFileStore}, as the launches' source locator finds them) in this editor with line
     * {@code line} (1-based; none when below 1) selected; null when {@code file} is neither.
     *
     * @throws BadLocationException when the file has no such line (the editor stays open); its
     *                              message says so in one line
     */
    public static IEditorPart openAt(IWorkbenchPage page, Object file, int line) throws PartInitException, BadLocationException {
        IEditorPart editor;
        if (file instanceof IFile f) {
            editor = page.openEditor(new FileEditorInput(f), ID);
        } else if (file instanceof IFileStore store) {
            editor = page.openEditor(new FileStoreEditorInput(store), ID);
        } else {
            return null;
        }
        if (editor instanceof ITextEditor text && line > 0) {
            IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
            if (line > document.getNumberOfLines()) {
                // the platform's exception has no message; the views show this one
                throw new BadLocationException(text.getEditorInput().getName() + " has " + document.getNumberOfLines()
                        + " lines, no line " + line + " (changed since?)");
            }
            IRegion region = document.getLineInformation(line - 1);
            text.selectAndReveal(region.getOffset(), region.getLength());
        }
        return editor;
    }

    @Override
    protected void editorContextMenuAboutToShow(IMenuManager menu) {
        super.editorContextMenuAboutToShow(menu);
        menu.appendToGroup(IWorkbenchActionConstants.MB_ADDITIONS, new Action("Inspect") {
            @Override
            public void run() {
                KernelSourceInspection.inspect(KernelSourceEditor.this);
            }
        });
        menu.appendToGroup(IWorkbenchActionConstants.MB_ADDITIONS, new Action("Watch") {
            @Override
            public void run() {
                KernelSourceInspection.watch(KernelSourceEditor.this);
            }
        });
    }
}
