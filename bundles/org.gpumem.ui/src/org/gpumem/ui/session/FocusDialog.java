package org.gpumem.ui.session;

import org.eclipse.debug.core.DebugException;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.Dim3;

/**
 * "Focus on block (x,y,z) thread (x,y,z)": cuda-gdb's {@code cuda block (x,y,z) thread (x,y,z)}
 * for a suspended gpumem kernel. The fields start at the current focus; while what is typed does
 * not name a thread of a resident CTA, the dialog says why (outside the grid or the block, not
 * resident, exited) and OK is disabled. OK moves the session's focus ({@code KernelFocus.set}).
 */
public final class FocusDialog extends TitleAreaDialog {

    private final KernelDebugTarget target;
    private Text cta;
    private Text thread;

    public FocusDialog(Shell parent, KernelDebugTarget target) {
        super(parent);
        this.target = target;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("CUDA Focus");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        String ctaTerm = Contexts.term(target.engineTarget(), Scope.WORK_GROUP);
        setTitle("Focus on block (x,y,z) thread (x,y,z)");
        Composite fields = new Composite(area, SWT.NONE);
        fields.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        fields.setLayout(new GridLayout(2, false));
        CudaFocus focus = target.focus().current();
        cta = field(fields, ctaTerm + " (block) x,y,z:", focus == null ? "0,0,0" : coordinates(focus.cta()));
        thread = field(fields, "Thread in the " + ctaTerm + " x,y,z:", focus == null ? "0,0,0" : coordinates(focus.thread()));
        Label grid = new Label(fields, SWT.WRAP);
        grid.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        grid.setText("Grid " + target.grid() + ", block " + target.block() + (focus == null ? ""
                : "; now " + focus.describe(target.engineTarget())));
        return area;
    }

    private Text field(Composite parent, String label, String value) {
        new Label(parent, SWT.NONE).setText(label);
        Text text = new Text(parent, SWT.BORDER);
        text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        text.setText(value);
        text.addModifyListener(e -> validate());
        return text;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        validate();
    }

    /** Checks the fields: the error message shown and OK enabled only for a thread that can be focused. */
    private void validate() {
        if (cta == null || thread == null) {
            return;
        }
        String problem;
        try {
            problem = target.focus().check(parse(cta.getText(), "block"), parse(thread.getText(), "thread"));
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        setErrorMessage(problem);
        if (problem == null) {
            setMessage("Variables, Variable Locations, Aliases and the memory blocks will show this thread.");
        }
        if (getButton(IDialogConstants.OK_ID) != null) {
            getButton(IDialogConstants.OK_ID).setEnabled(problem == null);
        }
    }

    @Override
    protected void okPressed() {
        try {
            target.focus().set(parse(cta.getText(), "block"), parse(thread.getText(), "thread"));
        } catch (DebugException | IllegalArgumentException e) {
            // the kernel moved on between the check and OK
            setErrorMessage(e.getMessage());
            return;
        }
        super.okPressed();
    }

    /** {@code 1,0,0}, {@code (1,0,0)}, {@code 1 0 0} or {@code 1} (y and z 0) as coordinates. */
    static Dim3 parse(String text, String what) {
        String[] parts = text.trim().replaceAll("^\\(|\\)$", "").trim().split("\\s*[, ]\\s*");
        if (parts.length < 1 || parts.length > 3 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("write the " + what + " as x,y,z (for example 1,0,0)");
        }
        int[] xyz = new int[3];
        for (int i = 0; i < parts.length; i++) {
            try {
                xyz[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the " + what + " coordinate '" + parts[i] + "' is not a number");
            }
        }
        return new Dim3(xyz[0], xyz[1], xyz[2]);
    }

    private static String coordinates(Dim3 d) {
        return d.x() + "," + d.y() + "," + d.z();
    }
}
