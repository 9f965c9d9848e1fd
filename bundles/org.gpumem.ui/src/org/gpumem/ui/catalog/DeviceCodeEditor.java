package org.gpumem.ui.catalog;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.ui.internal.ReadOnlyFileEditor;

/**
 * Opens a host executable, object, cubin, code object or PTX file (from the workspace or File >
 * Open File) as its device-code catalog; selecting an image lists its DWARF by address space.
 */
public final class DeviceCodeEditor extends ReadOnlyFileEditor {

    public static final String ID = "org.gpumem.ui.deviceCodeEditor";

    private DeviceCodePanel panel;

    public DeviceCodeEditor() {
        super("the Device Code editor opens local files");
    }

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new DeviceCodePanel(parent);
        getSite().setSelectionProvider(panel.catalogViewer());
        panel.show(file());
    }

    public DeviceCodePanel panel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.catalogViewer().getControl().setFocus();
    }
}
