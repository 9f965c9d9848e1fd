package org.gpumem.ui.views;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IMemoryBlockRetrievalExtension;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.PartInitException;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.internal.Problems;
import org.gpumem.ui.internal.TextColumns;
import org.gpumem.ui.memory.Hex;
import org.gpumem.ui.renderings.MemoryViewMonitors;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;

/**
 * Variable Locations: the variables of the current gpumem stack frame that live in memory, or
 * those of the session's state (a snapshot, whose own variables are listed even while a debug
 * frame is selected), each with the context its space binds to, the space, offset, size and
 * value. Selecting a row makes its bytes the session's selected bytes (the Lanes and Aliases
 * views, also in the toolbar, follow them); double-click opens the Space Memory view at the
 * variable.
 */
public final class VariableLocationsView extends SessionView {

    /** The columns, where a variable is and what it holds first, so that a narrow view still shows them. */
    public static final String[] COLUMNS = {"Name", "Space", "Offset", "Size", "Value", "Type", "Context"};
    public static final int VALUE = 4;
    public static final int CONTEXT = 6;
    /** The Space column of variables that live in a register, whose Offset column names it. */
    public static final String REGISTER = "register";
    /** Bytes of a value shown in hex. */
    private static final int VALUE_BYTES = 16;

    /**
     * One row: a variable where it lives, read when the row was made. {@code context} and
     * {@code space} are set for variables of a model state (snapshots, the session); {@code
     * debugVariable} for a variable of a gpumem debug target's stack frame.
     */
    public record Row(String name, String type, String contextLabel, String spaceName, String offsetText, long offset,
            long size, String value, Context context, AddressSpace space, KernelVariable debugVariable) {
    }

    private TableViewer viewer;
    private volatile List<Row> rows = List.of();
    /** Reads of the rows: a refresh supersedes the one before, whose rows are never shown. */
    private LatestReads reads;

