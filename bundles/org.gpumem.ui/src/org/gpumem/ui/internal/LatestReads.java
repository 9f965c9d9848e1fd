package org.gpumem.ui.internal;

import java.io.IOException;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Widget;

/**
 * The reads behind one part of a view, of which only the latest may be shown. Each read runs in
 * a job, off the UI thread, with a progress monitor; its outcome is handed to the UI thread of
 * the widget. Starting a read cancels the one before it, and a read that was cancelled or that a
 * later read superseded never publishes, not even when it had already finished and its result
 * was on its way to the UI thread. Call {@link #start} and {@link #cancel} on the UI thread.
 */
public final class LatestReads {

    /** Reads something off the UI thread; may throw {@link OperationCanceledException} when the monitor is cancelled. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(IProgressMonitor monitor) throws IOException;
    }

    /** Shows a read's outcome on the UI thread: its result, or null and the message of why it could not be read. */
    @FunctionalInterface
    public interface Publisher<T> {
        void publish(T result, String error);
    }

    private final Widget widget;
    private final Display display;
    private boolean system;
    private boolean user;
    /** Number of the read that may publish; changes on the UI thread only. */
    private long latest;
    private Job running;

    public LatestReads(Widget widget) {
        this.widget = widget;
        this.display = widget.getDisplay();
    }

    /** Reads of this instance run as system jobs (not shown in the Progress view). */
    public LatestReads asSystemJobs() {
        system = true;
        return this;
    }

    /** Reads of this instance run as user jobs (the user asked for them and may wait for them). */
    public LatestReads asUserJobs() {
        user = true;
        return this;
    }

    /**
     * Cancels the read in progress and starts {@code reading} in a job called {@code name}. On
     * the UI thread, {@code publisher} gets its outcome if no later read was started, the read was
     * not cancelled and the widget is not disposed; otherwise {@code dropped} gets the result (null
     * when there is none), e.g. to close it (may be null).
     *
     * @return the scheduled job
     */
    public <T> Job start(String name, Reading<T> reading, Publisher<T> publisher, Consumer<T> dropped) {
        cancel();
        long number = latest;
        Job job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                T result = null;
                String error = null;
                IStatus status = Status.OK_STATUS;
                try {
                    result = reading.read(monitor);
                } catch (OperationCanceledException cancelled) {
                    status = Status.CANCEL_STATUS;
                } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    // a problem of the input or the state is said; a bug's trace goes to the Error
                    // Log (through the job's status) and the view says so without its text
                    error = Problems.expected(e);
                    if (error == null) {
                        error = Problems.internal(name);
                        status = Problems.bug(name, e);
                    }
                }
                boolean cancelled = monitor.isCanceled() || status == Status.CANCEL_STATUS;
                T read = result;
                String message = error;
                if (!display.isDisposed()) {
                    display.asyncExec(() -> {
                        if (cancelled || number != latest || widget.isDisposed()) {
                            if (dropped != null) {
                                dropped.accept(read);
                            }
                        } else {
                            publisher.publish(read, message);
                        }
                    });
                }
                return cancelled ? Status.CANCEL_STATUS : status;
            }
        };
        job.setSystem(system);
        job.setUser(user);
        running = job;
        job.schedule();
        return job;
    }

    /** Cancels the read in progress, if any: it will not publish. */
    public void cancel() {
        latest++;
        if (running != null) {
            running.cancel();
            running = null;
        }
    }
}
