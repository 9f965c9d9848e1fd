package org.gpumem.ui.catalog;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.ui.internal.ReadingJob;

/**
 * The device-code catalog of a host executable, object, cubin, code object or PTX file
 * (containers, images per architecture, kernels); selecting an image with debug info lists its
 * DWARF variables by address space below. Files are read in jobs.
 */
public final class DeviceCodePanel extends Composite {

    private Label status;
    private CatalogTree catalog;
    private DwarfVariablesTree variables;
    private volatile boolean loading;
    private volatile Catalog shown;

    public DeviceCodePanel(Composite parent) {
        super(parent, SWT.NONE);
        Composite area = this;
        area.setLayout(new GridLayout(1, false));
        status = new Label(area, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Open a host executable, cubin or PTX file with the Device Code editor (Open With) to see its catalog.");
        SashForm sash = new SashForm(area, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        catalog = new CatalogTree(sash);
        variables = new DwarfVariablesTree(sash);
        sash.setWeights(1, 1);
        catalog.viewer().addSelectionChangedListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof DeviceImage image) {
                showDwarf(image);
            }
        });
    }

    public boolean loading() {
        return loading;
    }

    public Catalog catalog() {
        return shown;
    }

    /** Reads the catalog of {@code file} in a job and shows it. */
    public void show(Path file) {
        loading = true;
        status.setText("Reading " + file + " \u2026");
        Job job = new ReadingJob<>("Reading device code of " + file.getFileName(), status, () -> new CatalogReader().read(file),
                (result, message) -> {
                    if (!status.isDisposed()) {
                        shown = result;
                        if (result == null) {
                            status.setText("Cannot read " + file + ": " + message);
                        } else {
                            status.setText(result.file() + " \u2014 " + result.fileKind() + ", " + result.images().size()
                                    + " images, " + result.kernels().size() + " kernels");
                            catalog.viewer().setInput(result);
                            catalog.viewer().expandToLevel(2);
                        }
                        variables.viewer().setInput(List.of());
                    }
                    loading = false;
                });
        job.setUser(true);
        job.schedule();
    }

    /** Lists the DWARF variables of {@code image} by address space (in a job). */
    public void showDwarf(DeviceImage image) {
        loading = true;
        Job job = new ReadingJob<>("Reading the DWARF of " + image.describe(), status,
                () -> DwarfVariablesTree.group(ImageDwarf.variables(image)), (groups, message) -> {
                    if (!status.isDisposed()) {
                        variables.viewer().setInput(groups == null ? List.of() : groups);
                        variables.viewer().expandAll();
                        status.setText(message == null ? image.describe() + ": DWARF variables by address space"
                                : image.describe() + ": " + message);
                    }
                    loading = false;
                });
        job.schedule();
    }

    /** The variables listed now, grouped by space label. */
    @SuppressWarnings("unchecked")
    public List<DwarfVariablesTree.SpaceGroup> dwarfGroups() {
        Object input = variables.viewer().getInput();
        return input == null ? List.of() : (List<DwarfVariablesTree.SpaceGroup>) input;
    }

    public org.eclipse.jface.viewers.TreeViewer catalogViewer() {
        return catalog.viewer();
    }
}
