package org.gpumem.ui.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.action.ActionContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.gpumem.ui.views.MemoryPoolsView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Save Snapshot after the kernel ended: the sample kernel stops at its loop breakpoint (the views
 * show the stop), runs to its end (the views let go of it), and Memory Pools' Save Snapshot still
 * saves the state it ended with. The reopened file holds {@code out} as the kernel's arithmetic
 * gives it from {@code in} (computed here), and the last resident CTA's shared stage.
 */
class SaveSnapshotAfterEndTest {

    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
    private static final int CTAS = 2, BLOCK = 64, N = CTAS * BLOCK;

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

    /** out[gid] of local_array.cu: the weighted sum of 8 consecutive (wrapping) elements of its CTA's stage. */
    private static int[] expectedOut(int[] in) {
        int[] out = new int[N];
        for (int gid = 0; gid < N; gid++) {
            int cta = gid / BLOCK, t = gid % BLOCK;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += (k + 1) * in[cta * BLOCK + (t + k) % BLOCK];
            }
            out[gid] = sum;
        }
        return out;
    }

    private static int[] ints(Pool pool, long offset, int count) {
        byte[] bytes = new byte[4 * count];
        pool.getSource().read(offset, bytes, 0, bytes.length);
        int[] values = new int[count];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(values);
        return values;
    }

    private static Variable variable(MemoryState state, String name) {
        return state.getVariables().stream().filter(v -> v.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no variable " + name + " in " + state.getName()));
    }

    private static Pool pool(Context context, String storage) {
        return context.getPools().stream().filter(p -> p.getStorage().getName().equals(storage)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + storage + " pool in " + Contexts.describe(context)));
    }

    @Test
    void theStateAKernelEndedWithIsSavedAfterTheViewsLetGoOfIt() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        List<String> lines = Files.readAllLines(KERNELS.resolve("local_array.cu"));
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("window[k] = stage[")).findFirst().orElseThrow());
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        project = workspace.getRoot().getProject("ui-snapshot-end-" + UUID.randomUUID());
        IFile source = project.getFile("local_array.cu");
        workspace.run(monitor -> {
            project.create(monitor);
            project.open(monitor);
            source.createLink(IPath.fromPath(KERNELS.resolve("local_array.cu")), IResource.NONE, monitor);
            new KernelLineBreakpoint(source, line);
        }, workspace.getRoot(), IWorkspace.AVOID_UPDATE, null);
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "ui test snapshot after the end");
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("local_array.G.ptx").toString(), "local_weighted",
                "[" + CTAS + "]", "[" + BLOCK + "]", 0, "sm_90",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N + ",\"init\":{\"random\":11}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]",
                List.of("out"));
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        SaveSnapshotAction action = saveAction(pools);
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended()
                && GpuMemorySession.get().state() != null && !GpuMemorySession.get().readOnly(), 60_000,
                "the kernel to stop at the breakpoint and the views to show it");

        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        launch.getDebugTarget().resume();
        KernelProcess process = assertInstanceOf(KernelProcess.class, launch.getProcesses()[0]);
        UiTesting.waitUntil(() -> process.isTerminated() && GpuMemorySession.get().state() == null && action.isEnabled(),
                60_000, "the kernel's end, the views letting go of it and Save Snapshot enabled by its final state");
        assertEquals(0, process.getExitValue());

        Path file = dir.resolve("ended.gpumem");
        Job save = action.saveTo(file);
        assertNotNull(save, "Save Snapshot has nothing to save after the end");
        save.join();
        UiTesting.waitUntil(() -> pools.getContentDescription().startsWith("saved snapshot " + file), 60_000,
                "the save to report (" + pools.getContentDescription() + ")");

        try (Snapshot snapshot = Snapshot.open(file)) {
            MemoryState state = snapshot.state();
            assertTrue(state.getName().startsWith("local_weighted(int const*, int*, int) completed, last resident CTA "),
                    state.getName());
            Pool global = pool(state.getDevice(), "global");
            int[] in = ints(global, variable(state, "in").getOffset(), N);
            int[] out = ints(global, variable(state, "out").getOffset(), N);
            assertArrayEquals(expectedOut(in), out, "out[] of the saved state");
            int[] fromProcess = new int[N];
            ByteBuffer.wrap(process.outputs().get("out")).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(fromProcess);
            assertArrayEquals(fromProcess, out, "the launch's own output buffer");
            // The last resident CTA kept its shared stage: stage[t] = in[cta * BLOCK + t].
            List<Context> groups = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP);
            assertEquals(1, groups.size(), "the last resident CTA only: " + groups);
            int cta = groups.get(0).getIndex();
            int[] stage = ints(pool(groups.get(0), "shared"), 0, BLOCK);
            int[] expectedStage = new int[BLOCK];
            System.arraycopy(in, cta * BLOCK, expectedStage, 0, BLOCK);
            assertArrayEquals(expectedStage, stage, "shared stage[] of CTA " + cta);
        }

        // File > Open shows it read-only.
        IDE.openEditorOnFileStore(page, EFS.getLocalFileSystem().getStore(file.toUri()));
        UiTesting.waitUntil(() -> GpuMemorySession.get().readOnly() && file.toString().equals(GpuMemorySession.get().origin()),
                60_000, "the Snapshot editor to show the saved state");
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
}
