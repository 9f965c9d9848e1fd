package org.gpumem.ui.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.action.ActionContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.gpumem.ui.views.MemoryPoolsView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Save Snapshot of a kernel suspended at a breakpoint (local_array.cu's loop, after the CTA
 * copied in[] into its shared stage[]), then File > Open of the saved file: the Snapshot editor
 * shows it read-only and every pool holds the bytes the suspended session held.
 */
class SaveSnapshotTest {

    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
    private static final int WINDOW = 4096;

    @TempDir
    Path dir;

    private IProject project;

    @AfterEach
    void cleanUp() throws Exception {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().closeAllEditors(false);
        if (project != null) {
            UiTesting.endLaunchesAndDelete(project);
        }
    }

    @Test
    void aSavedStopReopensReadOnlyWithTheSessionsBytes() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        List<String> lines = Files.readAllLines(KERNELS.resolve("local_array.cu"));
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("window[k] = stage[")).findFirst().orElseThrow());
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        project = workspace.getRoot().getProject("ui-snapshot-" + UUID.randomUUID());
        IFile source = project.getFile("local_array.cu");
        // Project, link and breakpoint in one operation under the root's rule: no refresh comes between them.
        workspace.run(monitor -> {
            project.create(monitor);
            project.open(monitor);
            source.createLink(IPath.fromPath(KERNELS.resolve("local_array.cu")), IResource.NONE, monitor);
            new KernelLineBreakpoint(source, line);
        }, workspace.getRoot(), IWorkspace.AVOID_UPDATE, null);
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "ui test save snapshot");
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("local_array.G.ptx").toString(), "local_weighted", "[2]", "[64]", 0,
                "sm_90", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":128,\"init\":{\"random\":7}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":128},{\"s32\":128}]",
                List.of("out"));
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        SaveSnapshotAction action = saveAction(pools);
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended()
                && GpuMemorySession.get().state() != null && !GpuMemorySession.get().readOnly(), 60_000,
                "the kernel to stop at the breakpoint and the views to show it");
        UiTesting.waitUntil(action::isEnabled, 60_000, "Save Snapshot to be enabled by the stop");
        MemoryState live = GpuMemorySession.get().state();
        List<String> liveBytes = populatedWindows(live);
        assertTrue(liveBytes.stream().anyMatch(w -> w.startsWith("shared ")), "no shared bytes in the stop: " + liveBytes);

        Path file = dir.resolve("stop.gpumem");
        String[] outcome = new String[1];
        SaveSnapshotAction.save(live, file, Display.getCurrent(), said -> outcome[0] = said).join();
        UiTesting.waitUntil(() -> outcome[0] != null, 60_000, "the save to report");
        assertTrue(outcome[0].startsWith("saved snapshot " + file), outcome[0]);
        assertTrue(Files.exists(file) && Files.exists(Path.of(file + ".pages")), "no snapshot files in " + dir);

        IEditorPart editor = IDE.openEditorOnFileStore(page, EFS.getLocalFileSystem().getStore(file.toUri()));
        assertInstanceOf(SnapshotEditor.class, editor);
        UiTesting.waitUntil(() -> GpuMemorySession.get().readOnly() && file.toString().equals(GpuMemorySession.get().origin()),
                60_000, "the Snapshot editor to show the saved state");
        MemoryState reopened = GpuMemorySession.get().state();
        assertNotNull(reopened);
        assertEquals(live.getName(), reopened.getName());
        assertEquals(liveBytes, populatedWindows(reopened));
        UiTesting.waitUntil(pools::measured, 60_000, "Memory Pools to show the snapshot");
        assertTrue(pools.statusText().startsWith("Snapshot (read-only): "), pools.statusText());
    }

    /** The Save Snapshot action of the Memory Pools view's toolbar. */
    private static SaveSnapshotAction saveAction(MemoryPoolsView pools) {
        for (IContributionItem item : pools.getViewSite().getActionBars().getToolBarManager().getItems()) {
            if (item instanceof ActionContributionItem a && a.getAction() instanceof SaveSnapshotAction s) {
                return s;
            }
        }
        throw new AssertionError("the Memory Pools toolbar has no Save Snapshot action");
    }

    /** One line per pool and non-zero {@value #WINDOW}-byte window: storage, owner, offset, bytes in hex. */
    private static List<String> populatedWindows(MemoryState state) {
        List<String> windows = new ArrayList<>();
        byte[] window = new byte[WINDOW];
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (!(it.next() instanceof Pool pool)) {
                continue;
            }
            ByteSource source = pool.getSource();
            long size = pool.getSize();
            long at = source.nextPopulated(0);
            while (at < size) {
                long start = at - at % WINDOW;
                int n = (int) Math.min(WINDOW, size - start);
                source.read(start, window, 0, n);
                String hex = UiTesting.hex(window, 0, n);
                if (!hex.matches("[0 ]*")) {
                    windows.add(pool.getStorage().getName() + " " + Contexts.describe(pool.getOwner()) + " +" + start + " " + hex);
                }
                at = source.nextPopulated(start + n);
            }
        }
        return windows;
    }
}
