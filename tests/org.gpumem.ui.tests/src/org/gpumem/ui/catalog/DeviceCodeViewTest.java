package org.gpumem.ui.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.launch.SampleProject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Device Code view follows the Project Explorer's selection of a binary (and ignores source
 * files), and shows the module of a gpumem kernel launch that becomes the debug context.
 */
class DeviceCodeViewTest {
    private static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures"));

    private IProject project;

    @AfterEach
    void cleanUp() throws Exception {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        if (project != null) {
            UiTesting.endLaunchesAndDelete(project);
        }
        UiTesting.endLaunchesAndDelete(ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT));
    }

    private static void waitForCatalogOf(DeviceCodePanel panel, Path file) {
        UiTesting.waitUntil(() -> !panel.loading() && panel.catalog() != null
                && Path.of(panel.catalog().file()).equals(file), 60_000, "the Device Code view to show " + file);
    }

    @Test
    void followsTheSelectedBinaryAndTheDebuggedModule() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("DeviceCodeViewTest");
        project.create(null);
        project.open(null);
        Path cubinPath = FIXTURES.resolve("cuda/spaces.sm_90.cubin");
        IFile cubin = project.getFile("spaces.sm_90.cubin");
        cubin.createLink(IPath.fromPath(cubinPath), IResource.NONE, null);
        IFile source = project.getFile("spaces.cu");
        source.createLink(IPath.fromPath(FIXTURES.resolve("cuda/spaces.cu")), IResource.NONE, null);

        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        DeviceCodeView view = (DeviceCodeView) page.showView(GpuMemoryViews.DEVICE_CODE);
        ISetSelectionTarget explorer = (ISetSelectionTarget) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
        explorer.selectReveal(new StructuredSelection(cubin));
        waitForCatalogOf(view.panel(), cubinPath);

        // A source file holds no device code: the catalog stays.
        explorer.selectReveal(new StructuredSelection(source));
        UiTesting.waitForQuiet();
        assertEquals(cubinPath, Path.of(view.panel().catalog().file()));

        // The sample's configuration stops at its loop breakpoint: the view shows the module it runs.
        ILaunchConfiguration sample = SampleProject.createIfMissing(null);
        assertNotNull(sample);
        Path module = ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT)
                .getFile("local_array.G.ptx").getLocation().toPath();
        ILaunch launch = sample.launch(ILaunchManager.DEBUG_MODE, null);
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended(), 60_000,
                "the sample's loop breakpoint");
        waitForCatalogOf(view.panel(), module);
    }
}
