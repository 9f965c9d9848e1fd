package org.gpumem.ui.session;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;
import org.gpumem.debug.model.KernelDebugTarget;

/**
 * The "Focus on Block/Thread..." command of the Debug, Variables and Variable Locations views'
 * toolbars: opens the {@link FocusDialog} for the gpumem kernel of the debug context.
 */
public final class FocusHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        Shell shell = HandlerUtil.getActiveShell(event);
        KernelDebugTarget target = suspendedTarget();
        if (target == null) {
            MessageDialog.openInformation(shell, "CUDA Focus",
                    "No gpumem kernel is suspended: select a warp or frame of one in the Debug view.");
            return null;
        }
        new FocusDialog(shell, target).open();
        return null;
    }

    /** The suspended gpumem debug target of the debug context, or null. */
    static KernelDebugTarget suspendedTarget() {
        IDebugElement element = Adapters.adapt(DebugUITools.getDebugContext(), IDebugElement.class);
        return element != null && element.getDebugTarget() instanceof KernelDebugTarget target && target.isSuspended()
                && target.focus().current() != null ? target : null;
    }
}
