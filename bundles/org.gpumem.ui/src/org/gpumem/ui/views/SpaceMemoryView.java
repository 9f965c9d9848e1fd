package org.gpumem.ui.views;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.model.KernelDebugTarget;
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
import org.gpumem.ui.watchpoints.KernelWatchpoints;
import org.gpumem.ui.watchpoints.Watchable;

/**
 * Space Memory: one (context, address space) of the session's state in the address-space table.
 * The bytes selected in it are the session's selected bytes, which the Lanes view (for per-lane
 * spaces) and the Aliases view follow. It serves states without a debug target (snapshots) and
 * pools opened from the Memory Pools and Variable Locations views; with a debug session the same
 * renderings appear in the Memory view. On a suspended gpumem kernel's bytes, the table's context
 * menu adds a watchpoint on the selected bytes.
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
        // filled each time it shows: whether the bytes can be watched changes with every stop and selection
        MenuManager menu = new MenuManager();
        menu.setRemoveAllWhenShown(true);
        menu.addMenuListener(m -> m.add(new AddWatchpointAction(watchable())));
        table.table().setMenu(menu.createContextMenu(table.table()));
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

    /**
     * Add Watchpoint... on the bytes selected in the table, when they are a suspended gpumem
     * kernel's: in the CTA or lane the table shows (its first lane for a warp), or the focus for
     * the device's spaces.
     */
    private final class AddWatchpointAction extends Action {
        private final Watchable what;

        /** {@code what}: the selected bytes, or null (the action is disabled). */
        AddWatchpointAction(Watchable what) {
            super("Add Watchpoint...");
            this.what = what;
            setEnabled(what != null);
        }

        @Override
        public void run() {
            KernelWatchpoints.askAndAdd(getSite().getShell(), what);
        }
    }

    /** The selected bytes as a gpumem watchpoint would watch them, or null when they are no suspended kernel's. */
    private Watchable watchable() {
        SelectedBytes bytes = session().selectedBytes();
        if (bytes == null || !(session().owner() instanceof KernelDebugTarget target) || !target.isSuspended()
                || target.focus().current() == null) {
            return null;
        }
        LaneId lane = StopMemoryState.firstLane(bytes.context());
        return Watchable.range(target, lane != null ? lane : target.focus().current().lane(), bytes.space().getName(),
                bytes.offset(), Math.max(1, bytes.length()));
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
