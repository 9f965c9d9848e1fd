package org.gpumem.ui.views;

import java.util.List;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.debug.launch.CheckedRun;
import org.gpumem.sim.check.Findings;
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.internal.TextColumns;
import org.gpumem.ui.source.KernelSourceEditor;

/**
 * Memory Checks: the findings of the last launch that ran with memory checks, as a tree by
 * kernel, class (racecheck RAW/WAR/WAW, initcheck, synccheck, memcheck, leakcheck) and address
 * space; each finding shows its thread, address, variable, count and source line, and a race's
 * (or divergent barrier's) two accesses are its children. A double-click opens the row's line in
 * the Kernel Source Editor. It follows the launches: when a checked launch's process terminates
 * (its report is made by then) the tree is rebuilt in a job, a later end superseding an earlier
 * one, and shown on the UI thread.
 */
public final class MemoryChecksView extends ViewPart implements IDebugEventSetListener {

    /** What the view says before any checked launch ended. */
    public static final String HINT = "Findings of the last launch with memory checks (Main tab: Memory checks) appear here.";

    private static final String[] COLUMNS = { "Finding", "Thread", "Address", "Variable", "Count", "Source" };

    private TreeViewer viewer;
    private Display display;
    private LatestReads reads;
    /** The run whose findings are shown (or being read), or null. */
    private volatile CheckedRun shown;
    private volatile List<MemoryCheckNode> roots = List.of();

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.FULL_SELECTION | SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return ((List<?>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object element) {
                return ((MemoryCheckNode) element).children().toArray();
            }

            @Override
            public Object getParent(Object element) {
                return null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return !((MemoryCheckNode) element).children().isEmpty();
            }
        });
        TextColumns.add(viewer, COLUMNS, new int[] { 320, 230, 170, 120, 60, 140 }, MemoryChecksView::columnText);
        viewer.addDoubleClickListener(e -> {
            if (((IStructuredSelection) e.getSelection()).getFirstElement() instanceof MemoryCheckNode node) {
                open(node);
            }
        });
        viewer.setInput(List.of());
        display = parent.getDisplay();
        reads = new LatestReads(viewer.getControl()).asSystemJobs();
        setContentDescription(HINT);
        DebugPlugin.getDefault().addDebugEventListener(this);
        CheckedRun last = lastCheckedRun();
        if (last != null) {
            show(last);
        }
    }

    private static String columnText(Object element, int column) {
        MemoryCheckNode n = (MemoryCheckNode) element;
        return switch (column) {
            case 0 -> n.label();
            case 1 -> n.context();
            case 2 -> n.address();
            case 3 -> n.variable();
            case 4 -> n.count();
            default -> n.where();
        };
    }

    /** The checks of the newest terminated process among the launches, or null. */
    private static CheckedRun lastCheckedRun() {
        CheckedRun last = null;
        for (ILaunch launch : DebugPlugin.getDefault().getLaunchManager().getLaunches()) {
            for (IProcess p : launch.getProcesses()) {
                CheckedRun run = p.getAdapter(CheckedRun.class);
                if (run != null && p.isTerminated()) {
                    last = run;
                }
            }
        }
        return last;
    }

    /** A checked launch's process terminated (any thread): its findings are shown. */
    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        CheckedRun ended = null;
        for (DebugEvent e : events) {
            if (e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof IProcess p) {
                CheckedRun run = p.getAdapter(CheckedRun.class);
                ended = run != null ? run : ended;
            }
        }
        if (ended == null || display.isDisposed()) {
            return;
        }
        CheckedRun run = ended;
        display.asyncExec(() -> {
            if (!viewer.getControl().isDisposed()) {
                show(run);
            }
        });
    }

    /** The rows of a run and its summary line, read off the UI thread. */
    private record Rows(List<MemoryCheckNode> tree, String summary) {
    }

    /** Reads {@code run}'s findings into rows in a job and shows them (UI thread). */
    private void show(CheckedRun run) {
        shown = run;
        reads.start("Memory checks of " + run.configuration(),
                monitor -> new Rows(MemoryCheckNode.tree(run), Findings.summary(run.findings())), (rows, error) -> {
                    if (error != null) {
                        roots = List.of();
                        viewer.setInput(roots);
                        setContentDescription(run.configuration() + ": " + error);
                        return;
                    }
                    roots = rows.tree();
                    viewer.setInput(rows.tree());
                    viewer.expandAll();
                    setContentDescription(run.configuration() + ": " + rows.summary());
                }, null);
    }

    /** The run whose findings are shown (or being read), or null. */
    public CheckedRun shown() {
        return shown;
    }

    /** The top rows shown (kernels). */
    public List<MemoryCheckNode> roots() {
        return roots;
    }

    public TreeViewer viewer() {
        return viewer;
    }

    /**
     * Opens {@code node}'s source line in the Kernel Source Editor; null (and the view says why)
     * when it has none or the file is not on this machine.
     */
    public IEditorPart open(MemoryCheckNode node) {
        if (node.line() <= 0) {
            setContentDescription("No source line for " + node.label());
            return null;
        }
        try {
            IEditorPart editor = KernelSourceEditor.openAt(getSite().getPage(), node.file(), node.line());
            if (editor == null) {
                setContentDescription("Source file of " + node.where() + " is not on this machine");
            }
            return editor;
        } catch (PartInitException | BadLocationException e) {
            setContentDescription("Cannot open " + node.where() + ": " + e.getMessage());
            return null;
        }
    }

    @Override
    public void dispose() {
        DebugPlugin.getDefault().removeDebugEventListener(this);
        reads.cancel();
        super.dispose();
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
