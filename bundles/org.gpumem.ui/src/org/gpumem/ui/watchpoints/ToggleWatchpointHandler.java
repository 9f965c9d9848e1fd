package org.gpumem.ui.watchpoints;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.model.KernelVariable;

/**
 * Toggle Watchpoint on a kernel variable or array element of the Variables view: removes the
 * watchpoint on the same expression in the same lane's context, or asks for accesses and context
 * ({@link WatchpointDialog}) and adds one ({@link KernelWatchpoints#add}); the marker work runs in
 * jobs, since the debug target installs the watchpoints on the session as it hears of them.
 */
public final class ToggleWatchpointHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        IStructuredSelection selection = HandlerUtil.getCurrentStructuredSelection(event);
        if (!(selection.getFirstElement() instanceof KernelVariable variable)) {
            return null;
        }
        Shell shell = HandlerUtil.getActiveShell(event);
        Watchable what = Watchable.of(variable);
        KernelWatchpoint existing = KernelWatchpoints.existing(what);
        if (existing != null) {
            // in a job: the debug target hears of the removal and installs the others on the session
            Job job = Job.create("Removing " + existing.describe(), monitor -> {
                try {
                    existing.delete();
                } catch (CoreException e) {
                    Platform.getLog(ToggleWatchpointHandler.class).log(e.getStatus());
                    shell.getDisplay().asyncExec(() -> {
                        if (!shell.isDisposed()) {
                            MessageDialog.openError(shell, "Toggle Watchpoint", e.getStatus().getMessage());
                        }
                    });
                }
            });
            job.setSystem(true);
            job.schedule();
            return null;
        }
        KernelWatchpoints.askAndAdd(shell, what);
        return null;
    }
}
