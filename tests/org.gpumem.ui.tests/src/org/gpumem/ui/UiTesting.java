package org.gpumem.ui;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Target;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.ui.screenshots.Screenshots;

/** Helpers for the UI tests: waiting on the UI thread, sample states, screenshots for the docs. */
public final class UiTesting {

    /** Time for GTK to paint what the test just changed before its pixels are copied. */
    private static final int SETTLE_MILLIS = 300;

    /** The longest the UI queue is run between two polls of a {@link #waitUntil} condition. */
    private static final long DRAIN_SLICE_MILLIS = 200;

    private UiTesting() {
    }

    /**
     * Tells the debugger not to ask whether to switch perspectives when a launch suspends: the
     * question is a modal dialog that nobody answers in a test run.
     */
    public static void neverAskToSwitchPerspectives() {
        org.eclipse.jface.preference.IPreferenceStore debugUi = org.eclipse.debug.ui.DebugUITools.getPreferenceStore();
        debugUi.setValue("org.eclipse.debug.ui.switch_perspective_on_suspend",
                org.eclipse.jface.dialogs.MessageDialogWithToggle.NEVER);
        debugUi.setValue("org.eclipse.debug.ui.switch_to_perspective", org.eclipse.jface.dialogs.MessageDialogWithToggle.NEVER);
    }

    /**
     * Runs the event loop until {@code done} holds; fails after {@code millis}. Between two polls
     * of {@code done} the UI queue is run until it is empty: {@code readAndDispatch} runs the
     * queued asyncExecs only when no window-system event is pending, and a {@code done} that
     * touches a widget (a tree viewer's {@code expandToLevel} turns redraw off and on, which
     * queues expose events) would otherwise queue such an event on every poll and starve them
     * for good. The platform's debug viewers apply the answers of their content providers
     * through an asyncExec (a UI job), so a node polled that way never showed its children. The
     * queue is run for at most {@link #DRAIN_SLICE_MILLIS} before {@code done} is polled again:
     * something that queues work for ever (a virtual tree's SetData asking for an update each
     * time a test reads an item, a layout that keeps resizing) must not keep {@code done} from
     * being looked at until the deadline. Once it holds, the queue is run until it is empty (or the
     * deadline), so that the caller sees the updates queued before.
     */
    public static void waitUntil(BooleanSupplier done, long millis, String what) {
        Display display = Display.getCurrent();
        long deadline = System.currentTimeMillis() + millis;
        long busySince = -1; // since when every slice ended with work still queued; -1 after a slice that emptied it
        while (!done.getAsBoolean()) {
            long now = System.currentTimeMillis();
            if (now > deadline) {
                throw new AssertionError("timed out after " + millis + " ms waiting for " + what
                        + (busySince >= 0 ? " (the UI queue was never empty in the last " + (now - busySince) + " ms)" : ""));
            }
            long slice = Math.min(deadline, now + DRAIN_SLICE_MILLIS);
            boolean ran = false;
            boolean emptied = false;
            while (System.currentTimeMillis() <= slice) {
                if (!display.readAndDispatch()) {
                    emptied = true;
                    break;
                }
                ran = true;
            }
            if (emptied) {
                busySince = -1;
            } else if (busySince < 0) {
                busySince = now;
            }
            if (!ran) {
                display.timerExec(5, () -> {
                });
                display.sleep();
            }
        }
        // what was queued before done held is applied before the caller reads the widgets (a
        // viewer's labels, a rendering's cells); a queue that never empties stops at the deadline
        while (System.currentTimeMillis() <= deadline && display.readAndDispatch()) {
            // let the last updates paint
        }
    }

    /**
     * The page's parts as a failure message names them: each view's id, state (minimized,
     * maximized, restored) and whether it is visible, the editors' states, the shell's size.
     */
    public static String workbenchState(org.eclipse.ui.IWorkbenchPage page) {
        StringBuilder sb = new StringBuilder("shell ").append(page.getWorkbenchWindow().getShell().getSize())
                .append(page.getWorkbenchWindow().getShell().getMinimized() ? " minimized" : "").append(", perspective ")
                .append(page.getPerspective() == null ? null : page.getPerspective().getId()).append(", active part ")
                .append(page.getActivePartReference() == null ? null : page.getActivePartReference().getId());
        for (org.eclipse.ui.IViewReference v : page.getViewReferences()) {
            sb.append("; ").append(v.getId()).append(' ').append(stateName(page.getPartState(v)))
                    .append(v.getPart(false) != null && page.isPartVisible(v.getPart(false)) ? " visible" : " hidden");
        }
        for (org.eclipse.ui.IEditorReference e : page.getEditorReferences()) {
            sb.append("; editor ").append(e.getName()).append(' ').append(stateName(page.getPartState(e)));
        }
        return sb.toString();
    }

