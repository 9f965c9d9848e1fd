package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.preference.PreferenceDialog;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.dialogs.PreferencesUtil;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Breakpoint Properties... on a gpumem line breakpoint opens the Condition and Hit Count page,
 * which shows the breakpoint's condition and hit count and writes the edited ones back to it.
 */
class KernelBreakpointPropertyPageTest {
    private IProject project;
    private PreferenceDialog dialog;

    @AfterEach
    void cleanUp() throws Exception {
        if (dialog != null) {
            dialog.close();
        }
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        if (project != null) {
            UiTesting.endLaunchesAndDelete(project);
        }
    }

    /** The controls of {@code parent} and below, in order. */
    private static List<Control> controls(Composite parent) {
        List<Control> out = new ArrayList<>();
        for (Control c : parent.getChildren()) {
            out.add(c);
            if (c instanceof Composite k) {
                out.addAll(controls(k));
            }
        }
        return out;
    }

    /** The control after the label {@code label}. */
    private static Control after(List<Control> controls, String label) {
        for (int i = 0; i + 1 < controls.size(); i++) {
            if (controls.get(i) instanceof Label l && label.equals(l.getText())) {
                return controls.get(i + 1);
            }
        }
        throw new AssertionError("no field labelled " + label);
    }

    @Test
    void showsAndWritesTheConditionAndHitCount() throws Exception {
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("KernelBreakpointPropertyPageTest");
        project.create(null);
        project.open(null);
        IFile source = project.getFile("expressions.cu");
        source.createLink(IPath.fromPath(Path.of(System.getProperty("gpumem.fixtures"), "kernels", "expressions.cu")),
                IResource.NONE, null);
        KernelLineBreakpoint b = new KernelLineBreakpoint(source, 51);
        String before = "threadIdx.x == 37 && blockIdx.x == 1";
        b.setCondition(before);
        b.setHitCount(2);

        dialog = PreferencesUtil.createPropertyDialogOn(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), b,
                "org.gpumem.ui.breakpointConditionPage", null, null);
        dialog.setBlockOnOpen(false);
        dialog.open();
        KernelBreakpointPropertyPage page = assertInstanceOf(KernelBreakpointPropertyPage.class, dialog.getSelectedPage());
        List<Control> fields = controls((Composite) page.getControl());
        Text condition = assertInstanceOf(Text.class, after(fields, KernelBreakpointPropertyPage.CONDITION_LABEL));
        Spinner hitCount = assertInstanceOf(Spinner.class, after(fields, KernelBreakpointPropertyPage.HIT_COUNT_LABEL));
        assertEquals(before, condition.getText());
        assertEquals(2, hitCount.getSelection());

        String after = "sum < 0 && (threadIdx.x & 1) == 1";
        condition.setText("  " + after + " ");
        hitCount.setSelection(5);
        assertTrue(page.performOk());
        assertEquals(after, b.getCondition());
        assertEquals(5, b.getHitCount());

        // an empty condition is none
        condition.setText("");
        hitCount.setSelection(0);
        assertTrue(page.performOk());
        assertNull(b.getCondition());
        assertEquals(0, b.getHitCount());
    }
}
