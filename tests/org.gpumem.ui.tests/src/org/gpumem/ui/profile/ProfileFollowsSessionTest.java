package org.gpumem.ui.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.launch.HostLaunchAttributes;
import org.gpumem.debug.launch.HostProgramProcess;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.launch.SampleProject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The profile view follows the IDE's kernel launches without asking for a file: the sample,
 * debugged, fills it at its loop breakpoint and again at its end, each time with the counts the
 * session itself reports; a second launch (run mode, another grid) replaces them with its own;
 * a row's double-click opens the sample project's copy of the source. A CUDA program run with
 * the "CUDA Application" type shows the profile of its latest kernel launch.
 */
class ProfileFollowsSessionTest {

    private IProject sample() {
        return ResourcesPlugin.getWorkspace().getRoot().getProject(SampleProject.PROJECT);
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        UiTesting.endLaunchesAndDelete(sample());
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (String type : List.of(KernelDebugIds.LAUNCH_TYPE_ID, KernelDebugIds.HOST_LAUNCH_TYPE_ID)) {
            for (ILaunchConfiguration c : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(type))) {
                c.delete();
            }
        }
    }

    /** What the view shows, as source line to counts. */
    private static Map<String, AddressSpaceProfile.Counts> shown(AddressSpaceProfileView view) {
        Map<String, AddressSpaceProfile.Counts> out = new TreeMap<>();
        for (ProfileRow row : view.rows()) {
            out.put(row.key(), row.counts());
        }
        return out;
    }

    private static long generic(Map<String, AddressSpaceProfile.Counts> lines) {
        return lines.values().stream().mapToLong(AddressSpaceProfile.Counts::generic).sum();
    }

    private static void waitForProfile(AddressSpaceProfileView view, Object owner, Map<String, AddressSpaceProfile.Counts> expected,
            String what) {
        UiTesting.waitUntil(() -> view.following() == owner && !view.running() && shown(view).equals(expected), 60_000,
                what + " in the profile view (shows " + shown(view) + ", " + view.statusText() + ")");
    }

    @Test
    void followsTheDebuggedSampleAtItsStopAndEndThenTheNextLaunch() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        ILaunchConfiguration configuration = SampleProject.createIfMissing(null);
        assertNotNull(configuration, "the sample project existed before the test");
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        AddressSpaceProfileView view = (AddressSpaceProfileView) page.showView(GpuMemoryViews.ADDRESS_SPACE_PROFILE);

        ILaunch debugged = configuration.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> debugged.getDebugTarget() != null && debugged.getDebugTarget().isSuspended(), 60_000,
                "the sample's loop breakpoint");
        KernelDebugTarget target = (KernelDebugTarget) debugged.getDebugTarget();
        Map<String, AddressSpaceProfile.Counts> atStop = target.session().query(KernelEngine::profile).sourceLines();
        assertTrue(generic(atStop) > 0, "the session made no generic access before its breakpoint: " + atStop);
        waitForProfile(view, target, atStop, "the profile at the breakpoint");
        UiTesting.screenshotZoomed(view, view.viewer().getControl().getParent(), "address-space-profile-view");

        // Double-click: the row's source opens as the sample project's file, at the row's line.
        ProfileRow row = view.rows().stream().filter(r -> r.file().endsWith(BundledSample.SOURCE_NAME)).findFirst()
                .orElseThrow(() -> new AssertionError("no row of " + BundledSample.SOURCE_NAME + ": " + view.rows()));
        IEditorPart editor = view.openSource(row);
        assertNotNull(editor, view.statusText());
        assertEquals(sample().getFile(BundledSample.SOURCE_NAME), editor.getEditorInput().getAdapter(IFile.class));
        ITextSelection selection = (ITextSelection) ((ITextEditor) editor).getSelectionProvider().getSelection();
        assertEquals(row.line() - 1, selection.getStartLine());

        // Without the breakpoint the kernel runs to its end: the view shows the end's profile.
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        target.resume();
        UiTesting.waitUntil(target::isTerminated, 60_000, "the sample's end");
        assertTrue(target.session().endResult().completed());
        Map<String, AddressSpaceProfile.Counts> atEnd = target.session().endResult().profile().sourceLines();
        assertTrue(generic(atEnd) > generic(atStop), "the end counts no more than the stop: " + atEnd);
        waitForProfile(view, target, atEnd, "the profile at the kernel's end");

        // A second launch, in run mode with twice the grid: the view follows it.
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "profile follows the next launch");
        KernelLaunchAttributes.useFields(wc, sample().getFile(BundledSample.PTX_NAME).getLocation().toOSString(),
                "local_weighted", "[4]", "[64]", 0, "sm_90",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":256,\"init\":{\"random\":3}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":256},{\"s32\":256}]",
                List.of("out"));
        ILaunch second = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        KernelProcess process = assertInstanceOf(KernelProcess.class, second.getProcesses()[0]);
        UiTesting.waitUntil(process::isTerminated, 60_000, "the second launch's end");
        assertEquals(0, process.getExitValue());
        Map<String, AddressSpaceProfile.Counts> second2 = process.session().endResult().profile().sourceLines();
        assertNotEquals(atEnd, second2, "the second launch counts the same as the first");
        waitForProfile(view, process, second2, "the second launch's profile");
    }

    @Test
    void followsTheLatestKernelLaunchOfACudaProgramRun() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        AddressSpaceProfileView view = (AddressSpaceProfileView) page.showView(GpuMemoryViews.ADDRESS_SPACE_PROFILE);
        // reduction.G (nvcc -G: every access through a generic address) launches reduceSum twice.
        Path program = Path.of(System.getProperty("gpumem.fixtures"), "host", "reduction.G");
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID).newInstance(null, "profile of a program run");
        HostLaunchAttributes.set(wc, program.toString(), "", "", "sm_90", "");
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        HostProgramProcess process = assertInstanceOf(HostProgramProcess.class, launch.getProcesses()[0]);
        UiTesting.waitUntil(process::isTerminated, 60_000, "the program's exit");
        assertEquals(0, process.getExitValue());
        HostProgramProcess.RunLaunch last = process.lastRun();
        assertEquals(2, last.launch().sequence(), "the program's second launch is its last");
        Map<String, AddressSpaceProfile.Counts> expected = last.result().profile().sourceLines();
        assertTrue(generic(expected) > 0, "no generic access in " + last.launch() + ": " + expected);
        waitForProfile(view, process, expected, "the profile of " + last.launch());
    }
}
