package org.gpumem.ui.catalog;

import java.nio.file.Path;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;
import org.gpumem.ui.internal.EditorInputs;

/**
 * Opens a host executable, object, cubin, code object or PTX file (from the workspace or File >
 * Open File) as its device-code catalog; selecting an image lists its DWARF by address space.
 */
public final class DeviceCodeEditor extends EditorPart {

    public static final String ID = "org.gpumem.ui.deviceCodeEditor";

    private DeviceCodePanel panel;
    private Path file;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        setSite(site);
        setInput(input);
        file = EditorInputs.localPath(input);
        if (file == null) {
            throw new PartInitException("the Device Code editor opens local files; " + input.getName() + " is not one");
        }
        setPartName(input.getName());
    }

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new DeviceCodePanel(parent);
        getSite().setSelectionProvider(panel.catalogViewer());
        panel.show(file);
    }

    public DeviceCodePanel panel() {
        return panel;
    }

    @Override
    public void doSave(IProgressMonitor monitor) {
    }

    @Override
    public void doSaveAs() {
    }

    @Override
    public boolean isDirty() {
        return false;
    }

    @Override
    public boolean isSaveAsAllowed() {
        return false;
    }

    @Override
    public void setFocus() {
        panel.catalogViewer().getControl().setFocus();
    }
}
