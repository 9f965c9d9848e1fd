package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Kernel tab of the launch dialog on the sample's configuration, which names
 * local_array.launch.json (grid [2], block [64]): it shows the file's values, and an edit is
 * launched as an override of the file, which is left as it was.
 */
class KernelMainTabTest {

    private Shell shell;

    @AfterEach
    void cleanUp() throws Exception {
        if (shell != null) {
            shell.dispose();
        }
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        UiTesting.endLaunchesAndDelete(ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT));
    }

    /** The text field after the label {@code label}, as the user finds it in the tab. */
    private static Text field(Control tab, String label) {
        Control[] children = ((Composite) tab).getChildren();
        for (int i = 0; i + 1 < children.length; i++) {
            if (children[i] instanceof Label l && l.getText().equals(label) && children[i + 1] instanceof Text t) {
                return t;
            }
        }
        throw new AssertionError("the Kernel tab has no field " + label);
    }

    @Test
    void showsTheLaunchFilesValuesAndLaunchesTheEditedOnes() throws Exception {
        ILaunchConfiguration configuration = SampleProject.createIfMissing(null);
        assertNotNull(configuration);
        IFile launchFile = ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT)
                .getFile(BundledSample.LAUNCH_FILE);
        String filed = new String(launchFile.getContents().readAllBytes(), StandardCharsets.UTF_8);
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        KernelMainTab tab = new KernelMainTab();
        tab.createControl(shell);
        tab.initializeFrom(configuration);
        UiTesting.waitUntil(tab::fileShown, 60_000, "the tab to read the launch file");
        Control c = tab.getControl();
        assertEquals("[2]", field(c, "Grid [x,y,z]:").getText());
        assertEquals("[64]", field(c, "Block [x,y,z]:").getText());
        assertEquals("local_array.G.ptx", field(c, "Module (PTX):").getText());
        assertEquals("local_weighted", field(c, "Kernel:").getText());
        assertEquals("out", field(c, "Output buffers (comma separated):").getText());
        assertTrue(field(c, "Grid [x,y,z]:").isEnabled(), "grid is greyed out");
        assertTrue(field(c, "Kernel:").isEnabled(), "kernel is greyed out");
        assertNull(tab.getErrorMessage(), tab.getErrorMessage());

        // One CTA of 32 threads instead of the file's 2 x 64.
        field(c, "Grid [x,y,z]:").setText("[1]");
        field(c, "Block [x,y,z]:").setText("[32]");
        ILaunchConfigurationWorkingCopy wc = configuration.getWorkingCopy();
        tab.performApply(wc);
        ILaunchConfiguration edited = wc.doSave();
        assertEquals(filed, new String(launchFile.getContents().readAllBytes(), StandardCharsets.UTF_8),
                "the launch file was rewritten");
        LaunchDescription d = KernelLaunchAttributes.describe(edited);
        assertEquals(1, d.grid().x());
        assertEquals(32, d.block().x());
        assertNull(edited.getAttribute(KernelLaunchAttributes.overrideAttribute("kernel"), (String) null),
                "an unchanged field is not an override");

        // Reopened, the dialog shows the edited values; launched, the kernel runs 32 threads.
        tab.initializeFrom(edited);
        UiTesting.waitUntil(tab::fileShown, 60_000, "the tab to read the launch file");
        assertEquals("[1]", field(c, "Grid [x,y,z]:").getText());
        assertEquals("[32]", field(c, "Block [x,y,z]:").getText());
        ILaunch launch = edited.launch(ILaunchManager.RUN_MODE, null);
        KernelProcess process = (KernelProcess) launch.getProcesses()[0];
        UiTesting.waitUntil(process::isTerminated, 60_000, "the edited launch to run to its end");
        assertEquals(0, process.getExitValue());
        ByteBuffer out = process.outputs().get("out");
        boolean anyComputed = false;
        for (int i = 0; i < 128; i++) {
            int v = out.getInt(4 * i);
            if (i < 32) {
                anyComputed |= v != 0;
            } else {
                assertEquals(0, v, "out[" + i + "] was written though the edited launch has 32 threads");
            }
        }
        assertTrue(anyComputed, "the 32 threads of the edited launch wrote nothing");
    }

    /** The check box labelled {@code text} anywhere in the tab. */
    private static Button box(Control root, String text) {
        Deque<Control> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Control c = todo.pop();
            if (c instanceof Button b && text.equals(b.getText())) {
                return b;
            }
            if (c instanceof Composite composite) {
                for (Control child : composite.getChildren()) {
                    todo.push(child);
                }
            }
        }
        throw new AssertionError("the Kernel tab has no box " + text);
    }

    private static void click(Button b, boolean on) {
        b.setSelection(on);
        b.notifyListeners(SWT.Selection, new Event());
    }

    /**
     * "Stop at the first finding" under the memory checks: greyed out without a check; with racecheck it is
     * stored as true, and unchecking the checks removes both attributes again (absent, not false).
     */
    @Test
    void stopAtTheFirstFindingNeedsACheckAndIsAbsentWhenOff() throws Exception {
        ILaunchConfiguration configuration = SampleProject.createIfMissing(null);
        assertNotNull(configuration);
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        KernelMainTab tab = new KernelMainTab();
        tab.createControl(shell);
        tab.initializeFrom(configuration);
        UiTesting.waitUntil(tab::fileShown, 60_000, "the tab to read the launch file");
        Control c = tab.getControl();
        Button stop = box(c, "Stop at the first finding (debug)");
        assertFalse(stop.isEnabled(), "stop at first without a check");
        click(box(c, "racecheck"), true);
        assertTrue(stop.isEnabled());
        click(stop, true);
        ILaunchConfigurationWorkingCopy wc = configuration.getWorkingCopy();
        tab.performApply(wc);
        assertEquals("racecheck", wc.getAttribute(KernelLaunchAttributes.CHECKS, ""));
        assertTrue(KernelLaunchAttributes.stopAtFinding(wc, KernelLaunchAttributes.STOP_AT_FINDING));

        click(box(c, "racecheck"), false);
        assertFalse(stop.isEnabled());
        tab.performApply(wc);
        assertFalse(wc.hasAttribute(KernelLaunchAttributes.CHECKS));
        assertFalse(wc.hasAttribute(KernelLaunchAttributes.STOP_AT_FINDING));
    }

    /**
     * A configuration whose checks are spelled otherwise than the tab would write them (initcheck
     * before racecheck, a space, memcheck that has no box) and that stops at the first finding:
     * the boxes show it, and applying the tab without a click leaves both attributes as they were.
     */
    @Test
    void showingTheChecksOfAConfigurationWritesNothing() throws Exception {
        ILaunchConfiguration sample = SampleProject.createIfMissing(null);
        assertNotNull(sample);
        ILaunchConfigurationWorkingCopy configuration = sample.getWorkingCopy();
        String spelled = "initcheck, memcheck,racecheck";
        configuration.setAttribute(KernelLaunchAttributes.CHECKS, spelled);
        configuration.setAttribute(KernelLaunchAttributes.STOP_AT_FINDING, true);
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        KernelMainTab tab = new KernelMainTab();
        tab.createControl(shell);
        tab.initializeFrom(configuration);
        UiTesting.waitUntil(tab::fileShown, 60_000, "the tab to read the launch file");
        Control c = tab.getControl();
        assertTrue(box(c, "racecheck").getSelection());
        assertTrue(box(c, "initcheck").getSelection());
        assertFalse(box(c, "synccheck").getSelection());
        assertTrue(box(c, "Stop at the first finding (debug)").getSelection());

        ILaunchConfigurationWorkingCopy applied = configuration.getWorkingCopy();
        tab.performApply(applied);
        assertEquals(spelled, applied.getAttribute(KernelLaunchAttributes.CHECKS, ""));
        assertTrue(applied.getAttribute(KernelLaunchAttributes.STOP_AT_FINDING, false));
    }
}
