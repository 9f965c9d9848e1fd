package org.gpumem.ui.launch;

import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.ISuspendResume;
import org.eclipse.debug.ui.actions.IRunToLineTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IWorkbenchPart;
import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.model.KernelDebugTarget;

/**
 * Run to Line (Ctrl+R) in a text editor of a {@code .cu}, {@code .cuh} or {@code .ptx} file while
 * a gpumem kernel is suspended: the kernel resumes until a warp reaches the selected line.
 */
public final class KernelRunToLineTarget implements IRunToLineTarget {

    @Override
    public void runToLine(IWorkbenchPart part, ISelection selection, ISuspendResume target) throws CoreException {
        KernelDebugTarget kernel = kernel(target);
        IFile file = KernelToggleBreakpointsTarget.file(part);
        if (kernel == null || file == null || file.getLocation() == null || !(selection instanceof ITextSelection text)) {
            throw new CoreException(Status.error("Run to Line needs a suspended gpumem kernel and a line of a .cu or .ptx file"));
        }
        kernel.runToLine(new BreakpointSpec(Path.of(file.getLocation().toOSString()), text.getStartLine() + 1,
                "ptx".equals(file.getFileExtension())));
    }

    @Override
    public boolean canRunToLine(IWorkbenchPart part, ISelection selection, ISuspendResume target) {
        KernelDebugTarget kernel = kernel(target);
        return kernel != null && kernel.canResume() && KernelToggleBreakpointsTarget.file(part) != null
                && selection instanceof ITextSelection;
    }

    private static KernelDebugTarget kernel(ISuspendResume target) {
        return target instanceof IDebugElement element && element.getDebugTarget() instanceof KernelDebugTarget kernel
                ? kernel : null;
    }
}
