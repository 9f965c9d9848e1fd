package org.gpumem.ui.views;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;

/**
 * Lanes: the per-lane space (CUDA local, AMD private_lane) of the bytes selected last (in Space
 * Memory, Variable Locations or Memory Pools) across every lane of their warp, the selected
 * bytes highlighted; a warp/wavefront pool seen as stored shows the per-lane space on the same
 * storage. A click on a lane's element selects it in turn (the Aliases view follows it).
 */
public final class LanesView extends SessionView {

    public static final String HINT = "Select bytes of a per-lane space (CUDA local) in Space Memory, Variable Locations or"
            + " Memory Pools, or press Lanes in their toolbar, to see that space across the lanes of the warp.";

    private Composite parent;
    private LanesGrid grid;
    /** The warp and space the grid shows. */
    private Context warp;
    private Label message;
    private final Consumer<SelectedBytes> follow = this::selected;

    @Override
    protected void createContents(Composite parent) {
        this.parent = parent;
        parent.setLayout(new FillLayout());
        say(HINT);
        session().addSelectionListener(follow);
        SelectedBytes now = session().selectedBytes();
        if (now != null) {
            selected(now);
        }
    }

    /** Shows the lanes of {@code bytes}' warp, with the bytes highlighted in their lane. */
    void selected(SelectedBytes bytes) {
        AddressSpace perLane = SpaceMemoryView.perLaneView(bytes.context(), bytes.space());
        if (perLane == null) {
            say(bytes.space().getName() + " of " + Contexts.describe(bytes.context()) + " is not a per-lane space; " + HINT);
            return;
        }
        Context subgroup = bytes.context().getScope() == Scope.LANE ? bytes.context().getParent()
                : Contexts.ancestor(bytes.context(), Scope.SUBGROUP);
        if (grid == null || grid.isDisposed() || subgroup != warp || grid.space() != perLane) {
            clear();
            grid = new LanesGrid(parent, bytes.context(), perLane);
            warp = subgroup;
            grid.onCellClicked((lane, offset, length) -> session().select(new SelectedBytes(lane, perLane, offset, length)));
            parent.layout(true, true);
            setContentDescription(perLane.getName() + " of " + Contexts.describe(subgroup));
        }
        if (bytes.context().getScope() == Scope.LANE && bytes.space() == perLane) {
            grid.highlightLane(bytes.context().getIndex(), bytes.offset(), bytes.length());
        }
    }

    private void clear() {
        for (Control c : parent.getChildren()) {
            c.dispose();
        }
        grid = null;
        warp = null;
        message = null;
    }

    private void say(String text) {
        clear();
        message = new Label(parent, SWT.WRAP);
        message.setText(text);
        parent.layout(true, true);
        setContentDescription("");
    }

    /** The grid shown, or null. */
    public LanesGrid grid() {
        return grid;
    }

    /** What the view says instead of a grid, or null. */
    public String message() {
        return message == null || message.isDisposed() ? null : message.getText();
    }

    @Override
    public void refresh(Runnable done) {
        if (grid == null || grid.isDisposed()) {
            done.run();
            return;
        }
        if (session().state() == null || session().selectedBytes() == null) {
            say(session().state() == null ? session().emptyText() : HINT);
            done.run();
            return;
        }
        grid.reload();
        LanesGrid shown = grid;
        Idle.whenLoaded(shown, shown::loading, done);
    }

    @Override
    public void dispose() {
        session().removeSelectionListener(follow);
        super.dispose();
    }

    @Override
    public void setFocus() {
        parent.setFocus();
    }
}
