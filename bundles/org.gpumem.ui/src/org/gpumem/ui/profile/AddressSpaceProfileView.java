package org.gpumem.ui.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.contexts.DebugContextEvent;
import org.eclipse.debug.ui.contexts.IDebugContextListener;
import org.eclipse.debug.ui.contexts.IDebugContextService;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.HostProgramProcess;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelSourceLocator;
import org.gpumem.ui.internal.LatestReads;
import org.gpumem.ui.source.KernelSourceEditor;

/**
 * Address-Space Profile: per source line, how many generic accesses resolved to each space and
 * how many cvta conversions ran; a line whose generic accesses always land in one space could
 * have used that space directly. It follows the kernel launches of the IDE: the profile of the
 * launch that last stopped, ended or was selected in the Debug view, taken at each suspend and
 * at the kernel's end (events in a burst are one read, in a job). A launch file can also be
 * profiled on its own (toolbar): it runs as a kernel launch in run mode, like every other run,
 * with its console, progress and Terminate, and the view follows it. Columns sort on click;
 * double-click opens the source line in the workspace's editor.
 */
public final class AddressSpaceProfileView extends ViewPart implements IDebugEventSetListener {

    public static final String ID = org.gpumem.ui.GpuMemoryViews.ADDRESS_SPACE_PROFILE;

    private Label status;
    private TableViewer viewer;
    private volatile List<ProfileRow> rows = List.of();
    private volatile boolean running;
    /** Finds the sources the rows name (the followed launch's). */
    private KernelSourceLocator sources;
    private LatestReads reads;
    private int sortColumn = 1;
    /** The launch followed, or null (nothing yet). UI thread. */
    private ProfiledLaunch followed;
    /** The launch of the latest event, to be read at the next refresh; guarded by {@code this}. */
    private ProfiledLaunch pending;
    private final IDebugContextListener debugContextListener = this::debugContextChanged;
    /** The view's display, for debug events that come on other threads. */
    private Display display;

