package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sample project of {@code ./gpumem ide}, the launch shortcut's choice of configuration,
 * ruler breakpoint toggling in the platform text editor, and a debug launch of the sample to
 * its loop breakpoint with the model presentation's variable labels.
 */
class KernelLaunchUiTest {
    /** Debug UI preference keys (IInternalDebugUIConstants) for the perspective-switch questions. */
    private static final String SWITCH_ON_SUSPEND = "org.eclipse.debug.ui.switch_perspective_on_suspend";
    private static final String SWITCH_ON_LAUNCH = "org.eclipse.debug.ui.switch_to_perspective";

    @AfterEach
    void cleanUp() throws Exception {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        UiTesting.endLaunchesAndDelete(ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT));
    }

    private static List<KernelLineBreakpoint> breakpoints() {
        List<KernelLineBreakpoint> out = new ArrayList<>();
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            out.add((KernelLineBreakpoint) b);
        }
        return out;
    }

    @Test
    void sampleProjectDebugsToItsLoopBreakpoint() throws Exception {
        ILaunchConfiguration configuration = SampleProject.createIfMissing(null);
        assertNotNull(configuration);
        assertNull(SampleProject.createIfMissing(null), "an existing sample project is left alone");
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT);
        for (String name : BundledSample.FILES) {
            assertTrue(project.getFile(name).exists(), name);
        }
        IFile source = project.getFile("local_array.cu");
        assertEquals(1, breakpoints().size());
        assertEquals(BundledSample.LOOP_LINE, breakpoints().get(0).getLineNumber());
        assertEquals(source, breakpoints().get(0).getMarker().getResource());

        // The shortcut on the .cu finds the launch description beside it and reuses the saved configuration.
        KernelLaunchShortcut.Choice choice = KernelLaunchShortcut.configurationFor(source);
        assertTrue(choice.complete());
        assertEquals(configuration.getAttribute(KernelLaunchAttributes.LAUNCH_FILE, ""),
                choice.configuration().getAttribute(KernelLaunchAttributes.LAUNCH_FILE, "x"));
        assertEquals(project.getFile("local_array.G.ptx"), KernelLaunchShortcut.ptxFor(source));

        // The .cu opens in the platform text editor, whose ruler toggles kernel breakpoints.
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        IEditorPart editor = IDE.openEditor(page, source);
        assertEquals(KernelModelPresentation.EDITOR_ID, editor.getSite().getId());
        ITextEditor text = assertInstanceOf(ITextEditor.class, editor);
        IToggleBreakpointsTarget toggle = editor.getAdapter(IToggleBreakpointsTarget.class);
        assertInstanceOf(KernelToggleBreakpointsTarget.class, toggle);
        IDocument document = text.getDocumentProvider().getDocument(editor.getEditorInput());
        TextSelection line23 = new TextSelection(document, document.getLineOffset(22), 0);
        assertTrue(toggle.canToggleLineBreakpoints(editor, line23));
        toggle.toggleLineBreakpoints(editor, line23);
        assertEquals(2, breakpoints().size());
        toggle.toggleLineBreakpoints(editor, line23);
        assertEquals(1, breakpoints().size());

        // Debug the saved configuration: the UI thread keeps running while the simulator works.
        // The perspective-switch question would open a modal dialog inside the wait loop.
        DebugUITools.getPreferenceStore().setValue(SWITCH_ON_SUSPEND, MessageDialogWithToggle.NEVER);
        DebugUITools.getPreferenceStore().setValue(SWITCH_ON_LAUNCH, MessageDialogWithToggle.NEVER);
        ILaunch launch = configuration.launch(ILaunchManager.DEBUG_MODE, null);
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        UiTesting.waitUntil(() -> target.isSuspended(), 60_000, "the breakpoint in the sample's loop");
        WarpThread thread = target.thread(target.lastStop().warp());
        assertEquals(1, thread.getBreakpoints().length);
        PtxStackFrame frame = (PtxStackFrame) thread.getTopStackFrame();
        assertEquals(BundledSample.LOOP_LINE, frame.getLineNumber());
        assertEquals(source, launch.getSourceLocator().getSourceElement(frame));
        KernelModelPresentation presentation = new KernelModelPresentation();
        KernelVariable stage = frame.variable("stage");
        assertTrue(presentation.getText(stage).startsWith("stage [shared [CTA (0,0,0)] +0x0] = int[128]"),
                presentation.getText(stage));
        assertEquals(KernelModelPresentation.EDITOR_ID, presentation.getEditorId(presentation.getEditorInput(source), source));
        presentation.dispose();
        target.terminate();
        // The process ends after the target: its exit value is set once the session's thread has stopped.
        UiTesting.waitUntil(() -> target.isTerminated() && launch.getProcesses()[0].isTerminated(), 60_000, "termination");
        assertEquals(org.gpumem.debug.launch.KernelProcess.EXIT_TERMINATED, launch.getProcesses()[0].getExitValue());
    }
}
