package org.gpumem.ui.views;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.memory.ModelSpaceReader;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;

/**
 * Space Memory: one (context, address space) of the session's state in the address-space table.
 * The bytes selected in it are the session's selected bytes, which the Lanes view (for per-lane
 * spaces) and the Aliases view follow. It serves states without a debug target (snapshots) and
 * pools opened from the Memory Pools and Variable Locations views; with a debug session the same
 * renderings appear in the Memory view.
 */
public final class SpaceMemoryView extends SessionView {

    /**
     * How to fill the view: the views that open something here. A debugged kernel's variables
     * open in the platform Memory view instead (Variable Locations sends them there).
     */
    public static final String HINT = "Double-click a pool in Memory Pools to see its bytes here (in a snapshot, a "
            + "variable in Variable Locations too; a debugged kernel's variables open in the Memory view).";

    private Composite parent;
    private AddressSpaceTable table;
    /** What the view says while it shows no space, or null. */
    private Label message;

    @Override
    protected void createContents(Composite parent) {
        this.parent = parent;
        parent.setLayout(new FillLayout());
        say(HINT);
    }

    /**
     * Shows {@code space} seen from {@code context}, scrolled to {@code offset}, which becomes the
     * session's selected bytes (Lanes and Aliases show it).
     */
    public void show(Context context, AddressSpace space, long offset) {
        for (Control c : parent.getChildren()) {
            c.dispose();
        }
        message = null;
        table = new AddressSpaceTable(parent, new ModelSpaceReader(context, space));
        table.addSelectionListener(selection -> session().select(
                new SelectedBytes(context, space, selection.address(), selection.length())));
        parent.layout(true, true);
        table.reveal(offset);
        setContentDescription(space.getName() + " @ " + table.reader().contextLabel());
        session().select(new SelectedBytes(context, space, offset, 1));
    }

    /**
     * The per-lane space to show as lanes: the space itself when it interleaves by lane, else, for
     * a warp/wavefront pool seen as stored (local_warp, private_wave), the per-lane space that
     * interleaves onto the same storage.
     */
    static AddressSpace perLaneView(Context context, AddressSpace space) {
        if (LanesGrid.applies(space)) {
            return space;
        }
        if (!(space.getAccess() instanceof LinearAccess linear) || !(space.eContainer() instanceof Target target)
                || context.getScope() != Scope.SUBGROUP && context.getScope() != Scope.LANE) {
            return null;
        }
        for (AddressSpace other : target.getAddressSpaces()) {
            if (other.getAccess() instanceof InterleavedAccess interleaved && interleaved.getStorage() == linear.getStorage()) {
                return other;
            }
        }
        return null;
    }

    private void say(String text) {
        message = new Label(parent, SWT.WRAP);
        message.setText(text);
    }

    /** What the view says instead of a space (how to open one, or that its kernel ended), or null. */
    public String message() {
        return message == null || message.isDisposed() ? null : message.getText();
    }

    public AddressSpaceTable table() {
        return table;
    }

    @Override
    public void refresh(Runnable done) {
        if (table == null || table.isDisposed()) {
            done.run();
            return;
        }
        if (session().state() == null) {
            // the session the renderings read has gone (its kernel ended): let go of it
            for (Control c : parent.getChildren()) {
                c.dispose();
            }
            table = null;
            say(session().emptyText());
            parent.layout(true, true);
            setContentDescription("");
            done.run();
            return;
        }
        table.reload();
        Idle.whenLoaded(table, table::loading, done);
    }

    @Override
    public void setFocus() {
        if (table != null) {
            table.setFocus();
        } else {
            parent.setFocus();
        }
    }
}
