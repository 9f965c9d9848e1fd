package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.CheckedRun;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.source.KernelSourceEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Memory Checks view after a run of the racy shared-memory kernel of tests/fixtures/checks
 * with racecheck: one kernel, racecheck classes only, shared memory only, as many findings as
 * the console's summary counts, each with its two accesses as children on the lines the source
 * marks (RACE-WRITE for the writes, RACE-READ for the reads), and a double-click on each opens
 * that line in the Kernel Source Editor. A run of the correct kernel empties it.
 */
class MemoryChecksViewTest {
    private static final Path CHECKS = KernelDebugging.KERNELS.resolveSibling("checks");
    private KernelDebugging kernels;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("memory-checks-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (var c : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID))) {
            c.delete();
        }
    }

    @Test
    void groupsTheRacesByKernelClassAndSpaceWithBothAccessesOnTheirLines() throws Exception {
        IFile source = kernels.project().getFile("checks.cu");
        IFile module = kernels.project().getFile("checks.O3.ptx");
        KernelDebugging.underWorkspaceRule(monitor -> {
            source.createLink(IPath.fromPath(CHECKS.resolve("checks.cu")), IResource.NONE, monitor);
            module.createLink(IPath.fromPath(CHECKS.resolve("checks.O3.ptx")), IResource.NONE, monitor);
        });
        int write = KernelDebugging.lineOf(CHECKS.resolve("checks.cu"), "// RACE-WRITE");
        int read = KernelDebugging.lineOf(CHECKS.resolve("checks.cu"), "// RACE-READ");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        MemoryChecksView view = (MemoryChecksView) page.showView(GpuMemoryViews.MEMORY_CHECKS);

        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "memory checks view");
        wc.setAttribute(KernelLaunchAttributes.CHECKS, CheckTool.RACECHECK.cliName());
        KernelLaunchAttributes.useLaunchFile(wc, CHECKS.resolve("launch/race_shared.json").toString());
        KernelProcess process = runToEnd(wc);
        CheckedRun run = process.getAdapter(CheckedRun.class);
        assertNotNull(run);
        String console = process.getStreamsProxy().getOutputStreamMonitor().getContents();
        Matcher summary = Pattern.compile("(?m)^========= gpumem: (\\d+) errors? \\(racecheck \\d+\\)$").matcher(console);
        assertTrue(summary.find(), console);
        int errors = Integer.parseInt(summary.group(1));
        assertTrue(errors > 0, console);
        UiTesting.waitUntil(() -> view.shown() == run && view.roots().size() == 1, 60_000,
                "the view to show the run's findings (" + view.getContentDescription() + ")");

        MemoryCheckNode kernel = view.roots().get(0);
        assertTrue(kernel.label().startsWith("race_shared"), kernel.label());
        int findings = 0;
        Set<Integer> opened = new TreeSet<>();
        for (MemoryCheckNode kind : kernel.children()) {
            assertTrue(Set.of("racecheck RAW", "racecheck WAR", "racecheck WAW").contains(kind.label()), kind.label());
            assertEquals(1, kind.children().size(), kind.label() + ": " + kind.children());
            MemoryCheckNode space = kind.children().get(0);
            assertEquals("shared", space.label());
            for (MemoryCheckNode finding : space.children()) {
                findings++;
                assertTrue(finding.label().contains("race"), finding.label());
                assertTrue(finding.variable().contains("s"), finding.variable());
                assertTrue(finding.address().startsWith("offset 0x"), finding.address());
                assertTrue(Long.parseLong(finding.count().split(" ")[0]) >= 1, finding.count());
                assertEquals(2, finding.children().size(), finding.label());
                for (MemoryCheckNode access : finding.children()) {
                    int expected = access.access().operation() == Access.Operation.WRITE ? write : read;
                    assertEquals(expected, access.line(), access.label());
                    assertEquals("checks.cu:" + expected, access.where());
                    assertTrue(access.context().matches("CTA \\(\\d+,\\d+,\\d+\\) warp \\d+ lane \\d+ \\(thread .*\\)"),
                            access.context());
                    if (opened.contains(expected)) {
                        continue;
                    }
                    IEditorPart editor = view.open(access);
                    assertNotNull(editor, view.getContentDescription());
                    assertInstanceOf(KernelSourceEditor.class, editor);
                    assertEquals(source, editor.getEditorInput().getAdapter(IFile.class));
                    ITextSelection selection = (ITextSelection) ((ITextEditor) editor).getSelectionProvider().getSelection();
                    assertEquals(expected - 1, selection.getStartLine());
                    opened.add(expected);
                }
            }
        }
        assertEquals(errors, findings, console);
        assertEquals(Set.of(write, read), opened);
        assertTrue(view.getContentDescription().contains(errors + (errors == 1 ? " error" : " errors")),
                view.getContentDescription());

        // the correct kernel: the view follows the later launch and shows nothing
        KernelLaunchAttributes.useLaunchFile(wc, CHECKS.resolve("launch/race_shared_fixed.json").toString());
        CheckedRun fixed = runToEnd(wc).getAdapter(CheckedRun.class);
        UiTesting.waitUntil(() -> view.shown() == fixed && view.roots().isEmpty()
                && view.getContentDescription().endsWith("0 errors"), 60_000,
                "the view to show the correct kernel's run (" + view.getContentDescription() + ")");
        assertEquals(List.of(), fixed.findings());
    }

    private static KernelProcess runToEnd(ILaunchConfigurationWorkingCopy wc) throws Exception {
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        KernelProcess process = assertInstanceOf(KernelProcess.class, launch.getProcesses()[0]);
        UiTesting.waitUntil(process::isTerminated, 60_000, "the end of the run");
        assertEquals(0, process.getExitValue());
        return process;
    }
}
