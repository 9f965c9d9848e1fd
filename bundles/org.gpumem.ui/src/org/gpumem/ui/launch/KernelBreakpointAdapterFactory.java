package org.gpumem.ui.launch;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.ui.actions.IRunToLineTarget;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.ui.IWorkbenchPart;

/** Adapts text editors of CUDA and PTX files to {@link KernelToggleBreakpointsTarget} and {@link KernelRunToLineTarget}. */
public final class KernelBreakpointAdapterFactory implements IAdapterFactory {
    private static final KernelToggleBreakpointsTarget TARGET = new KernelToggleBreakpointsTarget();
    private static final KernelRunToLineTarget RUN_TO_LINE = new KernelRunToLineTarget();

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adapterType == IToggleBreakpointsTarget.class && adaptable instanceof IWorkbenchPart part
                && KernelToggleBreakpointsTarget.file(part) != null) {
            return adapterType.cast(TARGET);
        }
        if (adapterType == IRunToLineTarget.class && adaptable instanceof IWorkbenchPart part
                && KernelToggleBreakpointsTarget.file(part) != null) {
            return adapterType.cast(RUN_TO_LINE);
        }
        return null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IToggleBreakpointsTarget.class, IRunToLineTarget.class};
    }
}
