package org.gpumem.ui.renderings;

import java.math.BigInteger;

import org.eclipse.debug.ui.memory.AbstractMemoryRendering;
import org.eclipse.debug.ui.memory.AbstractTableRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingSynchronizationService;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.model.Location;
import org.gpumem.ui.memory.AliasPanel;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * Aliases in the platform Memory view: follows the address selected in any rendering of the same
 * memory block (the Memory view's synchronization service) and shows every view of that element,
 * seen from the block's context, which follows the session's CUDA focus (a lane focused in the
 * lanes grid shows that lane's aliases).
 */
public final class AliasesRendering extends AbstractMemoryRendering implements IPropertyChangeListener,
        GpuMemorySession.Refreshable {

    public static final String ID = "org.gpumem.ui.rendering.aliases";
    /** Bytes followed from a selected address: one 4-byte element, the unit of interleaving. */
    private static final int SELECTED_BYTES = 4;

    private Control control;
    private AliasPanel panel;
    private Location location;
    private long address;
    /** The context the aliases are seen from ({@link GpumemBlocks#boundContext}). */
    private String boundTo;

    public AliasesRendering() {
        super(ID);
    }

    @Override
    public Control createControl(Composite parent) {
        location = GpumemBlocks.location(getMemoryBlock());
        if (location == null) {
            Label message = new Label(parent, SWT.WRAP);
            message.setText("Aliases need a memory block bound to a gpumem address space and context.");
            control = message;
            return control;
        }
        panel = new AliasPanel(parent);
        IMemoryRenderingSynchronizationService sync = getMemoryRenderingContainer() == null ? null
                : getMemoryRenderingContainer().getMemoryRenderingSite().getSynchronizationService();
        if (sync != null) {
            sync.addPropertyChangeListener(this, new String[] {AbstractTableRendering.PROPERTY_SELECTED_ADDRESS});
            panel.addDisposeListener(e -> sync.removePropertyChangeListener(this));
        }
        address = location.getOffset();
        boundTo = GpumemBlocks.boundContext(getMemoryBlock());
        panel.show(location.getContext(), location.getSpace(), address, SELECTED_BYTES);
        GpuMemorySession.get().addView(this);
        panel.addDisposeListener(e -> GpuMemorySession.get().removeView(this));
        control = panel;
        return control;
    }

    @Override
    public void propertyChange(PropertyChangeEvent event) {
        if (panel == null || panel.isDisposed() || !(event.getNewValue() instanceof BigInteger address)
                || !(event.getSource() instanceof AbstractMemoryRendering source) || source.getMemoryBlock() != getMemoryBlock()) {
            return;
        }
        panel.getDisplay().asyncExec(() -> {
            if (!panel.isDisposed()) {
                this.address = address.longValue();
                panel.show(location.getContext(), location.getSpace(), this.address, SELECTED_BYTES);
            }
        });
    }

    /** The panel, or null when the block is not bound to a gpumem space. */
    public AliasPanel panel() {
        return panel;
    }

    /** After a stop or a focus change: when the block now reads another context, its aliases from there. */
    @Override
    public void refresh(Runnable done) {
        if (panel == null || panel.isDisposed() || GpumemBlocks.boundContext(getMemoryBlock()).equals(boundTo)) {
            done.run();
            return;
        }
        Location now = GpumemBlocks.location(getMemoryBlock());
        if (now != null) {
            location = now;
            boundTo = GpumemBlocks.boundContext(getMemoryBlock());
            panel.show(location.getContext(), location.getSpace(), address, SELECTED_BYTES);
            firePropertyChangedEvent(GpumemBlocks.labelChanged(this));
        }
        Idle.whenLoaded(panel, panel::loading, done);
    }

    @Override
    public String getLabel() {
        String label = GpumemBlocks.label(getMemoryBlock(), "Aliases");
        return label != null ? label : super.getLabel();
    }

    @Override
    public Control getControl() {
        return control;
    }
}