    private static String stateName(int state) {
        return switch (state) {
            case org.eclipse.ui.IWorkbenchPage.STATE_MINIMIZED -> "minimized";
            case org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED -> "maximized";
            default -> "restored";
        };
    }

    /** A launch of {@code groups} work-groups of {@code lanes} lanes on {@code target}, default pool sizes. */
    public static MemoryState state(Target target, int groups, int lanes) {
        return new MemoryStateBuilder(target).name("ui-test", "ui-test.ptx").launch(groups, 1, 1, lanes, 1, 1).build();
    }

    /** Fills {@code length} bytes of the pool from 0 with bytes of a seeded random sequence; returns them. */
    public static byte[] fill(Pool pool, int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        pool.getSource().write(0, bytes, 0, length);
        return bytes;
    }

    /**
     * Writes a PNG of {@code control} to {@code name}.png in the folder the build names
     * ({@code -Dgpumem.screenshots}, the test module's target/screenshots; {@code ./gpumem
     * screenshots} copies them to docs/screenshots); tests run from an IDE skip it.
     */
    public static void screenshot(Control control, String name) {
        String folder = System.getProperty("gpumem.screenshots");
        if (folder == null || folder.isBlank()) {
            return;
        }
        control.redraw(0, 0, control.getSize().x, control.getSize().y, true);
        control.update();
        boolean[] settled = {false};
        control.getDisplay().timerExec(SETTLE_MILLIS, () -> settled[0] = true);
        waitUntil(() -> settled[0], SETTLE_MILLIS + 5_000, "paint before the screenshot");
        Screenshots.capture(control, Path.of(folder, name + ".png"));
    }

