package org.gpumem.ui.renderings;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.ui.memory.AbstractMemoryRendering;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * The lanes grid in the platform Memory view, for blocks bound to a per-lane space. A click on a
 * lane's cell of a gpumem block focuses that lane (the session's CUDA focus, as the {@code (lane)}
 * variable does); the grid marks the focused lane and, when the focus moves to another warp, is
 * made again for that warp.
 */
public final class LanesRendering extends AbstractMemoryRendering implements GpuMemorySession.Refreshable {

    public static final String ID = "org.gpumem.ui.rendering.lanes";

    private Composite control;
    private LanesGrid grid;
    /** The warp the grid shows ({@link SpaceMemoryBlock#lane()}'s warp), or null for other blocks. */
    private Object boundWarp;

    public LanesRendering() {
        super(ID);
    }

    @Override
    public Control createControl(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new FillLayout());
        build();
        GpuMemorySession.get().addView(this);
        control.addDisposeListener(e -> GpuMemorySession.get().removeView(this));
        return control;
    }

    private void build() {
        Location location = GpumemBlocks.location(getMemoryBlock());
        if (location == null || !LanesGrid.applies(location.getSpace())) {
            grid = null;
            Label message = new Label(control, SWT.WRAP);
            message.setText("Lanes show a per-lane address space (CUDA local, AMD private_lane); this memory block is "
                    + (location == null ? "not bound to a gpumem address space." : "in " + location.getSpace().getName() + "."));
            return;
        }
        grid = new LanesGrid(control, location.getContext(), location.getSpace());
        if (getMemoryBlock() instanceof SpaceMemoryBlock block) {
            boundWarp = block.lane().warp();
            grid.setFocusedLane(block.lane().lane());
            grid.onLaneClicked(lane -> focus(block, lane));
        }
    }

    /** A click on {@code lane}'s cell: the session's focus moves to that lane of the block's warp. */
    private void focus(SpaceMemoryBlock block, Context lane) {
        try {
            block.kernelTarget().focus().set(new LaneId(block.lane().warp(), lane.getIndex()));
        } catch (DebugException e) {
            grid.say(e.getMessage());
        }
    }

    /** The grid, or null when the block is not in a per-lane space. */
    public LanesGrid grid() {
        return grid;
    }

    @Override
    public String getLabel() {
        String label = GpumemBlocks.label(getMemoryBlock(), "Lanes");
        return label != null ? label : super.getLabel();
    }

    @Override
    public Control getControl() {
        return control;
    }

    @Override
    public void refresh(Runnable done) {
        if (grid == null || grid.isDisposed()) {
            done.run();
            return;
        }
        if (getMemoryBlock() instanceof SpaceMemoryBlock block) {
            if (!block.lane().warp().equals(boundWarp)) {
                grid.dispose();
                build();
                control.layout(true, true);
                if (grid == null) {
                    done.run();
                    return;
                }
            } else {
                grid.setFocusedLane(block.lane().lane());
                grid.reload();
            }
            firePropertyChangedEvent(GpumemBlocks.labelChanged(this));
        } else {
            grid.reload();
        }
        LanesGrid shown = grid;
        Idle.whenLoaded(shown, shown::loading, done);
    }
}
