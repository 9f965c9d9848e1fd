package org.gpumem.ui;

import java.nio.file.Path;
import java.util.Random;
import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Target;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.ui.screenshots.Screenshots;

/** Helpers for the UI tests: waiting on the UI thread, sample states, screenshots for the docs. */
public final class UiTesting {

    /** Time for GTK to paint what the test just changed before its pixels are copied. */
    private static final int SETTLE_MILLIS = 300;

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

    /** Runs the event loop until {@code done} holds; fails after {@code millis}. */
    public static void waitUntil(BooleanSupplier done, long millis, String what) {
        Display display = Display.getCurrent();
        long deadline = System.currentTimeMillis() + millis;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out after " + millis + " ms waiting for " + what);
            }
            if (!display.readAndDispatch()) {
                display.timerExec(5, () -> {
                });
                display.sleep();
            }
        }
        while (display.readAndDispatch()) {
            // let the last updates paint
        }
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

    /** Runs what is queued for the UI thread (asyncExecs of finished jobs, paints) until nothing is left. */
    public static void runQueuedUiWork() {
        Display display = Display.getCurrent();
        while (display.readAndDispatch()) {
            // until the queue is empty
        }
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
