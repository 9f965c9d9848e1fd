package org.gpumem.ui.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.PropertyPage;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;

/**
 * The breakpoint properties of a gpumem line breakpoint (Breakpoints view, Breakpoint
 * Properties...): its condition and hit count, kept as the breakpoint's marker attributes. The
 * debug core evaluates the condition in each active lane of a warp that reaches the line and
 * counts the reaches; a condition that cannot be evaluated stops the kernel and says why in the
 * console.
 */
public final class KernelBreakpointPropertyPage extends PropertyPage {
    /** The labels of the page's fields. */
    static final String CONDITION_LABEL = "Condition (stops where it holds in some active lane; empty: always):";
    static final String HIT_COUNT_LABEL = "Hit count (stops from this counted reach on; 0: from the first):";

    private Text condition;
    private Spinner hitCount;

    public KernelBreakpointPropertyPage() {
        noDefaultAndApplyButton();
    }

    private KernelLineBreakpoint breakpoint() {
        return getElement() instanceof KernelLineBreakpoint b ? b : getElement().getAdapter(KernelLineBreakpoint.class);
    }

    @Override
    protected Control createContents(Composite parent) {
        KernelLineBreakpoint b = breakpoint();
        Composite page = new Composite(parent, SWT.NONE);
        page.setLayout(new GridLayout(1, false));
        new Label(page, SWT.NONE).setText(CONDITION_LABEL);
        condition = new Text(page, SWT.SINGLE | SWT.BORDER);
        condition.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        condition.setMessage("threadIdx.x == 37 && blockIdx.x == 1");
        condition.setText(b.getCondition() == null ? "" : b.getCondition());
        new Label(page, SWT.NONE).setText(HIT_COUNT_LABEL);
        hitCount = new Spinner(page, SWT.BORDER);
        hitCount.setValues(b.getHitCount(), 0, Integer.MAX_VALUE, 0, 1, 10);
        return page;
    }

    @Override
    public boolean performOk() {
        KernelLineBreakpoint b = breakpoint();
        try {
            b.setCondition(condition.getText());
            b.setHitCount(hitCount.getSelection());
            return true;
        } catch (CoreException e) {
            setErrorMessage("the breakpoint could not be changed: " + e.getStatus().getMessage());
            return false;
        }
    }
}
