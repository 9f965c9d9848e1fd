package org.gpumem.ui.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageFormat;
import org.gpumem.images.Kernel;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Device Code view follows a CUDA program debugged with the "CUDA Application (gpumem
 * simulator)" launch type: when the program's kernel stops at a breakpoint, the view shows the
 * program's executable with the debugged kernel selected under the PTX image the simulator runs,
 * and that image's DWARF variables.
 */
class DeviceCodeHostTest {
    private static final Path HOST = Path.of(System.getProperty("gpumem.fixtures"), "host");
    /** reduction.cu's line {@code partial[tid] = v;}, as HostDebugLaunchTest uses it. */
    private static final int STORE_LINE = 13;

    private IProject project;

    @AfterEach
    void cleanUp() throws Exception {
        UiTesting.endHostDebugging(project);
    }

    @Test
    void showsTheDebuggedProgramsExecutableWithItsKernelSelected() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        Path executable = HOST.resolve("reduction.G");
        // What the view must find, read here from the executable: the reduceSum kernel of its PTX image.
        Catalog catalog = new CatalogReader().read(executable);
        List<DeviceImage> ptx = catalog.images().stream().filter(i -> i.format() == ImageFormat.PTX).toList();
        assertEquals(1, ptx.size(), "reduction.G (-arch=sm_75) has one PTX image: " + catalog.images());
        Kernel expected = ptx.get(0).kernels().stream().filter(k -> k.displayName().startsWith("reduceSum(")).findFirst()
                .orElseThrow(() -> new AssertionError("no reduceSum in " + ptx.get(0).kernels()));

        project = ResourcesPlugin.getWorkspace().getRoot().getProject("DeviceCodeHostTest");
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        DeviceCodeView view = (DeviceCodeView) page.showView(GpuMemoryViews.DEVICE_CODE);

        ILaunch launch = UiTesting.debugHostProgramToBreakpoint(project, executable, HOST.resolve("reduction.cu"), STORE_LINE,
                "device code of a program");
        IDebugTarget target = launch.getDebugTargets()[0];
        assertTrue(target.getName().contains("reduceSum"), target.getName());

        DeviceCodePanel panel = view.panel();
        UiTesting.waitUntil(() -> !panel.loading() && panel.catalog() != null
                && Path.of(panel.catalog().file()).equals(executable.toAbsolutePath().normalize())
                && panel.selectedKernel() != null && !panel.dwarfGroups().isEmpty(), 60_000,
                "the Device Code view to show the program's kernel and its image's DWARF");
        assertEquals(expected.name(), panel.selectedKernel().name());
        DeviceImage image = panel.selectedImage();
        assertNotNull(image);
        assertEquals(ImageFormat.PTX, image.format(), image.describe());
        assertEquals(ptx.get(0).describe(), image.describe());
        assertFalse(panel.dwarfGroups().isEmpty());

        // every container has a name of its own (nvcc programs can carry several fatbins)
        org.eclipse.swt.widgets.TreeItem[] containers = panel.catalogViewer().getTree().getItems();
        List<String> names = java.util.Arrays.stream(containers).map(i -> i.getText(0)).toList();
        assertEquals(catalog.containers().size(), names.size(), names.toString());
        assertEquals(names.size(), new java.util.HashSet<>(names).size(), "containers share a name: " + names);
    }
}
