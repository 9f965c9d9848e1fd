package org.gpumem.ui.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.ui.internal.TextColumns;

/**
 * DWARF variables by address space: one branch per space (as the DWARF decoder names it, with
 * its number and where it came from), the variables below with function, type, location and
 * declaration.
 */
final class DwarfVariablesTree {

    static final String[] COLUMNS = {"Space / variable", "Function", "Type", "Location", "Declared"};
    static final String NO_SPACE = "(no location)";

    /** A branch: the variables of one address space. */
    public record SpaceGroup(String label, List<DwarfVariable> variables) {
    }

    private final TreeViewer viewer;

    DwarfVariablesTree(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        int[] widths = {240, 160, 120, 360, 140};
        TextColumns.add(viewer, COLUMNS, widths, DwarfVariablesTree::columnText);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return ((List<?>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object element) {
                return element instanceof SpaceGroup g ? g.variables().toArray() : new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                return null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return element instanceof SpaceGroup;
            }
        });
    }

    /** Groups variables by address space, in the order the spaces first appear. */
    static List<SpaceGroup> group(List<DwarfVariable> variables) {
        Map<String, List<DwarfVariable>> bySpace = new LinkedHashMap<>();
        for (DwarfVariable v : variables) {
            String key = v.space() == null ? NO_SPACE
                    : v.space().name() + " (" + v.space().numbering() + " " + v.space().id() + ", from " + v.spaceSource() + ")";
            bySpace.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
        }
        List<SpaceGroup> groups = new ArrayList<>();
        bySpace.forEach((label, list) -> groups.add(new SpaceGroup(label, list)));
        return groups;
    }

    static String columnText(Object element, int column) {
        if (element instanceof SpaceGroup g) {
            return column == 0 ? g.label() + " \u2014 " + g.variables().size() : "";
        }
        DwarfVariable v = (DwarfVariable) element;
        return switch (column) {
            case 0 -> v.name() + (v.parameter() ? " (parameter)" : "");
            case 1 -> v.function() == null ? "" : v.function();
            case 2 -> v.type() == null ? "" : v.type();
            case 3 -> v.location() == null ? "" : v.location().ops();
            case 4 -> v.declFile() == null ? "" : v.declFile() + ":" + v.declLine();
            default -> "";
        };
    }

    TreeViewer viewer() {
        return viewer;
    }
}
