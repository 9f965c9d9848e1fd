package org.gpumem.ui.catalog;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.images.Catalog;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.Kernel;
import org.gpumem.ui.internal.TextColumns;

/**
 * A device-code catalog as a tree: containers, their images, the kernels each image defines. The
 * tree shows {@link Contents}, read in a job; the UI thread decompresses and scans nothing.
 */
final class CatalogTree {

    static final String[] COLUMNS = {"Entry", "Size", "Compression", "Debug info", "Where"};

    /**
     * What the tree shows of a catalog, read off the UI thread: every container's images (a
     * compressed offload bundle is decompressed for them) and every image's kernels (read from its
     * payload), or for an image whose kernels cannot be read, the message why.
     */
    record Contents(Catalog catalog, Map<Object, List<?>> children, Map<Container, String> labels, int imageCount,
            int kernelCount) {

        /** The images of {@code container}, as read. */
        @SuppressWarnings("unchecked")
        List<DeviceImage> images(Container container) {
            return (List<DeviceImage>) children.getOrDefault(container, List.of());
        }

        static Contents read(Catalog catalog, IProgressMonitor monitor) {
            SubMonitor progress = SubMonitor.convert(monitor, "Reading " + catalog.file(), catalog.containers().size() + 1);
            Map<Object, List<?>> children = new IdentityHashMap<>();
            List<DeviceImage> images = new ArrayList<>();
            for (Container container : catalog.containers()) {
                progress.checkCanceled();
                List<DeviceImage> inside = container.images();
                children.put(container, inside);
                images.addAll(inside);
                progress.worked(1);
            }
            SubMonitor scanning = progress.split(1).setWorkRemaining(images.size());
            Set<Kernel> kernels = new LinkedHashSet<>();
            for (DeviceImage image : images) {
                scanning.checkCanceled();
                try {
                    List<Kernel> defined = image.kernels();
                    children.put(image, defined);
                    kernels.addAll(defined);
                } catch (InputFormatException unreadable) {
                    children.put(image, List.of("cannot read the kernels: " + unreadable.getMessage()));
                }
                scanning.worked(1);
            }
            return new Contents(catalog, children, labels(catalog.containers()), images.size(), kernels.size());
        }

        /**
         * Each container's name: its kind, numbered when the file holds several of that kind
         * ({@code CUDA fatbin 2 of 2}), and its format version ({@code v1}).
         */
        static Map<Container, String> labels(List<Container> containers) {
            Map<Container.Kind, Integer> ofKind = new java.util.EnumMap<>(Container.Kind.class);
            containers.forEach(c -> ofKind.merge(c.kind(), 1, Integer::sum));
            Map<Container.Kind, Integer> numbered = new java.util.EnumMap<>(Container.Kind.class);
            Map<Container, String> labels = new IdentityHashMap<>();
            for (Container c : containers) {
                int n = numbered.merge(c.kind(), 1, Integer::sum);
                int of = ofKind.get(c.kind());
                labels.put(c, c.kind().displayName() + (of > 1 ? " " + n + " of " + of : "")
                        + (c.version() == null ? "" : ", v" + c.version()));
            }
            return labels;
        }
    }

    private final TreeViewer viewer;

    CatalogTree(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        int[] widths = {300, 90, 110, 80, 320};
        TextColumns.add(viewer, COLUMNS, widths, (element, column) -> columnText((Contents) viewer.getInput(), element, column));
        viewer.setContentProvider(new ITreeContentProvider() {
            private Contents contents;

            @Override
            public void inputChanged(Viewer v, Object oldInput, Object newInput) {
                contents = (Contents) newInput;
            }

            @Override
            public Object[] getElements(Object input) {
                return ((Contents) input).catalog().containers().toArray();
            }

            @Override
            public Object[] getChildren(Object element) {
                List<?> children = contents == null ? null : contents.children().get(element);
                return children == null ? new Object[0] : children.toArray();
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

    static String columnText(Contents contents, Object element, int column) {
        if (element instanceof Container c) {
            return switch (column) {
                case 0 -> contents == null ? c.kind().displayName() : contents.labels().get(c);
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
