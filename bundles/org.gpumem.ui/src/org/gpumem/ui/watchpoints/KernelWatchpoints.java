package org.gpumem.ui.watchpoints;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelWatchpoint;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.ui.internal.Problems;

/**
 * Adds gpumem watchpoints for what the user selected: the session makes the core's watchpoint in
 * a job (the UI thread never waits for the kernel), the user chooses accesses and context on the
 * UI thread, and the watchpoint joins the breakpoint manager with the core's description in a job
 * again (the debug target then evaluates and installs it on the session).
 */
public final class KernelWatchpoints {

    private KernelWatchpoints() {
    }

    /**
     * Watches {@code what}: the future gets the new watchpoint, or null when {@code choose}
     * (called on the UI thread with the core's watchpoint for writes) returned null; it fails
     * with a {@link NotStoppedException} or an {@link ExpressionException} that says why nothing
     * can be watched.
     */
    public static CompletableFuture<KernelWatchpoint> add(Watchable what, Function<WatchpointSpec, WatchpointChoice> choose) {
        CompletableFuture<KernelWatchpoint> done = new CompletableFuture<>();
        Display display = Display.getDefault();
        Job job = Job.create("Watchpoint on " + (what.expression() != null ? what.expression() : what.space() + " bytes"),
                monitor -> {
                    WatchpointSpec spec;
                    try {
                        spec = what.spec(WatchpointSpec.Kind.WRITE);
                    } catch (NotStoppedException | ExpressionException e) {
                        done.completeExceptionally(e);
                        return Status.OK_STATUS;
                    } catch (RuntimeException e) {
                        done.completeExceptionally(e);
                        throw e;
                    }
                    display.asyncExec(() -> create(what, spec, choose, done));
                    return Status.OK_STATUS;
                });
        job.setSystem(true);
        job.schedule();
        return done;
    }

    /**
     * Asks {@code choose} (UI thread), then makes the watchpoint in a job: adding it to the
     * breakpoint manager makes the debug target evaluate its expression on the session and
     * install it, which the UI thread must not wait for.
     */
    private static void create(Watchable what, WatchpointSpec spec, Function<WatchpointSpec, WatchpointChoice> choose,
            CompletableFuture<KernelWatchpoint> done) {
        WatchpointChoice choice;
        try {
            choice = choose.apply(spec);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            throw e;
        }
        if (choice == null) {
            done.complete(null);
            return;
        }
        WatchpointSpec chosen = choice.apply(spec);
        Job job = Job.create("Adding watchpoint " + chosen.describe(what.target().engineTarget()), monitor -> {
            try {
                done.complete(new KernelWatchpoint(chosen, chosen.describe(what.target().engineTarget()), what.expression(),
                        what.level()));
            } catch (CoreException e) {
                done.completeExceptionally(e);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                throw e;
            }
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    /**
     * Adds a watchpoint on {@code what} after asking for accesses and context
     * ({@link WatchpointDialog}); says in a dialog why when nothing can be watched.
     */
    public static void askAndAdd(Shell shell, Watchable what) {
        add(what, spec -> WatchpointDialog.ask(shell, spec, what.target().engineTarget())).whenComplete((added, error) -> {
            if (error == null) {
                return;
            }
            Throwable e = error instanceof CompletionException c && c.getCause() != null ? c.getCause() : error;
            // a bug's trace went to the Error Log from the job or the UI thread that met it; the
            // dialog says it in one line, without the exception's text
            String why = e instanceof CoreException c ? c.getStatus().getMessage()
                    : e instanceof NotStoppedException || e instanceof ExpressionException ? e.getMessage()
                            : Problems.internal("adding a watchpoint");
            Display.getDefault().asyncExec(() -> {
                if (!shell.isDisposed()) {
                    MessageDialog.openError(shell, "Add Watchpoint",
                            "Cannot watch " + (what.expression() != null ? what.expression() : "these bytes") + ": " + why);
                }
            });
        });
    }

    /** The watchpoint on {@code what}'s expression in its lane's context, or null (Toggle removes it). */
    public static KernelWatchpoint existing(Watchable what) {
        if (what.expression() == null) {
            return null;
        }
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            if (b instanceof KernelWatchpoint w && w.getMarker().exists() && Objects.equals(what.expression(), w.expression())
                    && what.lane().equals(w.context())) {
                return w;
            }
        }
        return null;
    }
}
