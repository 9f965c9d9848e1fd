package org.gpumem.ui.renderings;

import org.eclipse.debug.ui.memory.AbstractMemoryRendering;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.model.Location;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.session.GpuMemorySession;

/** The lanes grid in the platform Memory view, for blocks bound to a per-lane space. */
public final class LanesRendering extends AbstractMemoryRendering implements GpuMemorySession.Refreshable {

    public static final String ID = "org.gpumem.ui.rendering.lanes";

    private Control control;
    private LanesGrid grid;

    public LanesRendering() {
        super(ID);
    }

    @Override
    public Control createControl(Composite parent) {
        Location location = GpumemBlocks.location(getMemoryBlock());
        if (location == null || !LanesGrid.applies(location.getSpace())) {
            Label message = new Label(parent, SWT.WRAP);
            message.setText("Lanes show a per-lane address space (CUDA local, AMD private_lane); this memory block is "
                    + (location == null ? "not bound to a gpumem address space." : "in " + location.getSpace().getName() + "."));
            control = message;
            return control;
        }
        grid = new LanesGrid(parent, location.getContext(), location.getSpace());
        GpuMemorySession.get().addView(this);
        grid.addDisposeListener(e -> GpuMemorySession.get().removeView(this));
        control = grid;
        return control;
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
        grid.reload();
        Idle.whenLoaded(grid, grid::loading, done);
    }
}
