package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.emf.ecore.EObject;
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
import org.gpumem.ui.snapshot.SaveSnapshotAction;

/**
 * Memory Pools: device -> launch -> work-groups (CTAs) -> subgroups (warps) -> lanes, each with
 * its pools (space, size, bytes in use), under each pool the state's variables that lie in it
 * (a CUDA program's allocations with the host call that made them, its {@code __device__}
 * variables, a launch file's buffers). Selecting a lane focuses the other views on it; opening
 * a pool or a variable (double-click) shows it in the Space Memory view, a variable at its offset.
 */
public final class MemoryPoolsView extends SessionView {

    public static final String[] COLUMNS = {"Context / pool", "Spaces", "Size", "In use"};

    private Label status;
    private TreeViewer viewer;
    /** Bytes in use per pool of the shown state, measured off the UI thread. */
    private volatile Map<Pool, Long> inUse = Map.of();
    private volatile String inUseError;
    private LatestReads reads;
    /** The pool each shown variable lies in (the tree's parent of its row). */
    private final Map<Variable, Pool> poolOf = new HashMap<>();
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
        int[] widths = {260, 200, 80, 80};
        TextColumns.add(viewer, COLUMNS, widths, this::columnText);
        reads = new LatestReads(tree).asSystemJobs();
        saveSnapshot = new SaveSnapshotAction(parent.getShell(), this::setContentDescription);
        getViewSite().getActionBars().getToolBarManager().add(saveSnapshot);
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
                    List<Variable> variables = PoolSpaces.variables(pool);
                    variables.forEach(v -> poolOf.put(v, pool));
                    return variables.toArray();
                }
                return new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                if (element instanceof Variable v) {
                    return poolOf.get(v);
                }
                return element instanceof Pool pool ? pool.getOwner() : ((Context) element).getParent();
            }

            @Override
            public boolean hasChildren(Object element) {
                if (element instanceof Pool pool) {
                    return !PoolSpaces.variables(pool).isEmpty();
                }
                return element instanceof Context context && (!context.getPools().isEmpty() || !context.getChildren().isEmpty());
            }
        });
        viewer.addSelectionChangedListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof Context context && context.getScope() == Scope.LANE) {
                session().focus(context);
            }
        });
        viewer.addDoubleClickListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof Pool pool) {
                open(pool);
            } else if (first instanceof Variable v && poolOf.get(v) != null) {
                open(poolOf.get(v).getOwner(), v);
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
                case 1 -> v.getSpace().getName() + (v.getTypeName() == null ? "" : " \u00b7 " + v.getTypeName());
                case 2 -> GpumemLabels.size(v.getByteSize());
                default -> "";
            };
        }
        Pool pool = (Pool) element;
        return switch (column) {
            case 0 -> pool.getStorage().getName() + " pool";
            case 1 -> PoolSpaces.direct(pool).stream().map(AddressSpace::getName).collect(Collectors.joining(", "));
            case 2 -> GpumemLabels.size(pool.getSize());
            case 3 -> inUse.containsKey(pool) ? GpumemLabels.size(inUse.get(pool))
                    : inUseError != null ? inUseError : "\u2026";
            default -> "";
        };
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

    /** Whether the bytes in use of the shown state's pools have been measured (or could not be). */
    public boolean measured() {
        return !inUse.isEmpty() || inUseError != null;
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
            status.setText((session().readOnly() ? "Snapshot (read-only): " : "") + state.getName()
                    + (state.getProgram() == null || state.getProgram().isEmpty() ? "" : " \u00b7 " + state.getProgram()));
        }
        if (viewer.getInput() != state) {
            inUse = Map.of();
            inUseError = null;
            poolOf.clear();
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
        reads.start("Measuring memory pools", monitor -> measure(state), (measured, error) -> {
            inUse = measured == null ? Map.of() : measured;
            inUseError = error;
            viewer.refresh(true);
            TextColumns.fitToText(viewer.getTree(), 0, 1, 2, 3);
            done.run();
        }, dropped -> done.run());
    }


    /** Bytes in use of every pool of {@code state} (reads of the pools' sources). */
    private static Map<Pool, Long> measure(MemoryState state) {
        Map<Pool, Long> measured = new HashMap<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                measured.put(pool, PoolSpaces.inUse(pool));
            }
        }
        return measured;
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
