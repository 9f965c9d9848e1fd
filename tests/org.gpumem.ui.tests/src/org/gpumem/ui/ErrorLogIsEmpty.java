package org.gpumem.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails every UI test after which the workbench's log (what the Error Log view and the
 * "Multiple problems have occurred" dialog show) holds a warning or error logged during it.
 * Registered for every test of the module through JUnit's extension auto-detection
 * ({@code META-INF/services}, switched on in the module's pom), so no test can forget it.
 * Before the test's end it runs what is queued for the UI thread, where refreshes that detach
 * views from an ended session run.
 */
public final class ErrorLogIsEmpty implements BeforeEachCallback, AfterEachCallback {

    private static final List<IStatus> LOGGED = new ArrayList<>();
    private static final ILogListener LISTENER = (status, plugin) -> {
        if (status.matches(IStatus.WARNING | IStatus.ERROR)) {
            synchronized (LOGGED) {
                LOGGED.add(status);
            }
        }
    };
    private static boolean listening;

    @Override
    public void beforeEach(ExtensionContext context) {
        synchronized (LOGGED) {
            if (!listening) {
                Platform.addLogListener(LISTENER);
                listening = true;
            }
            LOGGED.clear();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (org.eclipse.swt.widgets.Display.getCurrent() != null) {
            UiTesting.runQueuedUiWork();
        }
        List<IStatus> logged;
        synchronized (LOGGED) {
            logged = new ArrayList<>(LOGGED);
            LOGGED.clear();
        }
        if (!logged.isEmpty()) {
            StringBuilder text = new StringBuilder("the error log is not empty after " + context.getDisplayName() + ":");
            for (IStatus s : logged) {
                describe(s, "\n  ", text);
            }
            AssertionError failure = new AssertionError(text.toString());
            for (IStatus s : logged) {
                if (s.getException() != null) {
                    failure.addSuppressed(s.getException());
                }
            }
            throw failure;
        }
    }

    private static void describe(IStatus status, String indent, StringBuilder into) {
        into.append(indent).append(status.getSeverity() == IStatus.ERROR ? "ERROR " : "WARNING ")
                .append(status.getPlugin()).append(": ").append(status.getMessage());
        if (status.getException() != null) {
            into.append(" (").append(status.getException()).append(')');
        }
        for (IStatus child : status.getChildren()) {
            describe(child, indent + "  ", into);
        }
    }
}
