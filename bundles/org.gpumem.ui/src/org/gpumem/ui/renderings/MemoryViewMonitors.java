package org.gpumem.ui.renderings;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.memory.IMemoryRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingContainer;
import org.eclipse.debug.ui.memory.IMemoryRenderingSite;
import org.eclipse.debug.ui.memory.IMemoryRenderingType;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;

/** Opening a memory block in the platform Memory view from gpumem's own views. */
public final class MemoryViewMonitors {

    private MemoryViewMonitors() {
    }

    /**
     * Shows {@code block} in the Memory view the way the view's own "Add Memory Monitor" action
     * does: the block plus its default renderings (gpumem's address-space table for gpumem
     * blocks) in the first pane. Adding a block through the memory block manager alone gives it
     * only an empty "New Renderings..." tab. Must run on the UI thread.
     *
     * @return the renderings created
     */
    public static List<IMemoryRendering> show(IWorkbenchPage page, IMemoryBlock block) throws CoreException {
        IViewPart view = page.showView(IDebugUIConstants.ID_MEMORY_VIEW);
        DebugPlugin.getDefault().getMemoryBlockManager().addMemoryBlocks(new IMemoryBlock[] {block});
        List<IMemoryRendering> created = new ArrayList<>();
        IMemoryRenderingContainer pane = view instanceof IMemoryRenderingSite site
                ? site.getContainer(IDebugUIConstants.ID_RENDERING_VIEW_PANE_1) : null;
        if (pane == null) {
            return created;
        }
        for (IMemoryRenderingType type : DebugUITools.getMemoryRenderingManager().getDefaultRenderingTypes(block)) {
            IMemoryRendering rendering = type.createRendering();
            rendering.init(pane, block);
            pane.addMemoryRendering(rendering);
            created.add(rendering);
        }
        return created;
    }
}
