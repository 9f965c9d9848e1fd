package org.gpumem.ui.catalog;

import java.nio.file.Path;
import java.util.List;

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
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.internal.TextColumns;

/**
 * The device-code catalog of a host executable, object, cubin, code object or PTX file
 * (containers, images per architecture, kernels); selecting an image with debug info lists its
 * DWARF variables by address space below. Files are read, decompressed and scanned in jobs; the
 * UI thread only shows what they read.
 */
public final class DeviceCodePanel extends Composite {

    private Label status;
    private CatalogTree catalog;
    private DwarfVariablesTree variables;
    private final LatestReads catalogReads = new LatestReads(this).asUserJobs();
    private final LatestReads dwarfReads = new LatestReads(this);
    private volatile boolean loading;
    private volatile Catalog shown;

    public DeviceCodePanel(Composite parent) {
        super(parent, SWT.NONE);
        Composite area = this;
        area.setLayout(new GridLayout(1, false));
        status = new Label(area, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Select a host executable, cubin or PTX file in the Project Explorer, debug a kernel, or open one with the"
                + " Device Code editor (Open With) to see its catalog.");
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

    /**
     * Reads the catalog of {@code file} in a job (the file, every image's payload as far as its
     * kernels need it) and shows it; a later call supersedes a read still in progress.
     */
    public void show(Path file) {
        loading = true;
        status.setText("Reading " + file + " \u2026");
        dwarfReads.cancel();
        catalogReads.start("Reading device code of " + file.getFileName(),
                monitor -> CatalogTree.Contents.read(new CatalogReader().read(file), monitor), (contents, message) -> {
                    shown = contents == null ? null : contents.catalog();
                    if (contents == null) {
                        status.setText("Cannot read " + file + ": " + message);
                    } else {
                        status.setText(shown.file() + " \u2014 " + shown.fileKind() + ", " + contents.imageCount() + " images, "
                                + contents.kernelCount() + " kernels");
                        catalog.viewer().setInput(contents);
                        catalog.viewer().expandToLevel(2);
                    }
                    variables.viewer().setInput(List.of());
                    loading = false;
                }, null);
    }

    /** Lists the DWARF variables of {@code image} by address space (in a job); a later call supersedes it. */
    public void showDwarf(DeviceImage image) {
        loading = true;
        dwarfReads.start("Reading the DWARF of " + image.describe(),
                monitor -> DwarfVariablesTree.group(ImageDwarf.variables(image)), (groups, message) -> {
                    variables.viewer().setInput(groups == null ? List.of() : groups);
                    variables.viewer().expandAll();
                    // group labels name the space, its numbering and the attribute it came from: never cut
                    TextColumns.fitToText(variables.viewer().getTree(), 0, 1, 2, 3, 4);
                    status.setText(message == null ? image.describe() + ": DWARF variables by address space"
                            : image.describe() + ": " + message);
                    loading = false;
                }, null);
    }

    /** The variables listed now, grouped by space label. */
    @SuppressWarnings("unchecked")
    public List<DwarfVariablesTree.SpaceGroup> dwarfGroups() {
        Object input = variables.viewer().getInput();
        return input == null ? List.of() : (List<DwarfVariablesTree.SpaceGroup>) input;
    }

    /** The tree of DWARF variables by address space. */
    public org.eclipse.swt.widgets.Tree variablesTree() {
        return variables.viewer().getTree();
    }

    public org.eclipse.jface.viewers.TreeViewer catalogViewer() {
        return catalog.viewer();
    }
}
