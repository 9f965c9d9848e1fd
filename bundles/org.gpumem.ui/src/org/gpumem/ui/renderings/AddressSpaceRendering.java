package org.gpumem.ui.renderings;

import java.math.BigInteger;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.ui.memory.AbstractMemoryRendering;
import org.eclipse.debug.ui.memory.AbstractTableRendering;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.ui.internal.Problems;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.memory.ValueType;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * The address-space table in the platform Memory view; selections are published to the other
 * renderings. A gpumem block follows the session's CUDA focus: when the focus moves the block to
 * another context (another CTA for shared), the table is made again for that context.
 */
public final class AddressSpaceRendering extends AbstractMemoryRendering implements GpuMemorySession.Refreshable {

    public static final String ID = "org.gpumem.ui.rendering.addressSpaceTable";

    private Composite control;
    private AddressSpaceTable table;
    /** The context the table reads ({@link GpumemBlocks#boundContext}). */
    private String boundTo;

    public AddressSpaceRendering() {
        super(ID);
    }

    @Override
    public Control createControl(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new FillLayout());
        build();
        return control;
    }

    private void build() {
        boundTo = GpumemBlocks.boundContext(getMemoryBlock());
        try {
            table = new AddressSpaceTable(control, GpumemBlocks.reader(getMemoryBlock()));
        } catch (DebugException | RuntimeException e) {
            // an unreadable block says why; a bug's trace goes to the Error Log as well
            table = null;
            Label message = new Label(control, SWT.WRAP);
            message.setText("Cannot show this memory block: " + Problems.say("showing a memory block", e));
            return;
        }
        table.addSelectionListener(selection -> firePropertyChangedEvent(new org.eclipse.jface.util.PropertyChangeEvent(this,
                AbstractTableRendering.PROPERTY_SELECTED_ADDRESS, null,
                new BigInteger(Long.toUnsignedString(selection.address())))));
        if (getMemoryBlock() instanceof IMemoryBlockExtension extension) {
            try {
                BigInteger base = extension.getBigBaseAddress();
                if (base != null) {
                    table.reveal(base.longValue());
                }
            } catch (DebugException e) {
                // the table starts at the block's start; its header says why not at the block's address
                table.say("The block's address is not known (" + e.getStatus().getMessage() + "); shown from its start");
            }
        }
        ValueType type = GpumemBlocks.valueType(getMemoryBlock());
        if (type != null) {
            table.setValueType(type);
        }
        GpuMemorySession.get().addView(this);
        table.addDisposeListener(e -> GpuMemorySession.get().removeView(this));
    }

    @Override
    public String getLabel() {
        String label = GpumemBlocks.label(getMemoryBlock(), "Address-space table");
        return label != null ? label : super.getLabel();
    }

    @Override
    public Control getControl() {
        return control;
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
        if (!GpumemBlocks.boundContext(getMemoryBlock()).equals(boundTo)) {
            table.dispose();
            build();
            control.layout(true, true);
            firePropertyChangedEvent(GpumemBlocks.labelChanged(this));
            if (table == null) {
                done.run();
                return;
            }
        } else {
            table.reload();
        }
        Idle.whenLoaded(table, table::loading, done);
    }
}
