package org.gpumem.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.junit.jupiter.api.Test;

class GpuMemoryPerspectiveTest {

    @Test
    void perspectiveShowsDebuggerAndGpuMemoryViews() throws Exception {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID, window);
        assertEquals(GpuMemoryPerspective.ID, page.getPerspective().getId());
        assertEquals("GPU Memory", page.getPerspective().getLabel());
        for (String id : new String[] {IDebugUIConstants.ID_DEBUG_VIEW, IDebugUIConstants.ID_VARIABLE_VIEW,
                IDebugUIConstants.ID_MEMORY_VIEW, IDebugUIConstants.ID_EXPRESSION_VIEW}) {
            assertNotNull(page.findViewReference(id), id + " is not in the GPU Memory perspective");
        }
        for (String id : GpuMemoryViews.ALL) {
            assertNotNull(page.findViewReference(id), id + " is not in the GPU Memory perspective");
        }
    }

    @Test
    void debuggingAKernelOpensThePerspective() {
        ILaunchConfigurationType kernel = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID);
        assertEquals(GpuMemoryPerspective.ID, DebugUITools.getLaunchPerspective(kernel, ILaunchManager.DEBUG_MODE));
    }
}
