package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.PartInitException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.memory.Hex;

/**
 * Variable Locations: the variables of the current frame (a gpumem stack frame whose variables
 * adapt to {@link Location}) or of the session's state, each with the context its space binds to,
 * the space, offset, size and value. Double-click opens the Space Memory view at the variable.
 */
public final class VariableLocationsView extends SessionView {

    public static final String[] COLUMNS = {"Name", "Type", "Context", "Space", "Offset", "Size", "Value"};
    /** Bytes of a value shown in hex. */
    private static final int VALUE_BYTES = 16;

    /** One row: a variable where it lives, read when the row was made. */
    public record Row(String name, String type, Context context, AddressSpace space, long offset, long size, String value) {
    }

    private TableViewer viewer;
    private volatile List<Row> rows = List.of();
    private Job job;

    @Override
    protected void createContents(Composite parent) {
        viewer = new TableViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        int[] widths = {120, 100, 200, 80, 160, 60, 300};
        for (int i = 0; i < COLUMNS.length; i++) {
            int column = i;
            TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
            c.getColumn().setText(COLUMNS[i]);
            c.getColumn().setWidth(widths[i]);
            c.setLabelProvider(new ColumnLabelProvider() {
                @Override
                public String getText(Object element) {
                    return columnText((Row) element, column);
                }
            });
        }
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.addDoubleClickListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof Row row) {
                open(row);
            }
        });
        getSite().setSelectionProvider(viewer);
    }

    static String columnText(Row row, int column) {
        return switch (column) {
            case 0 -> row.name();
            case 1 -> row.type();
            case 2 -> Contexts.describe(row.context());
            case 3 -> row.space().getName();
            case 4 -> AddressSpaces.formatOffset(row.space(), row.offset());
            case 5 -> Long.toString(row.size());
            case 6 -> row.value();
            default -> "";
        };
    }

    public TableViewer viewer() {
        return viewer;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Opens the Space Memory view on the row's space, seen from its context, at its offset. */
    public void open(Row row) {
        try {
            SpaceMemoryView view = (SpaceMemoryView) getSite().getPage().showView(GpuMemoryViews.SPACE_MEMORY);
            view.show(row.context(), row.space(), row.offset());
            view.table().select(row.offset(), (int) Math.max(1, Math.min(row.size(), 256)));
        } catch (PartInitException e) {
            setContentDescription("Cannot open the Space Memory view: " + e.getMessage());
        }
    }

    @Override
    public void refresh(Runnable done) {
        if (viewer.getControl().isDisposed()) {
            done.run();
            return;
        }
        IStackFrame frame = Adapters.adapt(DebugUITools.getDebugContext(), IStackFrame.class);
        MemoryState state = session().state();
        Context focus = session().focus();
        if (job != null) {
            job.cancel();
        }
        job = new Job("Reading variable locations") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                List<Row> found = frame != null ? frameRows(frame) : new ArrayList<>();
                if (found.isEmpty() && state != null && focus != null) {
                    found = stateRows(state, focus);
                }
                List<Row> result = found;
                viewer.getControl().getDisplay().asyncExec(() -> {
                    if (!viewer.getControl().isDisposed()) {
                        rows = result;
                        viewer.setInput(result);
                        setContentDescription(focus == null ? "No kernel suspended" : Contexts.describe(focus));
                    }
                    done.run();
                });
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
    }

    /** The state's variables (module-scope and those the launch recorded) seen from {@code focus}. */
    static List<Row> stateRows(MemoryState state, Context focus) {
        List<Row> rows = new ArrayList<>();
        for (Variable v : state.getVariables()) {
            if (v.getSpace() != null) {
                rows.add(row(v.getName(), v.getTypeName(), focus, v.getSpace(), v.getOffset(), v.getByteSize()));
            }
        }
        return rows;
    }

    private static List<Row> frameRows(IStackFrame frame) {
        List<Row> rows = new ArrayList<>();
        try {
            for (IVariable variable : frame.getVariables()) {
                Location location = Adapters.adapt(variable, Location.class);
                if (location == null || location.getSpace() == null) {
                    continue;
                }
                Variable declared = Adapters.adapt(variable, Variable.class);
                long size = declared != null && declared.getByteSize() > 0 ? declared.getByteSize() : VALUE_BYTES;
                Row read = row(variable.getName(), variable.getReferenceTypeName(), location.getContext(), location.getSpace(),
                        location.getOffset(), size);
                rows.add(new Row(read.name(), read.type(), read.context(), read.space(), read.offset(), read.size(),
                        variable.getValue().getValueString()));
            }
        } catch (DebugException e) {
            return rows;
        }
        return rows;
    }

    private static Row row(String name, String type, Context focus, AddressSpace space, long offset, long size) {
        Context binding = binding(focus, space);
        String value;
        try {
            int n = (int) Math.min(VALUE_BYTES, Math.max(0, size));
            byte[] bytes = new byte[n];
            AddressResolver.read(focus, space, offset, bytes, 0, n);
            value = Hex.bytes(bytes, 0, n, " ") + (size > VALUE_BYTES ? " \u2026" : "");
        } catch (RuntimeException e) {
            value = "<" + e.getMessage() + ">";
        }
        return new Row(name, type == null ? "" : type, binding, space, offset, size, value);
    }

    /** The context a space binds to when seen from {@code focus}: the lane for local, the CTA for shared, ... */
    static Context binding(Context focus, AddressSpace space) {
        Scope scope = space.getScope() == Scope.SYSTEM ? Scope.DEVICE : space.getScope();
        Context c = Contexts.ancestor(focus, scope);
        return c == null ? focus : c;
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
