package org.gpumem.ui.snapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.debug.launch.EndedKernels;
import org.gpumem.model.MemoryState;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * Save Snapshot: writes the memory state gpumem's views show (a suspended kernel's stop), or
 * when they show none, the state the latest kernel launch ended with ({@link EndedKernels}:
 * global memory with the launch's buffers as variables, the last resident CTA), as a
 * {@code .gpumem} file with its page file, through the model's {@link SnapshotWriter} (atomic:
 * a failed save leaves the previous file as it was), in a job; File > Open shows it read-only in
 * the {@link SnapshotEditor}. Enabled while there is such a state.
 */
public final class SaveSnapshotAction extends Action {

    private final Shell shell;
    private final Consumer<String> outcome;

    /** {@code outcome} receives, on the UI thread, what the save did ("saved ..." or why it could not). */
    public SaveSnapshotAction(Shell shell, Consumer<String> outcome) {
        super("Save Snapshot\u2026");
        this.shell = shell;
        this.outcome = outcome;
        setToolTipText("Save the memory state shown as a .gpumem snapshot (File > Open shows it read-only)");
        update();
    }

    /** Enables the action when there is a state to save, and says which. */
    public void update() {
        MemoryState state = stateToSave();
        setEnabled(state != null);
        setToolTipText(state == null ? "Save the memory state shown as a .gpumem snapshot (File > Open shows it read-only)"
                : "Save " + state.getName() + " as a .gpumem snapshot (File > Open shows it read-only)");
    }

    /** The state the views show, else the one the latest kernel ended with, else null. */
    private static MemoryState stateToSave() {
        MemoryState shown = GpuMemorySession.get().state();
        if (shown != null) {
            return shown;
        }
        EndedKernels.Ended ended = EndedKernels.latest();
        return ended == null ? null : ended.state();
    }

    @Override
    public void run() {
        MemoryState state = stateToSave();
        if (state == null) {
            return;
        }
        FileDialog dialog = new FileDialog(shell, SWT.SAVE);
        dialog.setFilterPath(startFolder(state));
        dialog.setFilterExtensions(new String[] {"*.gpumem"});
        dialog.setFileName("kernel.gpumem");
        dialog.setOverwrite(true);
        String chosen = dialog.open();
        if (chosen != null) {
            saveTo(Path.of(chosen.endsWith(".gpumem") ? chosen : chosen + ".gpumem"));
        }
    }

    /**
     * Where the file dialog starts: the folder of the state's program when it names one by an
     * absolute path (a CUDA program's executable), else the workspace's folder; never the IDE's
     * working directory.
     */
    static String startFolder(MemoryState state) {
        String program = state.getProgram();
        if (program != null && !program.isBlank()) {
            Path path = Path.of(program);
            if (path.isAbsolute() && path.getParent() != null) {
                return path.getParent().toString();
            }
        }
        return ResourcesPlugin.getWorkspace().getRoot().getLocation().toOSString();
    }

    /**
     * Saves what the action saves (the state shown, else the latest kernel's final state) as
     * {@code file}: what {@link #run} does with the file its dialog chose.
     *
     * @return the scheduled job, or null when there is nothing to save
     */
    public Job saveTo(Path file) {
        MemoryState state = stateToSave();
        return state == null ? null : save(state, file, shell.getDisplay(), outcome);
    }

    /**
     * Saves {@code state} as {@code file} in a user job (what the action does with the file its
     * dialog chose); {@code outcome} gets the result on {@code display}'s thread. A state that can
     * no longer be read (the kernel was resumed or ended meanwhile) is reported, not logged.
     *
     * @return the scheduled job
     */
    public static Job save(MemoryState state, Path file, Display display, Consumer<String> outcome) {
        Job job = new Job("Saving snapshot " + file.getFileName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                monitor.beginTask("Saving " + file, IProgressMonitor.UNKNOWN);
                String said;
                try {
                    SnapshotWriter.Saved saved = SnapshotWriter.save(state, file);
                    said = "saved snapshot " + saved.model() + " (" + saved.pools() + " pools, " + saved.rawBytes()
                            + " bytes holding data)";
                } catch (IOException | IllegalStateException e) {
                    said = "cannot save the snapshot " + file + ": " + e.getMessage();
                } finally {
                    monitor.done();
                }
                String text = said;
                if (!display.isDisposed()) {
                    display.asyncExec(() -> outcome.accept(text));
                }
                return Status.OK_STATUS;
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }
}
