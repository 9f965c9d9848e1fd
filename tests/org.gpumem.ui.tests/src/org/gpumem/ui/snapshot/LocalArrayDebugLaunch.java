package org.gpumem.ui.snapshot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.action.ActionContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.gpumem.ui.views.MemoryPoolsView;

/**
 * What the Save Snapshot tests share: local_array.cu's kernel (-G PTX, grid [2] x block [64] over
 * 128 elements) debugged until it stops in its window loop, after the CTA copied {@code in[]}
 * into its shared {@code stage[]}.
 */
final class LocalArrayDebugLaunch {
    static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
    static final int CTAS = 2, BLOCK = 64, N = CTAS * BLOCK;

    private LocalArrayDebugLaunch() {
    }

    /** A new project linking local_array.cu, with a breakpoint on the loop line {@code window[k] = stage[...]}. */
    static IProject projectWithLoopBreakpoint(String name) throws Exception {
        List<String> lines = Files.readAllLines(KERNELS.resolve("local_array.cu"));
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("window[k] = stage[")).findFirst().orElseThrow());
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name + "-" + UUID.randomUUID());
        UiTesting.createWithBreakpoint(project, KERNELS.resolve("local_array.cu"), line);
        return project;
    }

    /** Debugs the kernel with {@code in[]} from random seed {@code seed}, until the views show its first stop. */
    static ILaunch debugUntilShown(String name, int seed) throws Exception {
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, name);
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("local_array.G.ptx").toString(), "local_weighted",
                "[" + CTAS + "]", "[" + BLOCK + "]", 0, "sm_90",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N + ",\"init\":{\"random\":" + seed + "}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]",
                List.of("out"));
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended()
                && GpuMemorySession.get().state() != null && !GpuMemorySession.get().readOnly(), 60_000,
                "the kernel to stop at the breakpoint and the views to show it");
        return launch;
    }

    /** Deletes the kernel line breakpoints. */
    static void deleteBreakpoints() throws CoreException {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
    }

    /** After a test: no breakpoint, no editor, no launch, no {@code project} (may be null). */
    static void cleanUp(IProject project) throws CoreException {
        deleteBreakpoints();
        PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().closeAllEditors(false);
        if (project != null) {
            UiTesting.endLaunchesAndDelete(project);
        }
    }

    /** The Save Snapshot action of the Memory Pools view's toolbar. */
    static SaveSnapshotAction saveAction(MemoryPoolsView pools) {
        for (IContributionItem item : pools.getViewSite().getActionBars().getToolBarManager().getItems()) {
            if (item instanceof ActionContributionItem a && a.getAction() instanceof SaveSnapshotAction s) {
                return s;
            }
        }
        throw new AssertionError("the Memory Pools toolbar has no Save Snapshot action");
    }
}
