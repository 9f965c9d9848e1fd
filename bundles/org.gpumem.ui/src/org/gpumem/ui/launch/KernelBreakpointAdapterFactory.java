package org.gpumem.ui.launch;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.ui.IWorkbenchPart;

/** Adapts text editors of CUDA and PTX files to {@link KernelToggleBreakpointsTarget}. */
public final class KernelBreakpointAdapterFactory implements IAdapterFactory {
    private static final KernelToggleBreakpointsTarget TARGET = new KernelToggleBreakpointsTarget();

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adapterType == IToggleBreakpointsTarget.class && adaptable instanceof IWorkbenchPart part
                && KernelToggleBreakpointsTarget.file(part) != null) {
            return adapterType.cast(TARGET);
        }
        return null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IToggleBreakpointsTarget.class};
    }
}
