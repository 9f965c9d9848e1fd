package org.gpumem.ui.screenshots;

import java.nio.file.Path;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/**
 * Serves {@code ./gpumem ide --screenshot FILE}, which starts the IDE product with this bundle
 * added: when the system property {@value #PROPERTY} names a file, fills the screen with the
 * workbench window, waits until the start-up work is done (no job running or waiting, e.g. the
 * sample project created, and the perspective's views painted), writes a PNG of the window and
 * closes the workbench.
 */
public final class ScreenshotOnStartup implements IStartup {

    public static final String PROPERTY = "gpumem.screenshot";
    /** How often the UI thread looks whether start-up has settled. */
    private static final int POLL_MILLIS = 250;
    /** Consecutive idle polls that count as settled: views create their contents in later UI turns. */
    private static final int IDLE_POLLS = 8;
    /** Polls after which the picture is taken even if some job keeps running. */
    private static final int MAX_POLLS = 240;

    @Override
    public void earlyStartup() {
        String target = System.getProperty(PROPERTY);
        if (target == null || target.isBlank()) {
            return;
        }
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.asyncExec(() -> {
            IWorkbenchWindow first = workbench.getActiveWorkbenchWindow();
            if (first != null) {
                // Xvfb has no window manager to maximize for us: fill the screen ourselves.
                first.getShell().setBounds(display.getPrimaryMonitor().getClientArea());
                first.getShell().setMaximized(true);
            }
            display.timerExec(POLL_MILLIS, new Poll(workbench, Path.of(target)));
        });
    }

    /** Runs on the UI thread every {@value #POLL_MILLIS} ms until start-up has settled, then takes the picture. */
    private static final class Poll implements Runnable {
        private final IWorkbench workbench;
        private final Path file;
        private int polls;
        private int idle;

        Poll(IWorkbench workbench, Path file) {
            this.workbench = workbench;
            this.file = file;
        }

        @Override
        public void run() {
            polls++;
            idle = Job.getJobManager().isIdle() ? idle + 1 : 0;
            if (idle < IDLE_POLLS && polls < MAX_POLLS) {
                workbench.getDisplay().timerExec(POLL_MILLIS, this);
                return;
            }
            IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
            if (window == null && workbench.getWorkbenchWindowCount() > 0) {
                window = workbench.getWorkbenchWindows()[0];
            }
            try {
                if (window != null) {
                    Shell shell = window.getShell();
                    shell.forceActive();
                    Screenshots.capture(shell, file);
                    System.out.println("gpumem: screenshot written to " + file.toAbsolutePath());
                } else {
                    System.err.println("gpumem: no workbench window to take a screenshot of");
                }
            } finally {
                workbench.close();
            }
        }
    }
}
