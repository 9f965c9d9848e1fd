package org.gpumem.ui.launch;

import org.eclipse.core.filesystem.IFileStore;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.ui.IDebugModelPresentation;
import org.eclipse.debug.ui.IValueDetailListener;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.ide.FileStoreEditorInput;
import org.eclipse.ui.part.FileEditorInput;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.KernelValue;

/**
 * Labels and editors of the gpumem debug model: variables show their address space and
 * location beside the name ({@code stage : shared [CTA (1,0,0)] +0x0}), watchpoints their accesses, space,
 * context and range ({@code write watchpoint stage[5] (shared [CTA (1,0,0)] +0x14, 4 bytes)}), the detail pane shows
 * value and location, a faulted warp shows the fault report, and source files open in the
 * platform text editor.
 */
public final class KernelModelPresentation extends LabelProvider implements IDebugModelPresentation {
    /** The editor kernels' sources and PTX open in (the platform text editor). */
    public static final String EDITOR_ID = "org.gpumem.ui.launch.kernelTextEditor";

    @Override
    public void setAttribute(String attribute, Object value) {
        // No presentation attributes (qualified names, types) change these labels.
    }

    @Override
    public Image getImage(Object element) {
        return null;
    }

    @Override
    public String getText(Object element) {
        try {
            if (element instanceof KernelVariable v) {
                return v.getName() + " [" + v.location() + "] = " + v.getValue().getValueString();
            }
            if (element instanceof KernelWatchpoint w && w.getMarker() != null) {
                return w.describe();
            }
            if (element instanceof IBreakpoint b && b.getMarker() != null) {
                IMarker m = b.getMarker();
                return m.getResource().getName() + " [line: " + m.getAttribute(IMarker.LINE_NUMBER, -1) + "]";
            }
        } catch (DebugException e) {
            return element + " <" + e.getStatus().getMessage() + ">";
        }
        return null;
    }

    @Override
    public void computeDetail(IValue value, IValueDetailListener listener) {
        String detail;
        try {
            detail = value.getValueString();
            if (value instanceof KernelValue k) {
                KernelVariable v = k.variable();
                detail += "\n" + v.getReferenceTypeName() + " in " + v.location();
            }
        } catch (DebugException e) {
            detail = e.getStatus().getMessage();
        }
        listener.detailComputed(value, detail);
    }

    @Override
    public IEditorInput getEditorInput(Object element) {
        if (element instanceof IFile f) {
            return new FileEditorInput(f);
        }
        if (element instanceof IFileStore store) {
            return new FileStoreEditorInput(store);
        }
        if (element instanceof IBreakpoint b && b.getMarker() != null && b.getMarker().getResource() instanceof IFile f) {
            return new FileEditorInput(f);
        }
        return null;
    }

    @Override
    public String getEditorId(IEditorInput input, Object element) {
        return EDITOR_ID;
    }
}
