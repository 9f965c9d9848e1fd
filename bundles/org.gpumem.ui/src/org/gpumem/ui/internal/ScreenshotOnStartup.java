package org.gpumem.ui.internal;

import java.nio.file.Path;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/**
 * Serves `gpumem ide --screenshot FILE`: when the system property {@value #PROPERTY} names a
 * file, waits for the workbench window to settle, writes a PNG of it and closes the workbench.
 */
public final class ScreenshotOnStartup implements IStartup {

    public static final String PROPERTY = "gpumem.screenshot";
    /** Time for the perspective's views to create their contents after the window opens. */
    private static final int SETTLE_MILLIS = 4000;

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
        });
        display.asyncExec(() -> display.timerExec(SETTLE_MILLIS, () -> {
            IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
            if (window == null && workbench.getWorkbenchWindowCount() > 0) {
                window = workbench.getWorkbenchWindows()[0];
            }
            try {
                if (window != null) {
                    Shell shell = window.getShell();
                    shell.forceActive();
                    Screenshots.capture(shell, Path.of(target));
                    System.out.println("gpumem: screenshot written to " + Path.of(target).toAbsolutePath());
                } else {
                    System.err.println("gpumem: no workbench window to take a screenshot of");
                }
            } finally {
                workbench.close();
            }
        }));
    }
}
