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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.memory.ByteSource;
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
 * Save Snapshot of a kernel suspended at a breakpoint (local_array.cu's loop, after the CTA
 * copied in[] into its shared stage[]), then File > Open of the saved file: the Snapshot editor
 * shows it read-only and every pool holds the bytes the suspended session held. And Save
 * Snapshot after the kernel ended: it runs on to its end (the views let go of it), and Memory
 * Pools' Save Snapshot still saves the state it ended with: the reopened file holds {@code out} as
 * the kernel's arithmetic gives it from {@code in} (computed here), and the last resident CTA's
 * shared stage.
 */
class SaveSnapshotTest {

    private static final int BLOCK = LocalArrayDebugLaunch.BLOCK, N = LocalArrayDebugLaunch.N;

    private static final int WINDOW = 4096;

    @TempDir
    Path dir;

    private IProject project;

    @AfterEach
    void cleanUp() throws Exception {
        LocalArrayDebugLaunch.cleanUp(project);
    }

    /** Creates the project with the loop breakpoint, shows the GPU Memory perspective and Memory Pools. */
    private MemoryPoolsView showPoolsWithProject(String name) throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        project = LocalArrayDebugLaunch.projectWithLoopBreakpoint(name);
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        return (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
    }

    @Test
    void aSavedStopReopensReadOnlyWithTheSessionsBytes() throws Exception {
        MemoryPoolsView pools = showPoolsWithProject("ui-snapshot");
        IWorkbenchPage page = pools.getSite().getPage();
        SaveSnapshotAction action = LocalArrayDebugLaunch.saveAction(pools);
        LocalArrayDebugLaunch.debugUntilShown("ui test save snapshot", 7);
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
        MemoryPoolsView pools = showPoolsWithProject("ui-snapshot-end");
        IWorkbenchPage page = pools.getSite().getPage();
        SaveSnapshotAction action = LocalArrayDebugLaunch.saveAction(pools);
        ILaunch launch = LocalArrayDebugLaunch.debugUntilShown("ui test snapshot after the end", 11);

        LocalArrayDebugLaunch.deleteBreakpoints();
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
            process.outputs().get("out").asIntBuffer().get(fromProcess);
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
}
