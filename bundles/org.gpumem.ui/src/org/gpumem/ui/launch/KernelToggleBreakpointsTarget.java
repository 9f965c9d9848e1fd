package org.gpumem.ui.launch;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;

/**
 * Toggles {@link KernelLineBreakpoint}s on the line of the selection in a text editor showing a
 * {@code .cu}, {@code .cuh} or {@code .ptx} workspace file (ruler double-click and the ruler's
 * Toggle Breakpoint action).
 */
public final class KernelToggleBreakpointsTarget implements IToggleBreakpointsTarget {

    @Override
    public void toggleLineBreakpoints(IWorkbenchPart part, ISelection selection) throws CoreException {
        IFile file = file(part);
        if (file == null || !(selection instanceof ITextSelection text)) {
            return;
        }
        int line = text.getStartLine() + 1;
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            IMarker marker = b.getMarker();
            if (b instanceof KernelLineBreakpoint k && marker != null && file.equals(marker.getResource())
                    && k.getLineNumber() == line) {
                b.delete();
                return;
            }
        }
        new KernelLineBreakpoint(file, line);
    }

    @Override
    public boolean canToggleLineBreakpoints(IWorkbenchPart part, ISelection selection) {
        return file(part) != null && selection instanceof ITextSelection;
    }

    static IFile file(IWorkbenchPart part) {
        if (part instanceof ITextEditor editor) {
            IFile f = editor.getEditorInput().getAdapter(IFile.class);
            if (KernelLineBreakpoint.canHaveBreakpoints(f)) {
                return f;
            }
        }
        return null;
    }

    @Override
    public void toggleMethodBreakpoints(IWorkbenchPart part, ISelection selection) {
        // Kernels have no method breakpoints; canToggleMethodBreakpoints says so.
    }

    @Override
    public boolean canToggleMethodBreakpoints(IWorkbenchPart part, ISelection selection) {
        return false;
    }

    @Override
    public void toggleWatchpoints(IWorkbenchPart part, ISelection selection) {
        // Kernels have no watchpoints; canToggleWatchpoints says so.
    }

    @Override
    public boolean canToggleWatchpoints(IWorkbenchPart part, ISelection selection) {
        return false;
    }
}
