package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.expressions.EvaluationContext;
import org.eclipse.core.expressions.EvaluationResult;
import org.eclipse.core.expressions.TestExpression;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.internal.ui.DebugUIPlugin;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchShortcutExtension;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run As / Debug As on files in the Project Explorer, evaluated as the platform evaluates them:
 * the contextual launch menus' enablement (debug.core's {@code launchable} test on the selected
 * object) and each launch shortcut's contextual enablement on the selection of that file, as
 * ContextualLaunchAction evaluates it.
 */
@SuppressWarnings("restriction")
class ContextualLaunchTest {
    private static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));
    private static final String KERNEL = "org.gpumem.ui.launch.kernelShortcut";
    private static final String HOST = "org.gpumem.ui.launch.hostShortcut";

    private IProject project;

    @BeforeEach
    void setUp() throws Exception {
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("ContextualLaunchTest");
        project.create(null);
        project.open(null);
    }

    @AfterEach
    void cleanUp() throws Exception {
        UiTesting.endLaunchesAndDelete(project);
    }

    private IFile linked(String name, Path target) throws Exception {
        IFile f = project.getFile(name);
        f.createLink(IPath.fromPath(target), IResource.NONE, null);
        return f;
    }

    /** The context the contextual launch menus evaluate for a selection of {@code file}. */
    private static EvaluationContext selectionOf(IFile file) {
        List<?> selection = new StructuredSelection(file).toList();
        EvaluationContext context = new EvaluationContext(null, selection);
        context.addVariable("selection", selection);
        return context;
    }

    /** Per mode, whether the platform shows the Run As / Debug As submenu on {@code file}. */
    private static boolean menuShown(IFile file, String mode) throws Exception {
        return new TestExpression("org.eclipse.debug.core", "launchable", null, mode, false)
                .evaluate(new EvaluationContext(null, file)) == EvaluationResult.TRUE;
    }

    /**
     * The gpumem shortcuts the Run As submenu lists for {@code file}, and whether the menus are
     * there, once the program test has looked at the file (the first evaluation starts the look).
     */
    private static String offered(IFile file) throws Exception {
        offeredNow(file);
        Job.getJobManager().join(CudaProgramTester.FAMILY, null);
        return offeredNow(file);
    }

    /** What the menus offer for {@code file} now. */
    private static String offeredNow(IFile file) throws Exception {
        Map<String, Boolean> shortcuts = new TreeMap<>();
        for (LaunchShortcutExtension s : DebugUIPlugin.getDefault().getLaunchConfigurationManager().getLaunchShortcuts()) {
            if (s.getId().equals(KERNEL) || s.getId().equals(HOST)) {
                shortcuts.put(s.getId().equals(KERNEL) ? "kernel" : "host", s.evalEnablementExpression(selectionOf(file), s.getContextualLaunchEnablementExpression()));
            }
        }
        return "run " + menuShown(file, "run") + ", debug " + menuShown(file, "debug") + ", " + shortcuts;
    }

    @Test
    void kernelFilesAndExecutablesWithDeviceCodeOfferTheirShortcuts() throws Exception {
        Path kernels = FIXTURES.resolve("kernels");
        IFile cu = linked("local_array.cu", kernels.resolve("local_array.cu"));
        IFile ptx = linked("local_array.G.ptx", kernels.resolve("local_array.G.ptx"));
        IFile launchJson = project.getFile("local_array.launch.json");
        launchJson.create(new ByteArrayInputStream("{\"module\":\"local_array.G.ptx\",\"kernel\":\"local_weighted\"}"
                .getBytes(StandardCharsets.UTF_8)), IResource.NONE, null);
        IFile program = linked("vector_add", FIXTURES.resolve("host/vector_add"));
        IFile script = linked("make-host.sh", FIXTURES.resolve("host/make-host.sh"));

        assertEquals("run true, debug true, {host=false, kernel=true}", offered(cu));
        assertEquals("run true, debug true, {host=false, kernel=true}", offered(ptx));
        assertEquals("run true, debug true, {host=false, kernel=true}", offered(launchJson));
        assertEquals("run true, debug true, {host=true, kernel=false}", offered(program));
        assertEquals("run true, debug true, {host=false, kernel=false}", offered(script));
    }

    /**
     * The user selects a 200 MB executable in the Project Explorer and opens Run As: the UI
     * thread reads no byte of it (the UI-thread guard, {@code UiThreadStaysFree}, fails the test
     * otherwise) and the menu is built at once from the executable flag; the look at its ELF
     * headers runs in a job, after which the menu offers the shortcut from what it found.
     */
    @Test
    void selectingA200MegabyteExecutableLeavesTheUiThreadFree(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big_program");
        Files.copy(FIXTURES.resolve("host/vector_add"), big);
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(200L << 20); // a sparse tail: 200 MB on the file's side, no disk written
        }
        assertTrue(big.toFile().setExecutable(true));
        IFile program = linked("big_program", big);
        String[] offered = new String[1];
        Display display = Display.getCurrent();
        // as a click does: the selection and the menu's evaluation run from the event loop
        display.asyncExec(() -> {
            try {
                IViewPart explorer = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage()
                        .showView(IPageLayout.ID_PROJECT_EXPLORER);
                ((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(program));
                offered[0] = offeredNow(program);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        UiTesting.waitUntil(() -> offered[0] != null, 60_000, "the selection and the Run As menu");
        assertEquals("run true, debug true, {host=true, kernel=false}", offered[0], "before the look, from the executable flag");
        Job.getJobManager().join(CudaProgramTester.FAMILY, null);
        assertEquals("run true, debug true, {host=true, kernel=false}", offeredNow(program), "after the look at its ELF headers");
    }
}
