package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

import org.eclipse.core.resources.IFile;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.internal.ui.DebugUIPlugin;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchConfigurationsDialog;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchGroupExtension;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Opening a configuration in Debug Configurations never changes it: selecting the sample's
 * configuration (whose launch file says grid [2], block [64]) shows the file's values and leaves
 * its .launch file and its launch file byte for byte as they were, with nothing to apply.
 */
@SuppressWarnings("restriction")
class LaunchConfigurationSelectionTest {

    private LaunchConfigurationsDialog dialog;

    @AfterEach
    void cleanUp() throws Exception {
        if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
            dialog.close();
        }
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        UiTesting.endLaunchesAndDelete(SampleProject.project());
    }

    /** The text field after the label {@code label} anywhere in {@code root}. */
    private static Text field(Control root, String label) {
        Deque<Control> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Control c = todo.pop();
            if (c instanceof Composite composite) {
                Control[] children = composite.getChildren();
                for (int i = 0; i + 1 < children.length; i++) {
                    if (children[i] instanceof Label l && l.getText().equals(label) && children[i + 1] instanceof Text t) {
                        return t;
                    }
                }
                for (Control child : children) {
                    todo.push(child);
                }
            }
        }
        throw new AssertionError("the dialog shows no field " + label);
    }

    @Test
    void selectingTheSamplesConfigurationChangesNothing() throws Exception {
        ILaunchConfiguration configuration = SampleProject.createIfMissing(null);
        assertNotNull(configuration);
        Path stored = configuration.getFile().getLocation().toPath();
        IFile launchFile = SampleProject.project().getFile(BundledSample.LAUNCH_FILE);
        Path launchJson = launchFile.getLocation().toPath();
        byte[] storedBefore = Files.readAllBytes(stored);
        byte[] jsonBefore = Files.readAllBytes(launchJson);

        LaunchGroupExtension group = DebugUIPlugin.getDefault().getLaunchConfigurationManager()
                .getLaunchGroup(IDebugUIConstants.ID_DEBUG_LAUNCH_GROUP);
        dialog = new LaunchConfigurationsDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), group);
        dialog.setOpenMode(LaunchConfigurationsDialog.LAUNCH_CONFIGURATION_DIALOG_OPEN_ON_SELECTION);
        dialog.setInitialSelection(new StructuredSelection(configuration));
        dialog.setBlockOnOpen(false);
        dialog.open();
        Control area = dialog.getShell();
        UiTesting.waitUntil(() -> field(area, "Grid [x,y,z]:").isEnabled() && !field(area, "Grid [x,y,z]:").getText().isEmpty(),
                60_000, "the Kernel tab to show the launch file's values");
        UiTesting.waitForQuiet();
        assertEquals("[2]", field(area, "Grid [x,y,z]:").getText());
        assertEquals("[64]", field(area, "Block [x,y,z]:").getText());
        assertFalse(dialog.getTabViewer().isDirty(), "selecting the configuration made it dirty (Apply enabled)");
        UiTesting.screenshot(dialog.getShell(), "debug-configurations-kernel");
        dialog.close();
        UiTesting.waitForQuiet();

        assertArrayEquals(storedBefore, Files.readAllBytes(stored), "the .launch file was rewritten:\n"
                + new String(Files.readAllBytes(stored), java.nio.charset.StandardCharsets.UTF_8));
        assertArrayEquals(jsonBefore, Files.readAllBytes(launchJson), "the launch file was rewritten");
    }
}
