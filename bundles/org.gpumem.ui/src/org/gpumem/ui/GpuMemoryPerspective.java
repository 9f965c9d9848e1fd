package org.gpumem.ui;

import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The GPU Memory perspective: the debugger's own views (Debug, Variables, Breakpoints, Memory)
 * with gpumem's address-space views beside them.
 */
public final class GpuMemoryPerspective implements IPerspectiveFactory {

    public static final String ID = "org.gpumem.ui.perspective";

    /** Folder ids, so views contributed later can be placed with their peers. */
    public static final String FOLDER_LEFT = "org.gpumem.ui.folder.left";
    public static final String FOLDER_RIGHT = "org.gpumem.ui.folder.right";
    public static final String FOLDER_BOTTOM = "org.gpumem.ui.folder.bottom";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editor = layout.getEditorArea();
        IFolderLayout left = layout.createFolder(FOLDER_LEFT, IPageLayout.LEFT, 0.28f, editor);
        left.addView(IDebugUIConstants.ID_DEBUG_VIEW);
        left.addView(IPageLayout.ID_PROJECT_EXPLORER);
        for (String id : GpuMemoryViews.LEFT) {
            left.addView(id);
        }
        IFolderLayout right = layout.createFolder(FOLDER_RIGHT, IPageLayout.RIGHT, 0.62f, editor);
        right.addView(IDebugUIConstants.ID_VARIABLE_VIEW);
        right.addView(IDebugUIConstants.ID_BREAKPOINT_VIEW);
        // watch expressions, evaluated by the debug core in the selected frame's lane
        right.addView(IDebugUIConstants.ID_EXPRESSION_VIEW);
        for (String id : GpuMemoryViews.RIGHT) {
            right.addView(id);
        }
        IFolderLayout bottom = layout.createFolder(FOLDER_BOTTOM, IPageLayout.BOTTOM, 0.55f, editor);
        for (String id : GpuMemoryViews.BOTTOM) {
            bottom.addView(id);
        }
        bottom.addView(IDebugUIConstants.ID_MEMORY_VIEW);
        bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
        layout.addActionSet(IDebugUIConstants.LAUNCH_ACTION_SET);
        layout.addShowViewShortcut(IDebugUIConstants.ID_MEMORY_VIEW);
        for (String id : GpuMemoryViews.ALL) {
            layout.addShowViewShortcut(id);
        }
    }
}
