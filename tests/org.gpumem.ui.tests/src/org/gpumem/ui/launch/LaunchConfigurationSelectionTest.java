package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.internal.ui.DebugUIPlugin;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchConfigurationsDialog;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchGroupExtension;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.HostLaunchAttributes;
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
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(
                manager.getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID))) {
            c.delete();
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

    /** Opens Debug Configurations (not waiting for it) with {@code configuration} selected. */
    private void open(ILaunchConfiguration configuration) {
        LaunchGroupExtension group = DebugUIPlugin.getDefault().getLaunchConfigurationManager()
                .getLaunchGroup(IDebugUIConstants.ID_DEBUG_LAUNCH_GROUP);
        dialog = new LaunchConfigurationsDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), group);
        dialog.setOpenMode(LaunchConfigurationsDialog.LAUNCH_CONFIGURATION_DIALOG_OPEN_ON_SELECTION);
        dialog.setInitialSelection(new StructuredSelection(configuration));
        dialog.setBlockOnOpen(false);
        dialog.open();
    }

    /**
     * A CUDA program's configuration with a long path, in the dialog at the size it opens with:
     * both Browse buttons lie inside the dialog, and selecting it changes nothing.
     */
    @Test
    void aProgramsConfigurationShowsItsBrowseButtonsAndStaysAsItWas() throws Exception {
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID).newInstance(null, "browse buttons");
        String deep = "/opt/a/rather/deep/folder/of/builds/for/a/program/with/a/long/name/" + "x".repeat(80);
        HostLaunchAttributes.set(wc, deep + "/program", "--size 1024", deep, HostLaunchAttributes.DEFAULT_DEVICE, "");
        ILaunchConfiguration configuration = wc.doSave();
        Path stored = Path.of(configuration.getLocation().toOSString());
        byte[] before = Files.readAllBytes(stored);
        open(configuration);
        Shell shell = dialog.getShell();
        UiTesting.waitUntil(() -> !buttons(shell, "Browse...").isEmpty(), 60_000, "the Program tab");
        UiTesting.waitForQuiet();
        Rectangle inside = shell.getDisplay().map(shell, null, shell.getClientArea());
        List<Button> browse = buttons(shell, "Browse...");
        assertEquals(2, browse.size());
        for (Button b : browse) {
            Rectangle at = shell.getDisplay().map(b.getParent(), null, b.getBounds());
            assertTrue(b.isVisible() && at.width > 0 && inside.contains(at.x + at.width - 1, at.y),
                    "a Browse button at " + at + " lies outside the dialog " + inside);
        }
        assertFalse(dialog.getTabViewer().isDirty(), "selecting the configuration made it dirty (Apply enabled)");
        dialog.close();
        UiTesting.waitForQuiet();
        assertArrayEquals(before, Files.readAllBytes(stored), "the .launch file was rewritten");
    }

    private static List<Button> buttons(Control root, String text) {
        List<Button> found = new ArrayList<>();
        Deque<Control> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Control c = todo.pop();
            if (c instanceof Button b && text.equals(b.getText()) && b.isVisible()) {
                found.add(b);
            }
            if (c instanceof Composite composite) {
                for (Control child : composite.getChildren()) {
                    todo.push(child);
                }
            }
        }
        return found;
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

        open(configuration);
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
