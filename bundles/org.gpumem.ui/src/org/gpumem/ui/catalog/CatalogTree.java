package org.gpumem.ui.catalog;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.images.Catalog;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.Kernel;
import org.gpumem.ui.internal.TextColumns;

/** A device-code catalog as a tree: containers, their images, the kernels each image defines. */
final class CatalogTree {

    static final String[] COLUMNS = {"Entry", "Size", "Compression", "Debug info", "Where"};

    private final TreeViewer viewer;

    CatalogTree(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        int[] widths = {300, 90, 110, 80, 320};
        TextColumns.add(viewer, COLUMNS, widths, CatalogTree::columnText);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                Catalog catalog = (Catalog) input;
                List<Object> top = new ArrayList<>(catalog.containers());
                for (DeviceImage image : catalog.images()) {
                    if (catalog.containers().stream().noneMatch(c -> c.images().contains(image))) {
                        top.add(image);
                    }
                }
                return top.toArray();
            }

            @Override
            public Object[] getChildren(Object element) {
                if (element instanceof Container c) {
                    return c.images().toArray();
                }
                if (element instanceof DeviceImage image) {
                    try {
                        return image.kernels().toArray();
                    } catch (RuntimeException unreadable) {
                        return new Object[] {"cannot read the kernels: " + unreadable.getMessage()};
                    }
                }
                return new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                return null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return element instanceof Container || element instanceof DeviceImage;
            }
        });
    }

    static String columnText(Object element, int column) {
        if (element instanceof Container c) {
            return switch (column) {
                case 0 -> c.kind().displayName() + (c.version() == null ? "" : " " + c.version());
                case 1 -> Long.toString(c.size());
                case 2 -> c.compression() == null ? "" : c.compression().displayName();
                case 4 -> c.origin().describe();
                default -> "";
            };
        }
        if (element instanceof DeviceImage image) {
            return switch (column) {
                case 0 -> image.describe().replaceFirst(", .*", "");
                case 1 -> Long.toString(image.size());
                case 2 -> image.isCompressed() ? image.compression().displayName() + " (" + image.storedSize() + " stored)" : "";
                case 3 -> image.hasDebugInfo() ? "yes" : "no";
                case 4 -> image.origin().describe();
                default -> "";
            };
        }
        if (element instanceof Kernel kernel) {
            return column == 0 ? kernel.displayName() : column == 4 ? kernel.name() : "";
        }
        return column == 0 ? String.valueOf(element) : "";
    }

    TreeViewer viewer() {
        return viewer;
    }
}
