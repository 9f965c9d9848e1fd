package org.gpumem.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ICoreRunnable;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.ui.session.GpuMemorySession;
import org.gpumem.ui.source.KernelSourceEditor;

/**
 * Debug launches of local_array.cu's kernel for UI tests: a fresh workspace project with the
 * source linked in, a breakpoint on a line, the launch in debug mode up to it, and the clean-up
 * (breakpoints, launches, project) after the test.
 */
public final class KernelDebugging {

    public static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
    /** Threads per CTA of the launches. */
    public static final int BLOCK = 64;
    /** Ints of in[] and out[]: two CTAs. */
    public static final int N = 128;

    private final IProject project;
    private ILaunch launch;

    private KernelDebugging(IProject project) {
        this.project = project;
    }

    /** A new open project named {@code prefix} + a random suffix. */
    public static KernelDebugging newProject(String prefix) throws CoreException {
        UiTesting.neverAskToSwitchPerspectives();
        KernelDebugging d = new KernelDebugging(ResourcesPlugin.getWorkspace().getRoot().getProject(prefix + UUID.randomUUID()));
        underWorkspaceRule(monitor -> {
            d.project.create(monitor);
            d.project.open(monitor);
        });
        return d;
    }

    public IProject project() {
        return project;
    }

    /** The last launch {@link #launchToBreakpoint} made. */
    public ILaunch launch() {
        return launch;
    }

    /** Breakpoints deleted and enabled again, the views' frame let go, launches ended, the project deleted. */
    public void cleanUp() throws CoreException {
        DebugPlugin.getDefault().getBreakpointManager().setEnabled(true);
        GpuMemorySession.get().showFrame(null);
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        UiTesting.endLaunchesAndDelete(project);
    }

    /**
     * Runs {@code change} holding the workspace root's rule: it waits for the workspace jobs that
     * run (refreshes, another test's project deletion) and none runs until it is done.
     */
    public static void underWorkspaceRule(ICoreRunnable change) throws CoreException {
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        workspace.run(change, workspace.getRoot(), IWorkspace.AVOID_UPDATE, null);
    }

