package org.gpumem.debug.launch;

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
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.WarpThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Workspace and launch set-up for tests that debug the sample kernels: a fresh project per test
 * for linked sources, an event recorder, and after each test no breakpoints or running launches
 * left behind for the next one.
 */
abstract class KernelLaunchFixture {
    static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");
    static final int BLOCK = 64;
    /** local_array.cu over N ints in two CTAs: a line inside its copy loop, and the call after the loop. */
    static final int N = 128;
    static final int LOOP_LINE = 20;
    static final int CALL_LINE = 22;

    IProject project;
    DebugEventRecorder events;

    @BeforeEach
    void createProject() throws Exception {
        project = ResourcesPlugin.getWorkspace().getRoot().getProject(getClass().getSimpleName() + "-" + UUID.randomUUID());
        underWorkspaceRule(monitor -> {
            project.create(monitor);
            project.open(monitor);
        });
        events = new DebugEventRecorder();
    }

    @AfterEach
    void cleanUp() throws Exception {
        events.close();
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        for (ILaunch l : DebugPlugin.getDefault().getLaunchManager().getLaunches()) {
            if (!l.isTerminated()) {
                l.terminate();
            }
        }
        project.delete(true, true, null);
    }

    /**
     * Runs {@code change} holding the workspace root's rule: it waits for the workspace jobs that
     * run (refreshes, another test's project deletion) and none runs until it is done.
     */
    private static void underWorkspaceRule(ICoreRunnable change) throws CoreException {
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        workspace.run(change, workspace.getRoot(), IWorkspace.AVOID_UPDATE, null);
    }

    /**
     * A breakpoint at {@code line} of the kernel fixture {@code name}, linked into the test
     * project (if it is not yet) in the same workspace operation: no refresh or other workspace
     * job can come between the file appearing and the breakpoint's marker being filled in.
     */
    KernelLineBreakpoint breakpoint(String name, int line) throws Exception {
        return breakpoint(KERNELS, name, line);
    }

    /** A breakpoint at {@code line} of the fixture {@code name} of {@code folder}, linked as {@link #breakpoint(String, int)} does. */
    KernelLineBreakpoint breakpoint(Path folder, String name, int line) throws Exception {
        IFile f = project.getFile(name);
        KernelLineBreakpoint[] created = new KernelLineBreakpoint[1];
        underWorkspaceRule(monitor -> {
            if (!f.exists()) {
                f.createLink(IPath.fromPath(folder.resolve(name)), IResource.NONE, monitor);
            }
            created[0] = new KernelLineBreakpoint(f, line);
        });
        return created[0];
    }

    /** The file {@code name} of {@code folder}, linked into the test project. */
    IFile link(Path folder, String name) throws Exception {
        IFile f = project.getFile(name);
        underWorkspaceRule(monitor -> f.createLink(IPath.fromPath(folder.resolve(name)), IResource.NONE, monitor));
        return f;
    }

    /** A launch of {@code kernel} from the fixture {@code module}: a 1-D grid of {@link #BLOCK}-thread CTAs on sm_90, buffer "out" saved. */
    static ILaunchConfigurationWorkingCopy configuration(String module, String kernel, String args, int grid) throws Exception {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID);
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, "test " + kernel);
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve(module).toString(), kernel, "[" + grid + "]", "[" + BLOCK + "]",
                0, "sm_90", args, List.of("out"));
        return wc;
    }

    /** The 1-based line of the fixture expressions.cu that contains {@code text}. */
    static int expressionsLine(String text) throws Exception {
        List<String> lines = Files.readAllLines(KERNELS.resolve("expressions.cu"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in expressions.cu");
    }

    /** A debug launch of expressions.cu (-G PTX) in two CTAs of {@link #BLOCK} threads with in[i] = i - 70. */
    static ILaunch launchExpressions() throws Exception {
        return configuration("expressions.G.ptx", "expressions",
                "[{\"buffer\":\"in\",\"type\":\"f32\",\"count\":128,\"init\":{\"iota\":-70}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":128},{\"s32\":128}]", 2)
                .launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
    }

    /** A debug launch of local_array's kernel, suspended by a breakpoint inside its copy loop. */
    record LoopStop(IFile source, KernelLineBreakpoint inLoop, ILaunch launch, WarpThread thread, KernelDebugTarget target,
            KernelProcess process) {
    }

    /** Debugs local_weighted over N random ints made from {@code seed} up to the first hit in the copy loop. */
    LoopStop stopInLocalArrayLoop(int seed) throws Exception {
        KernelLineBreakpoint inLoop = breakpoint("local_array.cu", LOOP_LINE);
        IFile source = project.getFile("local_array.cu");
        ILaunchConfigurationWorkingCopy wc = configuration("local_array.G.ptx", "local_weighted",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N + ",\"init\":{\"random\":" + seed + "}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]", 2);
        DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) hit.await("the breakpoint in the loop").getSource();
        return new LoopStop(source, inLoop, launch, thread, (KernelDebugTarget) launch.getDebugTarget(),
                (KernelProcess) launch.getProcesses()[0]);
    }

    static boolean threadSuspended(DebugEvent e, int detail) {
        return e.getKind() == DebugEvent.SUSPEND && e.getDetail() == detail && e.getSource() instanceof WarpThread;
    }

    static int[] ints(byte[] bytes) {
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }
}
