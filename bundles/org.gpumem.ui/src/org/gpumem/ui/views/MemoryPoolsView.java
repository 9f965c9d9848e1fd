package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.PartInitException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.provider.GpumemLabels;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.internal.TextColumns;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;
import org.gpumem.ui.snapshot.SaveSnapshotAction;

/**
 * Memory Pools: device -> launch -> work-groups (CTAs) -> subgroups (warps) -> lanes, each with
 * its pools (spaces, the address range the pool spans, the bytes its variables take, the bytes
 * holding data), under each pool the state's variables that lie in it (a CUDA program's
 * allocations with the host call that made them, its {@code __device__} variables, a launch
 * file's buffers). Which variables lie in which pool and what the pools hold is worked out in a
 * job; the UI thread only shows it. Selecting a lane focuses the other views on it; selecting a
 * pool or a variable makes its bytes the session's selected bytes (the Lanes and Aliases views,
 * also in the toolbar, follow them); opening one (double-click) shows it in the Space Memory view.
 */
public final class MemoryPoolsView extends SessionView {

    /** The columns, the sizes before the spaces so that a narrow view still shows them. */
    public static final String[] COLUMNS = {"Context / pool", "Addresses spanned", "Allocated", "Holding data", "Spaces"};
    public static final int SPANNED = 1;
    public static final int ALLOCATED = 2;
    public static final int HOLDING_DATA = 3;
    public static final int SPACES = 4;

    private Label status;
    private TreeViewer viewer;
    /** What the pools of the shown state hold, measured off the UI thread; null until measured. */
    private volatile Measured measured;
    private volatile String measureError;
    private LatestReads reads;
    private SaveSnapshotAction saveSnapshot;