    /** The first line of {@code file} holding {@code text}. */
    public static int lineOf(Path file, String text) throws Exception {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text + " in " + file);
    }

    /**
     * A debug launch of local_weighted over 2 CTAs of {@value #BLOCK} threads, in[] random from
     * {@code seed}, with a breakpoint on the first line of local_array.cu holding {@code breakAt}.
     */
    public ILaunchConfigurationWorkingCopy localWeighted(String name, int seed, String breakAt) throws Exception {
        IFile source = project.getFile("local_array.cu");
        int line = lineOf(KERNELS.resolve("local_array.cu"), breakAt);
        // The link and the breakpoint's marker in one workspace operation: no refresh or other
        // workspace job can come between the file appearing and its marker being filled in.
        underWorkspaceRule(monitor -> {
            if (!source.exists()) {
                source.createLink(IPath.fromPath(KERNELS.resolve("local_array.cu")), IResource.NONE, monitor);
            }
            new KernelLineBreakpoint(source, line);
        });
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, name);
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("local_array.G.ptx").toString(), "local_weighted", "[2]",
                "[" + BLOCK + "]", 0, "sm_90", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N
                        + ",\"init\":{\"random\":" + seed + "}},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N
                        + "},{\"s32\":" + N + "}]",
                List.of("out"));
        return wc;
    }

    /**
     * A debug launch of expressions.cu's kernel (-G PTX) over 2 CTAs of {@value #BLOCK} threads,
     * in[i] = i - 70 (floats), with a breakpoint with {@code condition} on the first line of
     * expressions.cu holding {@code breakAt}.
     */
    public ILaunchConfigurationWorkingCopy expressions(String name, String breakAt, String condition) throws Exception {
        Path source = KERNELS.resolve("expressions.cu");
        int line = lineOf(source, breakAt);
        IFile file = project.getFile("expressions.cu");
        underWorkspaceRule(monitor -> {
            file.createLink(IPath.fromPath(source), IResource.NONE, monitor);
            new KernelLineBreakpoint(file, line).setCondition(condition);
        });
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, name);
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("expressions.G.ptx").toString(), "expressions", "[2]",
                "[" + BLOCK + "]", 0, "sm_90", "[{\"buffer\":\"in\",\"type\":\"f32\",\"count\":" + N
                        + ",\"init\":{\"iota\":-70}},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N
                        + "}]",
                List.of("out"));
        return wc;
    }

    /** A kernel frame the views show, and its source open in the Kernel Source Editor. */
    public record StoppedSource(PtxStackFrame frame, KernelSourceEditor editor) {
    }

    /**
     * Launches {@link #expressions} to its breakpoint at {@code out[gid] = sum + mode} in thread
     * {@code thread} of CTA 0, makes the stopped frame (that thread's lane) the views' frame and
     * opens expressions.cu, which the Kernel Source Editor edits.
     */
    public StoppedSource stopInExpressions(String name, int thread) throws Exception {
        ILaunchConfigurationWorkingCopy wc = expressions(name, "out[gid] = sum + mode", "blockIdx.x == 0 && threadIdx.x == " + thread);
        IFile file = project.getFile("expressions.cu");
        gpuMemoryPerspective();
        launchToBreakpoint(wc, "the conditional breakpoint");
        PtxStackFrame frame = selectedFrame();
        assertEquals(thread, frame.lane());
        GpuMemorySession.get().showFrame(frame);
        IEditorPart editor = IDE.openEditor(gpuMemoryPerspective(), file);
        return new StoppedSource(frame, assertInstanceOf(KernelSourceEditor.class, editor));
    }

    /** Launches {@code wc} in debug mode and returns the warp that stopped at the breakpoint. */
    public WarpThread launchToBreakpoint(ILaunchConfigurationWorkingCopy wc, String breakpoint) throws Exception {
        launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended(), 60_000,
                breakpoint);
        WarpThread thread = null;
        for (IThread t : launch.getDebugTarget().getThreads()) {
            if (t.getBreakpoints().length > 0) {
                thread = (WarpThread) t;
            }
        }
        if (thread == null) {
            throw new AssertionError("no warp stopped at the breakpoint");
        }
        return thread;
    }

    /** The launch's in[] as it was filled, computed from the launch, not read from the UI. */
    public int[] in() {
        byte[] bytes = ((KernelProcess) launch.getProcesses()[0]).prepared().initialBuffer("in");
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    /** The GPU Memory perspective, shown in the workbench window. */
    public static IWorkbenchPage gpuMemoryPerspective() throws Exception {
        return PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
    }

    /**
     * What the Debug view shows, for a failure's message: each item's label, whether it is
     * expanded and how many children it has, indented by depth.
     */
    public static String debugViewTree() {
        org.eclipse.ui.IViewPart view = org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage()
                .findView(org.eclipse.debug.ui.IDebugUIConstants.ID_DEBUG_VIEW);
        if (!(view instanceof org.eclipse.debug.ui.AbstractDebugView debug)
                || !(debug.getViewer().getControl() instanceof org.eclipse.swt.widgets.Tree tree)) {
            return "(no Debug view)";
        }
        StringBuilder s = new StringBuilder();
        describe(tree.getItems(), "\n  ", s);
        return s.toString();
    }

    private static void describe(org.eclipse.swt.widgets.TreeItem[] items, String indent, StringBuilder into) {
        for (org.eclipse.swt.widgets.TreeItem item : items) {
            into.append(indent).append(item.getText()).append(item.getExpanded() ? " [expanded, " : " [")
                    .append(item.getItemCount()).append(" items]");
            describe(item.getItems(), indent + "  ", into);
        }
    }

    /** The stopped frame, once the Debug view has selected it (which makes it the debug context of the views). */
    public static PtxStackFrame selectedFrame() {
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() instanceof PtxStackFrame, 60_000,
                "the Debug view to select the stopped frame");
        return (PtxStackFrame) DebugUITools.getDebugContext();
    }

    /** Little-endian bytes of {@code count} ints from {@code values[from]}, as hex, computed here. */
    public static String hexOfInts(int[] values, int from, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            b.putInt(values[from + i]);
        }
        return UiTesting.hex(b.array(), 0, count * 4);
    }

    /** The workbench part's own composite around {@code control} (the part renderer marks it with its model element). */
    public static Control partControl(Control control) {
        for (Control c = control; c != null; c = c.getParent()) {
            if (c.getData("modelElement") != null) {
                return c;
            }
        }
        return control;
    }
}
