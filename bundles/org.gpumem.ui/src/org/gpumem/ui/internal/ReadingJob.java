package org.gpumem.ui.internal;

import java.io.IOException;
import java.util.function.BiConsumer;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Widget;
import org.gpumem.dwarf.io.InputFiles;

/**
 * A job that reads something off the display thread and hands the result, or the message of why
 * it could not be read (the result then null), to the display thread of a widget. Bad input
 * gives its message (file and position); any other exception is logged and reported as an
 * internal error, never as the exception's own text.
 */
public final class ReadingJob<T> extends Job {

    @FunctionalInterface
    public interface Reading<T> {
        T read() throws IOException;
    }

    private final Widget widget;
    private final Reading<T> reading;
    private final BiConsumer<T, String> done;

    public ReadingJob(String name, Widget widget, Reading<T> reading, BiConsumer<T, String> done) {
        super(name);
        this.widget = widget;
        this.reading = reading;
        this.done = done;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        T result = null;
        String error = null;
        try {
            result = reading.read();
        } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            error = InputFiles.userMessage(e);
            if (error == null) {
                // A bug, not bad input: the trace goes to the Error Log, not the editor.
                ILog.of(ReadingJob.class).error(getName() + " failed", e);
                error = "Internal error while " + getName().toLowerCase(java.util.Locale.ROOT)
                        + ": this is a bug in gpumem, not a problem with the file; the details are in the Error Log.";
            }
        }
        T read = result;
        String message = error;
        widget.getDisplay().asyncExec(() -> done.accept(read, message));
        return Status.OK_STATUS;
    }
}
