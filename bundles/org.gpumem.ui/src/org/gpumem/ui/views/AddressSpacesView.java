package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.ui.internal.TextColumns;

/**
 * Address Spaces: the spaces of the current target (DWARF number, address size, scope, access
 * pattern, read-only); with no kernel stopped, the built-in targets, so the view explains the
 * address spaces before the first launch.
 */
public final class AddressSpacesView extends SessionView {

    public static final String[] COLUMNS = {"Space", "DWARF", "Address size", "Scope", "Access pattern", "Read-only", "Aliases"};

    private TreeViewer viewer;
    private List<Target> builtins;

    @Override
    protected void createContents(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        int[] widths = {200, 60, 90, 90, 420, 70, 200};
        TextColumns.add(viewer, COLUMNS, widths, AddressSpacesView::columnText);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return ((List<?>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object element) {
                return element instanceof Target t ? t.getAddressSpaces().toArray() : new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                return element instanceof AddressSpace s ? s.eContainer() : null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return element instanceof Target;
            }
        });
        getSite().setSelectionProvider(viewer);
    }

    static String columnText(Object element, int column) {
        if (element instanceof Target target) {
            return column == 0 ? target.getName() + " (" + target.getArchitecture() + ")" : "";
        }
        AddressSpace space = (AddressSpace) element;
        return switch (column) {
            case 0 -> space.getName();
            case 1 -> space.getDwarfNumber() < 0 ? "-" : Long.toString(space.getDwarfNumber());
            case 2 -> space.getAddressBits() + " bits";
            case 3 -> Contexts.term(space.eContainer() instanceof Target t ? t : null, space.getScope());
            case 4 -> AccessPatterns.describe(space.getAccess());
            case 5 -> space.isReadOnly() ? "yes" : "no";
            case 6 -> String.join(", ", space.getAliases());
            default -> "";
        };
    }

    public TreeViewer viewer() {
        return viewer;
    }

    /** The targets shown: the stopped state's, or every built-in one. */
    public List<Target> targets() {
        MemoryState state = session().state();
        if (state != null && state.getTarget() != null) {
            return List.of(state.getTarget());
        }
        if (builtins == null) {
            List<Target> all = new ArrayList<>(BuiltinTargets.all());
            all.add(SimulatorTarget.create());
            builtins = List.copyOf(all);
        }
        return builtins;
    }

    @Override
    public void refresh(Runnable done) {
        if (viewer.getControl().isDisposed()) {
            done.run();
            return;
        }
        List<Target> targets = targets();
        if (viewer.getInput() != targets) {
            viewer.setInput(targets);
            viewer.expandToLevel(2);
        }
        done.run();
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