    @Override
    protected void createContents(Composite parent) {
        viewer = new TableViewer(parent, SWT.FULL_SELECTION | SWT.BORDER);
        reads = new LatestReads(viewer.getControl()).asSystemJobs();
        int[] widths = {110, 70, 120, 50, 260, 100, 180};
        TextColumns.add(viewer, COLUMNS, widths, (element, column) -> columnText((Row) element, column));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.addDoubleClickListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof Row row) {
                open(row);
            }
        });
        viewer.addSelectionChangedListener(e -> {
            SelectedBytes bytes = bytesOf(((IStructuredSelection) e.getSelection()).getFirstElement());
            if (bytes != null) {
                session().select(bytes);
            }
        });
        getSite().setSelectionProvider(viewer);
        getViewSite().getActionBars().getToolBarManager().add(
                ShowSelectedBytesAction.lanes(getSite().getPage(), this::selectedBytes, this::setContentDescription));
        getViewSite().getActionBars().getToolBarManager().add(
                ShowSelectedBytesAction.aliases(getSite().getPage(), this::selectedBytes, this::setContentDescription));
    }

    /**
     * The bytes of a row in the session's state: a model variable's own (context, space); a
     * debug frame's variable in the space of that name, seen from the session's focus (the
     * frame's lane, as the Debug view and the focus agree). Null for registers and rows of
     * another state.
     */
    private SelectedBytes bytesOf(Object element) {
        if (!(element instanceof Row row) || REGISTER.equals(row.spaceName()) || row.size() <= 0) {
            return null;
        }
        int length = (int) Math.min(row.size(), Integer.MAX_VALUE);
        if (row.context() != null && row.space() != null) {
            return new SelectedBytes(row.context(), row.space(), row.offset(), length);
        }
        MemoryState state = session().state();
        Context focus = session().focus();
        if (state == null || focus == null || state.getTarget() == null) {
            return null;
        }
        for (AddressSpace space : state.getTarget().getAddressSpaces()) {
            if (space.getName().equals(row.spaceName())) {
                return new SelectedBytes(binding(focus, space), space, row.offset(), length);
            }
        }
        return null;
    }

    private SelectedBytes selectedBytes() {
        return bytesOf(((IStructuredSelection) viewer.getSelection()).getFirstElement());
    }

    static String columnText(Row row, int column) {
        return switch (column) {
            case 0 -> row.name();
            case 1 -> row.spaceName();
            case 2 -> row.offsetText();
            case 3 -> Long.toString(row.size());
            case VALUE -> row.value();
            case 5 -> row.type();
            case CONTEXT -> row.contextLabel();
            default -> "";
        };
    }

    public TableViewer viewer() {
        return viewer;
    }

    public List<Row> rows() {
        return rows;
    }

    /**
     * Opens the row's bytes: a debug target's variable in the platform Memory view (a memory block
     * of its space and context, through the target's {@code [space]:[offset]} retrieval), a model
     * variable in the Space Memory view.
     */
    public void open(Row row) {
        if (row.debugVariable() != null) {
            openInMemoryView(row);
            return;
        }
        try {
            SpaceMemoryView view = (SpaceMemoryView) getSite().getPage().showView(GpuMemoryViews.SPACE_MEMORY);
            view.show(row.context(), row.space(), row.offset());
            view.table().select(row.offset(), (int) Math.max(1, Math.min(row.size(), 256)));
        } catch (PartInitException e) {
            setContentDescription("Cannot open the Space Memory view: " + e.getMessage());
        }
    }

    private void openInMemoryView(Row row) {
        KernelVariable variable = row.debugVariable();
        if (REGISTER.equals(row.spaceName())) {
            setContentDescription(row.name() + " lives in register " + row.offsetText() + ", not in an address space");
            return;
        }
        IMemoryBlockRetrievalExtension retrieval = Adapters.adapt(variable.getDebugTarget(), IMemoryBlockRetrievalExtension.class);
        if (retrieval == null) {
            setContentDescription(row.name() + ": its debug target offers no memory blocks");
            return;
        }
        try {
            // &name, not the offset: the block then knows the variable's type for its value column
            IMemoryBlockExtension block = retrieval.getExtendedMemoryBlock(row.spaceName() + ":&" + row.name(),
                    variable.frame());
            MemoryViewMonitors.show(getSite().getPage(), block);
        } catch (CoreException e) {
            setContentDescription("Cannot open " + row.name() + " in the Memory view: " + e.getMessage());
        }
    }

    @Override
    public void refresh(Runnable done) {
        if (viewer.getControl().isDisposed()) {
            done.run();
            return;
        }
        // a snapshot's own variables, not those of a debug frame still selected
        IStackFrame frame = session().readOnly() ? null : session().frame();
        MemoryState state = session().state();
        Context focus = session().focus();
        reads.start("Reading variable locations", monitor -> {
            List<Row> found = frame != null ? frameRows(frame) : new ArrayList<>();
            if (found.isEmpty() && state != null && focus != null) {
                found = stateRows(state, focus, monitor);
            }
            return found;
        }, (result, error) -> {
            rows = result == null ? List.of() : result;
            viewer.setInput(rows);
            TextColumns.fitToText(viewer.getTable(), 0, 1, 2, 3, 4);
            setContentDescription(error != null ? "Cannot read the variables: " + error
                    : focus == null ? session().emptyText() : Contexts.describe(focus));
            done.run();
        }, superseded -> done.run());
    }

    /** The state's variables (module-scope and those the launch recorded) seen from {@code focus}. */
    static List<Row> stateRows(MemoryState state, Context focus, IProgressMonitor monitor) {
        List<Row> rows = new ArrayList<>();
        for (Variable v : state.getVariables()) {
            if (monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            if (v.getSpace() != null) {
                rows.add(row(v.getName(), v.getTypeName(), focus, v.getSpace(), v.getOffset(), v.getByteSize()));
            }
        }
        return rows;
    }

    /** The variables of a gpumem stack frame that live in memory, as the debug target read them at this stop. */
    private static List<Row> frameRows(IStackFrame frame) throws IOException {
        List<Row> rows = new ArrayList<>();
        if (!(frame instanceof PtxStackFrame ptxFrame)) {
            return rows;
        }
        try {
            for (IVariable v : ptxFrame.getVariables()) {
                if (!(v instanceof KernelVariable variable)) {
                    continue;
                }
                VariableValue.Location location = variable.memoryLocation();
                if (location == null) {
                    if (variable.variable().register() != null) {
                        rows.add(registerRow(variable));
                    }
                    continue;
                }
                byte[] bytes = variable.bytes();
                int shown = bytes == null ? 0 : Math.min(VALUE_BYTES, bytes.length);
                String value = bytes == null ? "<unreadable>"
                        : Hex.bytes(bytes, 0, shown, " ") + (bytes.length > VALUE_BYTES ? " \u2026" : "");
                AddressSpace space = AddressSpaces.require(variable.kernelTarget().engineTarget(), location.space());
                rows.add(new Row(variable.getName(), variable.getReferenceTypeName(),
                        location.lane().describe(space.getScope()), location.space(),
                        Hex.address(location.offset(), space.getAddressBits()), location.offset(),
                        bytes == null ? 0 : bytes.length, value, null, null, variable));
            }
        } catch (DebugException e) {
            // the frame's target could not list its variables (it runs again, or it ended): the view says why
            throw new IOException(e.getStatus().getMessage(), e);
        }
        return rows;
    }

    /** A variable in a PTX register of the frame's lane: the register is its location. */
    private static Row registerRow(KernelVariable variable) {
        byte[] bytes = variable.bytes();
        int shown = bytes == null ? 0 : Math.min(VALUE_BYTES, bytes.length);
        String value = bytes == null ? "<unreadable>" : Hex.bytes(bytes, 0, shown, " ");
        WarpThread warp = (WarpThread) variable.frame().getThread();
        return new Row(variable.getName(), variable.getReferenceTypeName(), warp.lane().describe(Scope.LANE), REGISTER,
                variable.variable().register(), -1, bytes == null ? 0 : bytes.length, value, null, null, variable);
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
            value = "<" + Problems.say("reading " + name, e) + ">";
        }
        return new Row(name, type == null ? "" : type, Contexts.describe(binding), space.getName(),
                AddressSpaces.formatOffset(space, offset), offset, size, value, binding, space, null);
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
