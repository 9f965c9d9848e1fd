package org.gpumem.ui.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.images.Kernel;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.gpumem.ui.internal.LatestReads;

/**
 * Address-Space Profile: runs a launch file on the simulator with profiling (in a job) and lists,
 * per source line, how many generic accesses resolved to each space and how many cvta
 * conversions ran; a line whose generic accesses always land in one space could have used that
 * space directly. Columns sort on click; double-click opens the source line in an editor.
 */
public final class AddressSpaceProfileView extends ViewPart {

    public static final String ID = org.gpumem.ui.GpuMemoryViews.ADDRESS_SPACE_PROFILE;

    private Label status;
    private TableViewer viewer;
    private volatile List<ProfileRow> rows = List.of();
    private volatile boolean running;
    private Path baseDirectory;
    private LatestReads runs;
    private int sortColumn = 1;

    @Override
    public void createPartControl(Composite parent) {
        Composite area = new Composite(parent, SWT.NONE);
        area.setLayout(new GridLayout(1, false));
        status = new Label(area, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Profile a launch file (.launch.json / .json) to see where generic accesses go, per source line.");
        runs = new LatestReads(status).asUserJobs();
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

    public boolean running() {
        return running;
    }

    /** What one profiling run found: the rows, the status line and the folder relative source paths start from. */
    private record Profile(List<ProfileRow> rows, String message, Path baseDirectory) {
    }

    /**
     * Runs the launch described by {@code launchFile} with profiling, in a job, and shows the
     * profile; a later call supersedes a run still in progress, whose profile is then not shown.
     */
    public void profile(Path launchFile) {
        running = true;
        status.setText("Running " + launchFile + " with the address-space profile \u2026");
        runs.start("Profiling " + launchFile.getFileName(), monitor -> run(launchFile), (profile, error) -> {
            rows = profile == null ? List.of() : List.copyOf(profile.rows());
            baseDirectory = profile == null ? launchFile.toAbsolutePath().getParent() : profile.baseDirectory();
            viewer.setInput(rows);
            status.setText(profile == null ? "Cannot profile " + launchFile + ": " + error : profile.message());
            running = false;
        }, null);
    }

    /** @throws org.gpumem.dwarf.io.InputFormatException when the launch file or its module is malformed */
    private static Profile run(Path launchFile) throws IOException {
        LaunchDescription description = new LaunchFileReader().read(launchFile);
        PreparedLaunch launch = PreparedLaunch.prepare(description);
        LaunchResult result = launch.run(ExecOptions.defaults().withProfile(true)).result();
        List<ProfileRow> found = new ArrayList<>();
        AddressSpaceProfile profile = result.profile();
        if (profile != null) {
            for (Map.Entry<String, AddressSpaceProfile.Counts> e : profile.sourceLines().entrySet()) {
                found.add(ProfileRow.of(e.getKey(), e.getValue()));
            }
        }
        String message = Kernel.of(launch.kernel().name()).displayName() + (result.completed() ? " completed"
                : " stopped: " + result.fault().report().lines().findFirst().orElse("fault"))
                + String.format(", %,d thread instructions; %d source lines with generic accesses", result.threadInstructions(),
                        found.size());
        return new Profile(found, message, description.module().toAbsolutePath().getParent());
    }

    /**
     * Opens the row's source file in an editor with its line selected. A workspace file is
     * preferred, at the path the debug info names or else beside the module (a project holding
     * the kernel's sources and PTX, built elsewhere): it opens in the workspace's editor, not as a
     * second, external editor of the same file.
     */
    public IEditorPart openSource(ProfileRow row) {
        Path recorded = Path.of(row.file());
        if (!recorded.isAbsolute() && baseDirectory != null) {
            recorded = baseDirectory.resolve(recorded);
        }
        List<Path> candidates = new ArrayList<>(List.of(recorded));
        if (baseDirectory != null && recorded.getFileName() != null) {
            candidates.add(baseDirectory.resolve(recorded.getFileName().toString()));
        }
        try {
            for (Path candidate : candidates) {
                IFile file = workspaceFile(candidate);
                if (file != null) {
                    return selectLine(IDE.openEditor(getSite().getPage(), file), row);
                }
            }
            for (Path candidate : candidates) {
                if (Files.isRegularFile(candidate)) {
                    return selectLine(IDE.openEditorOnFileStore(getSite().getPage(),
                            EFS.getLocalFileSystem().getStore(candidate.toUri())), row);
                }
            }
        } catch (PartInitException | BadLocationException e) {
            status.setText("Cannot open " + recorded + " at line " + row.line() + ": " + e.getMessage());
            return null;
        }
        status.setText("Source file " + recorded + " is not on this machine");
        return null;
    }

    /** The workspace file at {@code path}, or null. */
    private static IFile workspaceFile(Path path) {
        for (IFile f : ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(path.toUri())) {
            if (f.exists()) {
                return f;
            }
        }
        return null;
    }

    private static IEditorPart selectLine(IEditorPart editor, ProfileRow row) throws BadLocationException {
        if (editor instanceof ITextEditor text && row.line() > 0) {
            IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
            IRegion line = document.getLineInformation(row.line() - 1);
            text.selectAndReveal(line.getOffset(), line.getLength());
        }
        return editor;
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
