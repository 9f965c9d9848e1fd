package org.gpumem.ui.catalog;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

/** Device Code: the catalog of the file last opened with the Device Code editor, or shown here. */
public final class DeviceCodeView extends ViewPart {

    public static final String ID = org.gpumem.ui.GpuMemoryViews.DEVICE_CODE;

    private DeviceCodePanel panel;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new DeviceCodePanel(parent);
        getSite().setSelectionProvider(panel.catalogViewer());
    }

    public DeviceCodePanel panel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.catalogViewer().getControl().setFocus();
    }
}