    /** Like {@link #screenshot}, with the view maximized in its window for the picture. */
    public static void screenshotZoomed(org.eclipse.ui.IViewPart view, Control control, String name) {
        org.eclipse.ui.IWorkbenchPage page = view.getSite().getPage();
        org.eclipse.ui.IWorkbenchPartReference ref = page.getReference(view);
        page.setPartState(ref, org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        try {
            screenshot(control, name);
        } finally {
            page.setPartState(ref, org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
        }
    }

    /**
     * A pool's bytes whose reads by the first job called {@code jobName} to read them wait until
     * {@link #open()}; other jobs and threads read at once. Lets a test hold a view's read in its
     * job while it starts another one.
     */
    public static final class GatedSource implements ByteSource {
        private final ByteSource bytes;
        private final String jobName;
        private final CountDownLatch holding = new CountDownLatch(1);
        private final CountDownLatch gate = new CountDownLatch(1);
        private Job held;

        private GatedSource(ByteSource bytes, String jobName) {
            this.bytes = bytes;
            this.jobName = jobName;
        }

        /** Puts a gate in front of {@code pool}'s bytes. */
        public static GatedSource install(Pool pool, String jobName) {
            GatedSource gated = new GatedSource(pool.getSource(), jobName);
            pool.setSource(gated);
            return gated;
        }

        /** Whether the held job is waiting at the gate. */
        public boolean holding() {
            return holding.getCount() == 0;
        }

        /** The job that is held, once {@link #holding()}. */
        public synchronized Job held() {
            return held;
        }

        public void open() {
            gate.countDown();
        }

        @Override
        public void read(long offset, byte[] dst, int off, int len) {
            Job current = Job.getJobManager().currentJob();
            boolean hold;
            synchronized (this) {
                if (held == null && current != null && current.getName().equals(jobName)) {
                    held = current;
                }
                hold = current != null && current == held && gate.getCount() > 0;
            }
            if (hold) {
                holding.countDown();
                try {
                    if (!gate.await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never opened the gate of " + jobName);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            bytes.read(offset, dst, off, len);
        }

        @Override
        public long size() {
            return bytes.size();
        }

        @Override
        public boolean isWritable() {
            return bytes.isWritable();
        }

        @Override
        public void write(long offset, byte[] src, int off, int len) {
            bytes.write(offset, src, off, len);
        }

        @Override
        public long version() {
            return bytes.version();
        }

        @Override
        public long nextPopulated(long offset) {
            return bytes.nextPopulated(offset);
        }
    }

    /**
     * Ends every launch, removes it from the launch manager, closes the editors and deletes
     * {@code project}. A suspend makes the debugger display source: the Debug view's viewer
     * updates on the UI thread, a lookup job, then a display job that opens the frame's file. Any
     * of those still pending when the project is deleted opens an editor on a missing file, an
     * error in the log. Removing the launches first means no new display starts, and the wait for
     * a quiet spell (no job, nothing queued for the UI thread) lets the started ones finish.
     */
    public static void endLaunchesAndDelete(IProject project) throws CoreException {
        ILaunchManager launches = DebugPlugin.getDefault().getLaunchManager();
        for (ILaunch l : launches.getLaunches()) {
            if (!l.isTerminated()) {
                l.terminate();
            }
        }
        waitUntil(() -> java.util.Arrays.stream(launches.getLaunches()).allMatch(ILaunch::isTerminated), 60_000,
                "the launches to terminate");
        // the Debug view first updates its items for the termination: a launch removed while its
        // virtual tree still fills them made JFace assert on an item whose parent was going
        // (AssertionFailedException in TreeViewer.virtualLazyUpdateWidget, logged)
        waitForQuiet();
        launches.removeLaunches(launches.getLaunches());
        waitForQuiet();
        PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().closeAllEditors(false);
        if (project != null && project.exists()) {
            project.delete(true, true, null);
        }
        waitForQuiet();
    }

    /**
     * Quiet: the UI thread's queue run empty and then no job running or waiting, in this many
     * polls in a row; {@link #waitUntil} sleeps about 5 ms between polls, so about 200 ms.
     */
    private static final int QUIET_POLLS = 40;

    /** Runs the event loop until no job has run or waited, the UI queue emptied each time, for {@link #QUIET_POLLS} polls. */
    public static void waitForQuiet() {
        Display display = Display.getCurrent();
        int[] quiet = {0};
        waitUntil(() -> {
            // Whatever the queue held has run now; work it started shows as a job in a later poll.
            while (display.readAndDispatch()) {
                // until the queue is empty
            }
            quiet[0] = Job.getJobManager().isIdle() ? quiet[0] + 1 : 0;
            return quiet[0] >= QUIET_POLLS;
        }, 60_000, "the jobs and UI updates the test's session started");
    }

    /** Runs what is queued for the UI thread (asyncExecs of finished jobs, paints) until nothing is left. */
    public static void runQueuedUiWork() {
        Display display = Display.getCurrent();
        while (display.readAndDispatch()) {
            // until the queue is empty
        }
    }

    /**
     * Creates and opens {@code project} with {@code source} linked in under its own name and a
     * kernel line breakpoint at {@code line} of it, in one operation under the root's rule, so
     * that no refresh comes between them.
     *
     * @return the linked source file
     */
    public static org.eclipse.core.resources.IFile createWithBreakpoint(IProject project, Path source, int line)
            throws CoreException {
        org.eclipse.core.resources.IWorkspace workspace = project.getWorkspace();
        org.eclipse.core.resources.IFile file = project.getFile(source.getFileName().toString());
        workspace.run(monitor -> {
            project.create(monitor);
            project.open(monitor);
            file.createLink(org.eclipse.core.runtime.IPath.fromPath(source), org.eclipse.core.resources.IResource.NONE, monitor);
            new org.gpumem.debug.breakpoints.KernelLineBreakpoint(file, line);
        }, workspace.getRoot(), org.eclipse.core.resources.IWorkspace.AVOID_UPDATE, null);
        return file;
    }

    /**
     * Debugs the CUDA program {@code program} with the "CUDA Application (gpumem simulator)"
     * launch type ({@code configuration} its name, device sm_90) until its kernel stops at the
     * breakpoint at {@code line} of {@code source}, which {@code project} links.
     */
    public static ILaunch debugHostProgramToBreakpoint(IProject project, Path program, Path source, int line,
            String configuration) throws CoreException {
        createWithBreakpoint(project, source, line);
        org.eclipse.debug.core.ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(org.gpumem.debug.KernelDebugIds.HOST_LAUNCH_TYPE_ID).newInstance(null, configuration);
        org.gpumem.debug.launch.HostLaunchAttributes.set(wc, program.toString(), "", "", "sm_90", "");
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new org.eclipse.core.runtime.NullProgressMonitor());
        waitUntil(() -> launch.getDebugTargets().length > 0 && launch.getDebugTargets()[0].isSuspended(), 60_000,
                "the breakpoint in " + program.getFileName() + "'s kernel");
        return launch;
    }

    /** After {@link #debugHostProgramToBreakpoint}: the kernel breakpoints, launches, project and host launch configurations go. */
    public static void endHostDebugging(IProject project) throws CoreException {
        for (org.eclipse.debug.core.model.IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager()
                .getBreakpoints(org.gpumem.debug.KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        endLaunchesAndDelete(project);
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (org.eclipse.debug.core.ILaunchConfiguration c : manager.getLaunchConfigurations(
                manager.getLaunchConfigurationType(org.gpumem.debug.KernelDebugIds.HOST_LAUNCH_TYPE_ID))) {
            c.delete();
        }
    }

    /** The little-endian 32-bit integer at {@code data[off]}, computed here independently of the UI. */
    public static int leInt(byte[] data, int off) {
        return java.nio.ByteBuffer.wrap(data, off, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    }

    /** Two hex digits per byte, space separated, computed here independently of the UI's formatter. */
    public static String hex(byte[] data, int off, int len) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < len; i++) {
            s.append(i == 0 ? "" : " ").append(String.format("%02x", data[off + i] & 0xff));
        }
        return s.toString();
    }
}
