package org.gpumem.ui.snapshot;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PartInitException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.internal.Problems;
import org.gpumem.ui.internal.ReadOnlyFileEditor;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * Opens a {@code .gpumem} snapshot (File > Open File, or from the workspace): reads it in a job,
 * shows its state read-only in gpumem's views and summarises it here. The page file stays open
 * until the editor closes.
 */
public final class SnapshotEditor extends ReadOnlyFileEditor {

    public static final String ID = "org.gpumem.ui.snapshotEditor";

    private Text summary;
    private Snapshot snapshot;

    public SnapshotEditor() {
        super("gpumem snapshots open from local files");
    }

    @Override
    public void createPartControl(Composite parent) {
        Path file = file();
        parent.setLayout(new FillLayout());
        summary = new Text(parent, SWT.READ_ONLY | SWT.MULTI | SWT.V_SCROLL | SWT.WRAP);
        summary.setText("Opening " + file + " \u2026");
        new LatestReads(summary).asUserJobs().start("Opening snapshot " + file.getFileName(), monitor -> Snapshot.open(file),
                this::opened, SnapshotEditor::close);
    }

    private void opened(Snapshot opened, String error) {
        if (opened == null) {
            summary.setText("Cannot open the snapshot " + file() + ":\n" + error);
            return;
        }
        snapshot = opened;
        MemoryState state = opened.state();
        summary.setText(describe(file(), state));
        GpuMemorySession.get().show(state, null, file().toString(), true);
        try {
            getSite().getPage().showView(GpuMemoryViews.MEMORY_POOLS);
            getSite().getPage().showView(GpuMemoryViews.VARIABLE_LOCATIONS);
            getSite().getPage().activate(this);
        } catch (PartInitException e) {
            summary.append("\nCannot open the Memory Pools view: " + e.getMessage());
        }
    }

    /** The text of the editor: what the snapshot holds, and where to look at it. */
    static String describe(Path file, MemoryState state) {
        StringBuilder text = new StringBuilder();
        text.append("Snapshot ").append(file).append(" (read-only)\n");
        text.append("Kernel: ").append(state.getName()).append("   program: ").append(state.getProgram()).append('\n');
        if (state.getTarget() != null) {
            text.append("Target: ").append(state.getTarget().getName()).append(" \u2014 spaces:");
            for (AddressSpace space : state.getTarget().getAddressSpaces()) {
                text.append(' ').append(space.getName());
            }
            text.append('\n');
        }
        if (state.getDevice() != null) {
            int pools = 0;
            long bytes = 0;
            for (Scope scope : Scope.VALUES) {
                for (Context c : Contexts.descendants(state.getDevice(), scope)) {
                    for (Pool pool : c.getPools()) {
                        pools++;
                        bytes += pool.getSize();
                    }
                }
            }
            text.append("Work-groups: ").append(Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).size())
                    .append("   lanes: ").append(Contexts.descendants(state.getDevice(), Scope.LANE).size())
                    .append("   pools: ").append(pools).append(" (").append(bytes).append(" bytes addressable)\n");
        }
        text.append("Variables: ").append(state.getVariables().size()).append('\n');
        text.append("\nThe pools are in the Memory Pools view (double-click one to see its bytes);"
                + " variables with their locations in Variable Locations.");
        return text.toString();
    }

    /** Closes {@code s}'s page file; a failure to close it goes to the Error Log. */
    private static void close(Snapshot s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                Problems.log("closing the snapshot " + s, e);
            }
        }
    }

    @Override
    public void dispose() {
        close(snapshot);
        super.dispose();
    }

    @Override
    public void setFocus() {
        summary.setFocus();
    }
}