    @Override
    public void createPartControl(Composite parent) {
        display = parent.getDisplay();
        Composite area = new Composite(parent, SWT.NONE);
        area.setLayout(new GridLayout(1, false));
        status = new Label(area, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Run or debug a kernel to see where its generic accesses go, per source line"
                + " (or profile a launch file from the toolbar).");
        reads = new LatestReads(status).asSystemJobs();
        viewer = new TableViewer(area, SWT.FULL_SELECTION | SWT.BORDER);
        Table table = viewer.getTable();
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (int i = 0; i < ProfileRow.COLUMNS.length; i++) {
            int column = i;
            TableViewerColumn c = new TableViewerColumn(viewer, i == 0 ? SWT.LEFT : SWT.RIGHT);
            c.getColumn().setText(ProfileRow.COLUMNS[i]);
            c.getColumn().setWidth(i == 0 ? 380 : 100);
            c.setLabelProvider(new ColumnLabelProvider() {
                @Override
                public String getText(Object element) {
                    return ((ProfileRow) element).text(column);
                }
            });
            c.getColumn().addListener(SWT.Selection, e -> sortBy(column));
        }
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setComparator(new ViewerComparator() {
            @Override
            public int compare(Viewer v, Object a, Object b) {
                return ProfileRow.order(sortColumn).compare((ProfileRow) a, (ProfileRow) b);
            }
        });
        viewer.addDoubleClickListener(e -> {
            Object first = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof ProfileRow row) {
                openSource(row);
            }
        });
        Action profile = new Action("Profile a launch file\u2026") {
            @Override
            public void run() {
                FileDialog dialog = new FileDialog(getSite().getShell(), SWT.OPEN);
                dialog.setFilterExtensions(new String[] {"*.json"});
                String chosen = dialog.open();
                if (chosen != null) {
                    profile(Path.of(chosen));
                }
            }
        };
        getViewSite().getActionBars().getToolBarManager().add(profile);
        getSite().setSelectionProvider(viewer);
        DebugPlugin.getDefault().addDebugEventListener(this);
        debugContexts().addDebugContextListener(debugContextListener);
        follow(debugContexts().getActiveContext());
    }

    private IDebugContextService debugContexts() {
        return DebugUITools.getDebugContextManager().getContextService(getSite().getWorkbenchWindow());
    }

    /** Sorts by a column (0: source line; others: that count, largest first). */
    public void sortBy(int column) {
        sortColumn = column;
        viewer.getTable().setSortColumn(viewer.getTable().getColumn(column));
        viewer.getTable().setSortDirection(column == 0 ? SWT.UP : SWT.DOWN);
        viewer.refresh();
    }

    public TableViewer viewer() {
        return viewer;
    }

    public List<ProfileRow> rows() {
        return rows;
    }

    /** Whether a read of the followed launch's profile is in progress. */
    public boolean running() {
        return running;
    }

    /** The debug target or process whose profile is shown (or being read), or null. */
    public Object following() {
        ProfiledLaunch f = followed;
        return f == null ? null : f.owner();
    }

    public String statusText() {
        return status.getText();
    }

    // ------------------------------------------------------------------ following the IDE's launches

    /** Debug events, on any thread: the latest gpumem launch that stopped, ended or started is read once per burst. */
    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        ProfiledLaunch latest = null;
        for (DebugEvent event : events) {
            int kind = event.getKind();
            // a CUDA program in run mode says CHANGE when one of its launches ended
            if (kind == DebugEvent.SUSPEND || kind == DebugEvent.TERMINATE || kind == DebugEvent.CREATE
                    || kind == DebugEvent.CHANGE && event.getSource() instanceof HostProgramProcess) {
                ProfiledLaunch launch = ProfiledLaunch.of(event.getSource());
                latest = launch != null ? launch : latest;
            }
        }
        if (latest != null) {
            request(latest);
        }
    }

    private void debugContextChanged(DebugContextEvent event) {
        if ((event.getFlags() & DebugContextEvent.ACTIVATED) != 0) {
            follow(event.getContext());
        }
    }

    /** Follows the launch of a debug context the user selected, if it is a gpumem kernel's. */
    private void follow(ISelection context) {
        if (context instanceof IStructuredSelection s && !s.isEmpty()) {
            ProfiledLaunch launch = ProfiledLaunch.of(s.getFirstElement());
            if (launch != null && !launch.equals(followed)) {
                request(launch);
            }
        }
    }

    /** Reads {@code launch}'s profile at the next refresh; requests until then are merged into one. */
    private void request(ProfiledLaunch launch) {
        boolean schedule;
        synchronized (this) {
            schedule = pending == null;
            pending = launch;
        }
        if (schedule && !display.isDisposed()) {
            display.asyncExec(this::refreshFollowed);
        }
    }

    private void refreshFollowed() {
        ProfiledLaunch launch;
        synchronized (this) {
            launch = pending;
            pending = null;
        }
        if (launch == null || viewer.getControl().isDisposed()) {
            return;
        }
        boolean other = !launch.equals(followed);
        followed = launch;
        if (other) {
            sources = launch.sources();
            rows = List.of();
            viewer.setInput(rows);
        }
        running = true;
        reads.start("Reading the address-space profile", monitor -> readProfile(launch), (reading, error) -> {
            if (reading != null && reading.rows() != null) {
                rows = List.copyOf(reading.rows());
                viewer.setInput(rows);
            }
            status.setText(reading != null ? reading.message() : "Cannot read the profile: " + error);
            running = false;
        }, null);
    }

    private static ProfiledLaunch.Reading readProfile(ProfiledLaunch launch) throws IOException {
        try {
            return launch.read();
        } catch (DebugException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ a launch file of its own

    /**
     * Runs the launch described by {@code launchFile} as a kernel launch in run mode (a launch
     * configuration of its own, not saved): it appears in the Debug view with its console and can
     * be terminated; the view follows it and shows its profile at its end, as for any run.
     */
    public void profile(Path launchFile) {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        try {
            ILaunchConfigurationWorkingCopy wc = manager.getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID)
                    .newInstance(null, manager.generateLaunchConfigurationName(PROFILE_PREFIX + launchFile.getFileName()));
            KernelLaunchAttributes.useLaunchFile(wc, launchFile.toAbsolutePath().toString());
            status.setText("Running " + launchFile + " with the address-space profile \u2026");
            DebugUITools.launch(wc, ILaunchManager.RUN_MODE);
        } catch (CoreException e) {
            status.setText("Cannot profile " + launchFile + ": " + e.getStatus().getMessage());
        }
    }

    /** How the launches of {@link #profile} are named. */
    public static final String PROFILE_PREFIX = "Profile of ";

    /** The launch whose profile is shown (or being read), or null. */
    public ILaunch followedLaunch() {
        ProfiledLaunch f = followed;
        return f == null ? null : f.launch();
    }

    // ------------------------------------------------------------------ sources

    /**
     * Opens the row's source file in an editor with its line selected. The launch's source
     * locator finds it: the workspace file at the path the debug info names or else beside the
     * module (a project holding the kernel's sources and PTX, built elsewhere), which opens in
     * the workspace's editor, not as a second, external editor of the same file.
     */
    public IEditorPart openSource(ProfileRow row) {
        Path recorded = Path.of(row.file());
        Object found = null;
        if (sources != null) {
            // a line without .loc is counted on the line of the PTX module (a CUDA program's PTX is no file)
            boolean ptxFile = sources.module().toString().endsWith(".ptx");
            found = sources.find(row.ptxLine() && ptxFile ? sources.module() : recorded, !row.ptxLine());
        }
        try {
            IEditorPart editor = KernelSourceEditor.openAt(getSite().getPage(), found, row.line());
            if (editor != null) {
                return editor;
            }
        } catch (PartInitException | BadLocationException e) {
            status.setText("Cannot open " + recorded + " at line " + row.line() + ": " + e.getMessage());
            return null;
        }
        status.setText("Source file " + recorded + " is not on this machine");
        return null;
    }

    @Override
    public void dispose() {
        DebugPlugin.getDefault().removeDebugEventListener(this);
        debugContexts().removeDebugContextListener(debugContextListener);
        super.dispose();
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
