package org.gpumem.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IExtensionPoint;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.internal.WorkbenchPage;
import org.eclipse.ui.internal.registry.IActionSetDescriptor;
import org.eclipse.ui.views.IViewCategory;
import org.eclipse.ui.views.IViewDescriptor;
import org.eclipse.ui.views.IViewRegistry;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.ui.launch.FirstStepsView;
import org.gpumem.ui.launch.SampleProject;
import org.gpumem.ui.source.KernelSourceEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The GPU Memory perspective as a new user meets it: its views, First Steps with the sample
 * project and its kernel source on the first screen, Lanes and Aliases under Show View, the Error
 * Log view, Skip All Breakpoints in the Run menu, and no start-up hook of gpumem's.
 */
@SuppressWarnings("restriction")
class GpuMemoryPerspectiveTest {

    @AfterEach
    void cleanUp() throws Exception {
        UiTesting.endLaunchesAndDelete(SampleProject.project());
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations()) {
            if (c.getName().equals(SampleProject.CONFIGURATION)) {
                c.delete();
            }
        }
    }

    private static IWorkbenchPage gpuMemoryPage() throws Exception {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        return PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID, window);
    }

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
        for (String id : GpuMemoryViews.SHOWN) {
            assertNotNull(page.findViewReference(id), id + " is not in the GPU Memory perspective");
        }
        // every tab of the first screen shows its whole name
        Shell shell = page.getWorkbenchWindow().getShell();
        assertTrue(shell.getSize().x >= Math.min(1400, shell.getDisplay().getPrimaryMonitor().getClientArea().width),
                "the window opens at " + shell.getSize());
    }

    @Test
    void debuggingAKernelOpensThePerspective() {
        ILaunchConfigurationType kernel = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID);
        assertEquals(GpuMemoryPerspective.ID, DebugUITools.getLaunchPerspective(kernel, ILaunchManager.DEBUG_MODE));
    }

    @Test
    void showViewListsLanesAndAliasesUnderGpuMemory() throws Exception {
        IWorkbenchPage page = gpuMemoryPage();
        List<String> shortcuts = List.of(page.getShowViewShortcuts());
        IViewRegistry views = PlatformUI.getWorkbench().getViewRegistry();
        IViewCategory gpuMemory = Arrays.stream(views.getCategories()).filter(c -> c.getLabel().equals("GPU Memory")).findFirst()
                .orElseThrow(() -> new AssertionError("Show View has no GPU Memory category"));
        List<String> listed = Arrays.stream(gpuMemory.getViews()).map(IViewDescriptor::getLabel).toList();
        for (String name : List.of("Lanes", "Aliases", "First Steps")) {
            assertTrue(listed.contains(name), "Show View > GPU Memory lists " + listed + ", not " + name);
        }
        assertTrue(shortcuts.contains(GpuMemoryViews.LANES) && shortcuts.contains(GpuMemoryViews.ALIASES),
                "Window > Show View of the perspective: " + shortcuts);
        assertTrue(shortcuts.contains(GpuMemoryViews.ERROR_LOG), "Window > Show View of the perspective: " + shortcuts);
    }

    @Test
    void theErrorLogViewOpens() throws Exception {
        IViewPart log = gpuMemoryPage().showView(GpuMemoryViews.ERROR_LOG);
        assertEquals(GpuMemoryViews.ERROR_LOG, log.getSite().getId());
        assertTrue(log.getTitle().startsWith("Error Log"), log.getTitle());
    }

    /** The perspective shows the platform's breakpoint action set, whose Skip All Breakpoints is in the Run menu. */
    @Test
    void theRunMenuOffersSkipAllBreakpoints() throws Exception {
        WorkbenchPage page = (WorkbenchPage) gpuMemoryPage();
        List<String> shown = Arrays.stream(page.getActionSets()).map(IActionSetDescriptor::getId).toList();
        assertTrue(shown.contains(GpuMemoryPerspective.BREAKPOINT_ACTION_SET), "action sets of the perspective: " + shown);
        boolean inRunMenu = Arrays.stream(Platform.getExtensionRegistry().getConfigurationElementsFor("org.eclipse.ui.actionSets"))
                .filter(set -> GpuMemoryPerspective.BREAKPOINT_ACTION_SET.equals(set.getAttribute("id")))
                .flatMap(set -> Arrays.stream(set.getChildren("action")))
                .anyMatch(a -> "org.eclipse.debug.ui.commands.SkipAllBreakpoints".equals(a.getAttribute("definitionId"))
                        && a.getAttribute("menubarPath").startsWith("org.eclipse.ui.run/"));
        assertTrue(inRunMenu, "the breakpoint action set puts no Skip All Breakpoints in the Run menu");
    }

    @Test
    void gpumemHasNoStartUpHook() {
        IExtensionPoint startup = Platform.getExtensionRegistry().getExtensionPoint("org.eclipse.ui.startup");
        List<String> gpumem = Arrays.stream(startup.getExtensions()).map(e -> e.getContributor().getName())
                .filter(name -> name.equals("org.gpumem.ui")).toList();
        assertEquals(List.of(), gpumem, "gpumem's bundles that run at every start of the workbench");
    }

    /**
     * What {@code ./gpumem ide} shows first: First Steps in front with its steps, and (its first
     * link, as the launcher's -Dgpumem.sample does at once) the sample project selected in the
     * Project Explorer with its kernel source open in gpumem's editor; the picture of the window
     * is the README's first screen.
     */
    @Test
    void firstStepsCreatesTheSampleAndShowsItsSource() throws Exception {
        IWorkbenchPage page = gpuMemoryPage();
        page.resetPerspective();
        FirstStepsView steps = (FirstStepsView) page.showView(GpuMemoryViews.FIRST_STEPS);
        assertTrue(steps.text().contains("Create the sample project"), steps.text());
        for (String step : List.of("Debug", "Focus", "Memory Pools", "Lanes", "Aliases", "nvcc -G -cudart shared")) {
            assertTrue(steps.text().contains(step), "First Steps does not mention " + step + ":\n" + steps.text());
        }
        steps.follow("sample");
        UiTesting.waitUntil(() -> page.getActiveEditor() != null && SampleProject.source().exists(), 60_000,
                "the sample's kernel source in an editor");
        UiTesting.waitForQuiet();
        assertEquals(KernelSourceEditor.class, page.getActiveEditor().getClass());
        assertEquals(SampleProject.source(), page.getActiveEditor().getEditorInput().getAdapter(IFile.class));
        assertTrue(steps.text().contains("open <a href=\"source\">local_array.cu</a>"), steps.text());
        IViewPart explorer = page.findView(IPageLayout.ID_PROJECT_EXPLORER);
        assertNotNull(explorer);
        assertEquals(SampleProject.project(),
                ((IStructuredSelection) explorer.getSite().getSelectionProvider().getSelection()).getFirstElement());
        Shell shell = page.getWorkbenchWindow().getShell();
        UiTesting.screenshot(shell, "first-screen");
    }
}
