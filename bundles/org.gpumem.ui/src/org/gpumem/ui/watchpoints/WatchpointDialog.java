package org.gpumem.ui.watchpoints;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * Asks for a new watchpoint's accesses (write, read, read or write; write first) and context:
 * the CTA or lane the bytes were selected in (first), or the same bytes of every CTA (shared),
 * warp or lane (local). Global and const bytes are the device's: no context to choose.
 */
public final class WatchpointDialog extends Dialog {
    private final String what;
    private final String thisContext;
    private final String everyContext;
    private Button write;
    private Button read;
    private Button every;
    private WatchpointChoice choice = WatchpointChoice.DEFAULT;

    /** A dialog for the core's watchpoint {@code spec} of a launch of {@code target}. */
    public WatchpointDialog(Shell shell, WatchpointSpec spec, Target target) {
        super(shell);
        Scope scope = AddressSpaces.require(target, spec.space()).getScope();
        this.what = spec.describe(target);
        this.thisContext = spec.context().describe(scope);
        this.everyContext = switch (scope) {
            case WORK_GROUP -> "every CTA";
            case SUBGROUP -> "every warp";
            case LANE -> "every lane";
            default -> null;
        };
    }

    /** Asks on the UI thread; null when cancelled. */
    public static WatchpointChoice ask(Shell shell, WatchpointSpec spec, Target target) {
        WatchpointDialog d = new WatchpointDialog(shell, spec, target);
        return d.open() == OK ? d.choice : null;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Add Watchpoint");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        new Label(area, SWT.WRAP).setText("Watch " + what);
        Group access = new Group(area, SWT.NONE);
        access.setText("Stop on");
        access.setLayout(new GridLayout(3, false));
        access.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        write = radio(access, "Write", true);
        read = radio(access, "Read", false);
        radio(access, "Read or write", false);
        Group context = new Group(area, SWT.NONE);
        context.setText("Context");
        context.setLayout(new GridLayout(2, false));
        context.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        if (everyContext == null) {
            new Label(context, SWT.NONE).setText(thisContext + " (one copy of these bytes)");
        } else {
            radio(context, thisContext, true);
            every = radio(context, everyContext, false);
        }
        return area;
    }

    private static Button radio(Composite parent, String text, boolean selected) {
        Button b = new Button(parent, SWT.RADIO);
        b.setText(text);
        b.setSelection(selected);
        return b;
    }

    @Override
    protected void okPressed() {
        WatchpointSpec.Kind kind = write.getSelection() ? WatchpointSpec.Kind.WRITE
                : read.getSelection() ? WatchpointSpec.Kind.READ : WatchpointSpec.Kind.ACCESS;
        choice = new WatchpointChoice(kind, every != null && every.getSelection());
        super.okPressed();
    }
}
