package org.gpumem.ui;

import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The GPU Memory perspective: the debugger's own views (Debug, Variables, Breakpoints, Memory)
 * with gpumem's address-space views beside them. On a first start it shows the Project Explorer
 * (the sample project) and First Steps; the Debug view comes to the front when a launch starts.
 * Lanes, Aliases, the profile, Output Buffers, Problems and the Error Log have their place in
 * the bottom folder, Device Code in the left one, and open there when asked for.
 */
public final class GpuMemoryPerspective implements IPerspectiveFactory {

    public static final String ID = "org.gpumem.ui.perspective";
    /** The platform's action set with Run > Toggle Breakpoint, Skip All Breakpoints, Remove All Breakpoints. */
    public static final String BREAKPOINT_ACTION_SET = "org.eclipse.debug.ui.breakpointActionSet";

    /** Folder ids, so views contributed later can be placed with their peers. */
    public static final String FOLDER_LEFT = "org.gpumem.ui.folder.left";
    public static final String FOLDER_RIGHT = "org.gpumem.ui.folder.right";
    public static final String FOLDER_BOTTOM = "org.gpumem.ui.folder.bottom";

    /** The platform console's view id (org.eclipse.ui.console is not a dependency of this bundle). */
    static final String CONSOLE_VIEW = "org.eclipse.ui.console.ConsoleView";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editor = layout.getEditorArea();
        IFolderLayout left = layout.createFolder(FOLDER_LEFT, IPageLayout.LEFT, 0.27f, editor);
        left.addView(IPageLayout.ID_PROJECT_EXPLORER);
        left.addView(IDebugUIConstants.ID_DEBUG_VIEW);
        for (String id : GpuMemoryViews.LEFT) {
            left.addView(id);
        }
        for (String id : GpuMemoryViews.LEFT_ON_DEMAND) {
            left.addPlaceholder(id);
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
        for (String id : GpuMemoryViews.ON_DEMAND) {
            bottom.addPlaceholder(id);
        }
        // the Console (IConsoleConstants.ID_CONSOLE_VIEW) opens at a stop that prints (a watchpoint, a
        // finding, a fault): without its place here the platform put it over the Variables view
        bottom.addPlaceholder(CONSOLE_VIEW);
        bottom.addPlaceholder(IPageLayout.ID_PROBLEM_VIEW);
        bottom.addPlaceholder(GpuMemoryViews.ERROR_LOG);
        layout.addActionSet(IDebugUIConstants.LAUNCH_ACTION_SET);
        layout.addActionSet(IDebugUIConstants.DEBUG_ACTION_SET);
        layout.addActionSet(BREAKPOINT_ACTION_SET);
        layout.addShowViewShortcut(IDebugUIConstants.ID_MEMORY_VIEW);
        layout.addShowViewShortcut(GpuMemoryViews.ERROR_LOG);
        for (String id : GpuMemoryViews.ALL) {
            layout.addShowViewShortcut(id);
        }
    }
}
