package org.gpumem.ui.catalog;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.Kernel;
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
    /** What is listed now, or null; UI thread. */
    private CatalogTree.Contents contents;
    /** What to select once the catalog being read is listed, or null; UI thread. */
    private Function<CatalogTree.Contents, TreePath> pendingSelection;

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

    /** Says {@code text} on the status line (why something could not be shown); what is listed stays. */
    public void say(String text) {
        status.setText(text);
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
        show(file, null);
    }

    /**
     * Like {@link #show(Path)}, then selects the entry {@code pick} finds in the catalog (a
     * kernel under its image, whose DWARF variables are then listed), if any.
     */
    void show(Path file, Function<CatalogTree.Contents, TreePath> pick) {
        pendingSelection = pick;
        contents = null;
        loading = true;
        status.setText("Reading " + file + " \u2026");
        dwarfReads.cancel();
        catalogReads.start("Reading device code of " + file.getFileName(),
                monitor -> CatalogTree.Contents.read(new CatalogReader().read(file), monitor), (read, message) -> {
                    shown = read == null ? null : read.catalog();
                    contents = read;
                    if (read == null) {
                        status.setText("Cannot read " + file + ": " + message);
                    } else {
                        status.setText(shown.file() + " \u2014 " + shown.fileKind() + ", " + read.imageCount() + " images, "
                                + read.kernelCount() + " kernels");
                        catalog.viewer().setInput(read);
                        catalog.viewer().expandToLevel(2);
                    }
                    variables.viewer().setInput(List.of());
                    loading = false;
                    if (read != null && pendingSelection != null) {
                        select(pendingSelection);
                    }
                }, null);
    }

    /**
     * Selects the entry {@code pick} finds in the catalog listed (now, or once the read in
     * progress has listed it) and lists the DWARF variables of its image.
     */
    void select(Function<CatalogTree.Contents, TreePath> pick) {
        if (contents == null) {
            pendingSelection = pick;
            return;
        }
        pendingSelection = null;
        TreePath path = pick.apply(contents);
        if (path == null) {
            return;
        }
        catalog.viewer().setSelection(new TreeSelection(path), true);
        for (int i = 0; i < path.getSegmentCount(); i++) {
            if (path.getSegment(i) instanceof DeviceImage image && !(path.getLastSegment() instanceof DeviceImage)) {
                // selecting the image itself lists its variables through the selection listener
                showDwarf(image);
            }
        }
    }

    /** The kernel selected in the catalog, or null. */
    public Kernel selectedKernel() {
        Object first = ((IStructuredSelection) catalog.viewer().getSelection()).getFirstElement();
        return first instanceof Kernel k ? k : null;
    }

    /** The image of the selected entry (itself or the image above a selected kernel), or null. */
    public DeviceImage selectedImage() {
        if (catalog.viewer().getSelection() instanceof TreeSelection s && !s.isEmpty()) {
            TreePath path = s.getPaths()[0];
            for (int i = path.getSegmentCount() - 1; i >= 0; i--) {
                if (path.getSegment(i) instanceof DeviceImage image) {
                    return image;
                }
            }
        }
        return null;
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
