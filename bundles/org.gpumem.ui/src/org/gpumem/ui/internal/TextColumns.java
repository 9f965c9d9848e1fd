package org.gpumem.ui.internal;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;

/** Left-aligned text columns of a tree or table viewer, titled and sized, with header and lines shown. */
public final class TextColumns {

    /** The text of {@code element} in column {@code column}. */
    @FunctionalInterface
    public interface CellText {
        String text(Object element, int column);
    }

    private TextColumns() {
    }

    public static void add(TreeViewer viewer, String[] titles, int[] widths, CellText cellText) {
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        for (int i = 0; i < titles.length; i++) {
            TreeViewerColumn c = new TreeViewerColumn(viewer, SWT.LEFT);
            c.getColumn().setText(titles[i]);
            c.getColumn().setWidth(widths[i]);
            c.setLabelProvider(labels(cellText, i));
        }
    }

    public static void add(TableViewer viewer, String[] titles, int[] widths, CellText cellText) {
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        for (int i = 0; i < titles.length; i++) {
            TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
            c.getColumn().setText(titles[i]);
            c.getColumn().setWidth(widths[i]);
            c.setLabelProvider(labels(cellText, i));
        }
    }

    /**
     * Widens each of {@code columns} of {@code tree} to its longest text (its title included), never
     * narrowing it, so that no label is cut; call it once the items to fit are shown (expanded).
     */
    public static void fitToText(Tree tree, int... columns) {
        for (int column : columns) {
            TreeColumn c = tree.getColumn(column);
            int width = c.getWidth();
            c.pack();
            c.setWidth(Math.max(width, c.getWidth()));
        }
    }

    /** Like {@link #fitToText(Tree, int...)}, for a table. */
    public static void fitToText(Table table, int... columns) {
        for (int column : columns) {
            TableColumn c = table.getColumn(column);
            int width = c.getWidth();
            c.pack();
            c.setWidth(Math.max(width, c.getWidth()));
        }
    }

    private static ColumnLabelProvider labels(CellText cellText, int column) {
        return new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return cellText.text(element, column);
            }
        };
    }
}
