package org.gpumem.ui.memory;

import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Control;

/** Runs a callback on the UI thread once a control's background reads are done and it has painted. */
public final class Idle {

    private static final int POLL_MILLIS = 1;

    private Idle() {
    }

    public static void whenLoaded(Control control, BooleanSupplier loading, Runnable then) {
        if (control.isDisposed()) {
            then.run();
            return;
        }
        if (loading.getAsBoolean()) {
            control.getDisplay().timerExec(POLL_MILLIS, () -> whenLoaded(control, loading, then));
            return;
        }
        control.update();
        then.run();
    }
}
