package org.gpumem.ui.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AddressSpaceProfileViewTest {

    private final IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();

    @AfterEach
    void close() throws Exception {
        page.closeAllEditors(false);
        UiTesting.endLaunchesAndDelete(null);
    }

    /** Line of {@code text} in local_array.cu (1-based), found in the source rather than hard-coded. */
    private static int lineOf(List<String> source, String text) {
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text);
    }

    /**
     * Waits until the profile of launch file {@code name}, run as a launch of its own (in the
     * Debug view with a process, its console), is shown at its end.
     */
    private static void waitForProfile(AddressSpaceProfileView view, String name) {
        UiTesting.waitUntil(() -> {
            ILaunch launch = view.followedLaunch();
            return launch != null && launch.getLaunchConfiguration() != null
                    && launch.getLaunchConfiguration().getName().startsWith(AddressSpaceProfileView.PROFILE_PREFIX + name)
                    && launch.isTerminated() && !view.running() && !view.rows().isEmpty();
        }, 60_000, "the profile of " + name + " run as a launch (" + view.statusText() + ")");
        ILaunch launch = view.followedLaunch();
        assertEquals(1, launch.getProcesses().length, "the profiled launch has no process (console, Terminate)");
        assertTrue(List.of(DebugPlugin.getDefault().getLaunchManager().getLaunches()).contains(launch),
                "the profiled launch is not in the Debug view");
    }

    @Test
    void genericAccessesOfTheLocalArrayKernelResolvePerSourceLine(@TempDir Path dir) throws Exception {
        Path kernels = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
        Path launch = dir.resolve("local_array.G.json");
        // The -G build reaches every space through generic addresses; same launch as launch/local_array.json.
        Files.writeString(launch, Files.readString(kernels.resolve("launch/local_array.json"))
                .replace("\"../local_array.O3.ptx\"", "\"" + kernels.resolve("local_array.G.ptx") + "\""));
        AddressSpaceProfileView view = (AddressSpaceProfileView) page.showView(GpuMemoryViews.ADDRESS_SPACE_PROFILE);
        view.profile(launch);
        waitForProfile(view, "local_array.G.json");
        assertTrue(!view.rows().isEmpty(), "no profile rows");

        List<String> source = Files.readAllLines(kernels.resolve("local_array.cu"));
        int copyLine = lineOf(source, "window[k] = stage[");
        int sumLine = lineOf(source, "sum += (k + 1) * values[k]");
        long threads = 8 * 128;
        ProfileRow copy = view.rows().stream().filter(r -> r.line() == copyLine && r.file().endsWith("local_array.cu"))
                .findFirst().orElseThrow(() -> new AssertionError("no row for line " + copyLine + " in " + view.rows()));
        assertTrue(copy.counts().shared() >= 8 * threads, "shared reads of line " + copyLine + ": " + copy);
        assertTrue(copy.counts().local() >= 8 * threads, "local writes of line " + copyLine + ": " + copy);
        ProfileRow sum = view.rows().stream().filter(r -> r.line() == sumLine).findFirst().orElseThrow();
        assertTrue(sum.counts().local() >= 8 * threads, "local reads through the generic pointer: " + sum);
        assertEquals(0, sum.counts().shared(), "weighted_sum never touches shared memory: " + sum);

        view.sortBy(4);
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < view.viewer().getTable().getItemCount(); i++) {
            ProfileRow row = (ProfileRow) view.viewer().getElementAt(i);
            assertTrue(row.count(4) <= previous, "not sorted by local accesses at row " + i);
            previous = row.count(4);
        }

        IEditorPart editor = view.openSource(sum);
        assertNotNull(editor, "no editor for " + sum.file());
        ITextSelection selection = (ITextSelection) ((ITextEditor) editor).getSelectionProvider().getSelection();
        assertEquals(sumLine - 1, selection.getStartLine());
    }

    /**
     * A project holding a kernel's source, and its PTX as built on another machine (the line
     * table names the absolute path of the build, here the fixtures' copy, which exists): a
     * double-click opens the project's file in the workspace editor, not the build's path.
     */
    @Test
    void doubleClickOpensTheProjectsCopyOfASourceBuiltElsewhere() throws Exception {
        Path kernels = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("ProfileSourcesTest");
        try {
            project.create(null);
            project.open(null);
            String ptx = Files.readString(kernels.resolve("local_array.G.ptx")).replace(".file\t1 \"local_array.cu\"",
                    ".file\t1 \"" + kernels.toAbsolutePath().resolve("local_array.cu") + "\"");
            assertTrue(ptx.contains(kernels.toAbsolutePath().resolve("local_array.cu").toString()), "the PTX names no build path");
            create(project.getFile("local_array.G.ptx"), ptx);
            create(project.getFile("local_array.cu"), Files.readString(kernels.resolve("local_array.cu")));
            create(project.getFile("local_array.json"), Files.readString(kernels.resolve("launch/local_array.json"))
                    .replace("\"../local_array.O3.ptx\"", "\"local_array.G.ptx\""));
            AddressSpaceProfileView view = (AddressSpaceProfileView) page.showView(GpuMemoryViews.ADDRESS_SPACE_PROFILE);
            view.profile(project.getFile("local_array.json").getLocation().toPath());
            waitForProfile(view, "local_array.json");
            ProfileRow row = view.rows().stream().filter(r -> r.file().endsWith("local_array.cu")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row of local_array.cu: " + view.rows()));
            IEditorPart editor = view.openSource(row);
            assertNotNull(editor, "no editor for " + row.file());
            assertEquals(project.getFile("local_array.cu"), editor.getEditorInput().getAdapter(IFile.class));
            ITextSelection selection = (ITextSelection) ((ITextEditor) editor).getSelectionProvider().getSelection();
            assertEquals(row.line() - 1, selection.getStartLine());
        } finally {
            page.closeAllEditors(false);
            UiTesting.endLaunchesAndDelete(project);
        }
    }

    private static void create(IFile file, String text) throws Exception {
        file.create(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
    }
}