    @Override
    protected void createContents(Composite parent) {
        Composite area = new Composite(parent, SWT.NONE);
        area.setLayout(new GridLayout(1, false));
        status = new Label(area, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        viewer = new TreeViewer(area, SWT.FULL_SELECTION | SWT.BORDER);
        Tree tree = viewer.getTree();
        tree.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        int[] widths = {260, 130, 90, 100, 160};
        TextColumns.add(viewer, COLUMNS, widths, this::columnText);
        reads = new LatestReads(tree).asSystemJobs();
        saveSnapshot = new SaveSnapshotAction(parent.getShell(), this::setContentDescription);
        getViewSite().getActionBars().getToolBarManager().add(saveSnapshot);
        getViewSite().getActionBars().getToolBarManager().add(
                ShowSelectedBytesAction.lanes(getSite().getPage(), this::selectedBytes, status::setText));
        getViewSite().getActionBars().getToolBarManager().add(
                ShowSelectedBytesAction.aliases(getSite().getPage(), this::selectedBytes, status::setText));
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return input instanceof MemoryState state && state.getDevice() != null ? new Object[] {state.getDevice()}
                        : new Object[0];
            }

            @Override
            public Object[] getChildren(Object element) {
                if (element instanceof Context context) {
                    List<Object> children = new ArrayList<>(context.getPools());
                    children.addAll(context.getChildren());
                    return children.toArray();
                }
                if (element instanceof Pool pool) {
                    return variablesIn(pool).toArray();
                }
                return new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                if (element instanceof Variable v) {
                    Measured m = measured;
                    return m == null ? null : m.poolOf().get(v);
                }
                return element instanceof Pool pool ? pool.getOwner() : ((Context) element).getParent();
            }

            @Override
            public boolean hasChildren(Object element) {
                if (element instanceof Pool pool) {
                    return !variablesIn(pool).isEmpty();
                }
                return element instanceof Context context && (!context.getPools().isEmpty() || !context.getChildren().isEmpty());
            }
        });
        viewer.addSelectionChangedListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof Context context && context.getScope() == Scope.LANE) {
                session().focus(context);
            }
            SelectedBytes bytes = bytesOf(first);
            if (bytes != null) {
                session().select(bytes);
            }
        });
        viewer.addDoubleClickListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            Measured m = measured;
            if (first instanceof Pool pool) {
                open(pool);
            } else if (first instanceof Variable v && m != null && m.poolOf().get(v) != null) {
                open(m.poolOf().get(v).getOwner(), v);
            }
        });
        getSite().setSelectionProvider(viewer);
    }

    String columnText(Object element, int column) {
        if (element instanceof Context context) {
            return column == 0 ? Contexts.describeOne(context) : "";
        }
        if (element instanceof Variable v) {
            return switch (column) {
                case 0 -> v.getName() + " at 0x" + Long.toHexString(v.getOffset())
                        + (v.getDeclFile() == null ? "" : " (" + v.getDeclFile() + ":" + v.getDeclLine() + ")");
                case SPACES -> v.getSpace().getName() + (v.getTypeName() == null ? "" : " \u00b7 " + v.getTypeName());
                case ALLOCATED -> GpumemLabels.size(v.getByteSize());
                default -> "";
            };
        }
        Pool pool = (Pool) element;
        Measured m = measured;
        return switch (column) {
            case 0 -> pool.getStorage().getName() + " pool";
            case SPACES -> PoolSpaces.direct(pool).stream().map(AddressSpace::getName).collect(Collectors.joining(", "));
            // the addresses the pool's window spans, not bytes allocated: those are the next column
            case SPANNED -> GpumemLabels.size(pool.getSize());
            case ALLOCATED -> m != null ? (variablesIn(pool).isEmpty() ? "" : GpumemLabels.size(m.allocated().getOrDefault(pool, 0L)))
                    : measureError != null ? "" : "\u2026";
            case HOLDING_DATA -> m != null ? GpumemLabels.size(m.inUse().getOrDefault(pool, 0L)) : measureError != null ? measureError
                    : "\u2026";
            default -> "";
        };
    }

    /** The variables that lie in {@code pool}, once measured (none before). */
    private List<Variable> variablesIn(Pool pool) {
        Measured m = measured;
        return m == null ? List.of() : m.variables().getOrDefault(pool, List.of());
    }

    /** The bytes of a selected pool (its start, through the space that opens it) or variable, or null. */
    private SelectedBytes bytesOf(Object element) {
        Measured m = measured;
        if (element instanceof Pool pool) {
            AddressSpace space = PoolSpaces.opening(pool);
            return space == null ? null : new SelectedBytes(pool.getOwner(), space, 0, 1);
        }
        if (element instanceof Variable v && m != null && m.poolOf().get(v) != null && v.getSpace() != null) {
            return new SelectedBytes(m.poolOf().get(v).getOwner(), v.getSpace(), v.getOffset(),
                    (int) Math.max(1, Math.min(v.getByteSize(), Integer.MAX_VALUE)));
        }
        return null;
    }

    /** The bytes of the row selected, or null. */
    private SelectedBytes selectedBytes() {
        return bytesOf(((IStructuredSelection) viewer.getSelection()).getFirstElement());
    }

    /** Shows the pool in the Space Memory view through the space that sees it as stored. */
    public void open(Pool pool) {
        AddressSpace space = PoolSpaces.opening(pool);
        if (space == null) {
            status.setText("No address space reaches " + Contexts.describe(pool) + " directly");
            return;
        }
        try {
            SpaceMemoryView view = (SpaceMemoryView) getSite().getPage().showView(GpuMemoryViews.SPACE_MEMORY);
            view.show(pool.getOwner(), space, 0);
        } catch (PartInitException e) {
            status.setText("Cannot open the Space Memory view: " + e.getMessage());
        }
    }

    /** Shows {@code variable} in the Space Memory view, from {@code context}, at its offset in its space. */
    public void open(Context context, Variable variable) {
        try {
            SpaceMemoryView view = (SpaceMemoryView) getSite().getPage().showView(GpuMemoryViews.SPACE_MEMORY);
            view.show(context, variable.getSpace(), variable.getOffset());
        } catch (PartInitException e) {
            status.setText("Cannot open the Space Memory view: " + e.getMessage());
        }
    }

    /** The line above the tree: what is shown, or why nothing is. */
    public String statusText() {
        return status.getText();
    }

    /** Whether the shown state's pools have been measured (or could not be). */
    public boolean measured() {
        return measured != null || measureError != null;
    }

    public TreeViewer viewer() {
        return viewer;
    }

    @Override
    public void refresh(Runnable done) {
        if (viewer.getControl().isDisposed()) {
            done.run();
            return;
        }
        MemoryState state = session().state();
        saveSnapshot.update();
        if (state == null) {
            status.setText(session().emptyText());
        } else {
            Context focus = session().focus();
            status.setText((session().readOnly() ? "Snapshot (read-only): " : "") + state.getName()
                    + (state.getProgram() == null || state.getProgram().isEmpty() ? "" : " \u00b7 " + state.getProgram())
                    + (focus == null || session().readOnly() ? "" : " \u2014 focus: " + Contexts.describe(focus)));
        }
        if (viewer.getInput() != state) {
            measured = null;
            measureError = null;
            viewer.setInput(state);
            viewer.expandToLevel(3);
        } else {
            viewer.refresh(true);
        }
        if (state == null) {
            reads.cancel();
            done.run();
            return;
        }
        reads.start("Measuring memory pools", monitor -> Measured.of(state), (result, error) -> {
            measured = result;
            measureError = error;
            viewer.refresh(true);
            TextColumns.fitToText(viewer.getTree(), 0, 1, 2, 3, 4);
            done.run();
        }, dropped -> done.run());
    }

    /**
     * What the pools of a state hold: the variables that lie in each (by offset), the pool of each
     * variable, the bytes the variables take and the bytes holding data (reads of the pools'
     * sources), all worked out off the UI thread.
     */
    private record Measured(Map<Pool, List<Variable>> variables, Map<Variable, Pool> poolOf, Map<Pool, Long> allocated,
            Map<Pool, Long> inUse) {

        static Measured of(MemoryState state) {
            Map<Pool, List<Variable>> variables = new HashMap<>();
            Map<Variable, Pool> poolOf = new HashMap<>();
            Map<Pool, Long> allocated = new HashMap<>();
            Map<Pool, Long> inUse = new HashMap<>();
            for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
                if (it.next() instanceof Pool pool) {
                    List<Variable> in = PoolSpaces.variables(pool);
                    variables.put(pool, in);
                    long bytes = 0;
                    for (Variable v : in) {
                        poolOf.put(v, pool);
                        bytes += Math.max(0, v.getByteSize());
                    }
                    allocated.put(pool, bytes);
                    inUse.put(pool, PoolSpaces.inUse(pool));
                }
            }
            return new Measured(variables, poolOf, allocated, inUse);
        }
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
