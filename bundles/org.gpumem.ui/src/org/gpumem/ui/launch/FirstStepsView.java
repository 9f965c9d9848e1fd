package org.gpumem.ui.launch;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.dialogs.IDialogSettings;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.ui.GpuMemoryViews;
import org.osgi.framework.FrameworkUtil;

/**
 * First Steps: what to do first in the GPU Memory perspective (create and debug the sample,
 * focus a thread, Memory Pools, Lanes and Aliases, a program of one's own), each step with a link
 * that does it. When the IDE was started by {@code ./gpumem ide} ({@value SampleProject#PROPERTY})
 * and the workspace has no sample project yet, showing this view creates it, opens its kernel
 * source and selects it in the Project Explorer: the first screen then shows what to debug.
 * <p>
 * The first time it shows in a workspace it also sizes the window to fit the perspective
 * ({@value #WIDTH}x{@value #HEIGHT}, or the screen's work area when that is smaller): the
 * platform opens a new workspace's window at 1024x768, where the perspective's tabs are cut to
 * single letters. A window the user has sized since stays as it is.
 */
public final class FirstStepsView extends ViewPart {

    public static final String ID = GpuMemoryViews.FIRST_STEPS;
    static final int WIDTH = 1440;
    static final int HEIGHT = 900;
    /** The dialog setting that says the window was sized once in this workspace. */
    private static final String SIZED = "windowSized";

    private Composite steps;
    private Label status;
    private final IResourceChangeListener projects = this::workspaceChanged;

    @Override
    public void createPartControl(Composite parent) {
        ScrolledComposite scroller = new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        steps = new Composite(scroller, SWT.NONE);
        steps.setLayout(new GridLayout(1, false));
        scroller.setContent(steps);
        fill();
        scroller.addListener(SWT.Resize, e -> scroller.setMinSize(steps.computeSize(scroller.getClientArea().width, SWT.DEFAULT)));
        ResourcesPlugin.getWorkspace().addResourceChangeListener(projects, IResourceChangeEvent.POST_CHANGE);
        if (Boolean.getBoolean(SampleProject.PROPERTY) && !SampleProject.project().exists()) {
            createSample();
        }
        sizeWindowOnce();
    }

    /** Sizes the window to fit the perspective, the first time only (see the class comment). */
    private void sizeWindowOnce() {
        IDialogSettings settings = PlatformUI.getDialogSettingsProvider(FrameworkUtil.getBundle(FirstStepsView.class))
                .getDialogSettings();
        if (settings.getBoolean(SIZED)) {
            return;
        }
        settings.put(SIZED, true);
        Shell shell = getSite().getShell();
        Rectangle area = shell.getMonitor().getClientArea();
        int width = Math.min(WIDTH, area.width);
        int height = Math.min(HEIGHT, area.height);
        Point size = shell.getSize();
        if (!shell.getMaximized() && (size.x < width || size.y < height)) {
            shell.setBounds(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
        }
    }

    /** The steps, as they read now (the first one depends on whether the sample project exists). */
    private void fill() {
        for (Control c : steps.getChildren()) {
            c.dispose();
        }
        Label title = new Label(steps, SWT.WRAP);
        title.setText("Debug GPU kernels on gpumem's simulator and see their memory by address space:");
        title.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        boolean sample = SampleProject.project().exists();
        step("1. " + (sample ? "The sample project " + SampleProject.PROJECT + " holds a kernel with a local array, its -G PTX and"
                + " a launch file: open <a href=\"source\">local_array.cu</a>."
                : "<a href=\"sample\">Create the sample project</a> (a kernel with a local array, its -G PTX and a launch file,"
                        + " with a breakpoint in its loop)."));
        step("2. Debug it: <a href=\"debug\">Debug \u201c" + SampleProject.CONFIGURATION + "\u201d</a> (or Debug As > GPU Kernel on"
                + " local_array.launch.json). It stops at the breakpoint in a few seconds; Step Over and Resume move all warps.");
        step("3. Focus: the Focus\u2026 button of the Debug and Variables views picks block (x,y,z) thread (x,y,z), as cuda-gdb's"
                + " \u201ccuda block thread\u201d; Variables, Memory Pools and Variable Locations follow it.");
        step("4. <a href=\"pools\">Memory Pools</a>: the device, its CTAs, warps and lanes with their pools and the program's"
                + " allocations; double-click a pool to see its bytes in <a href=\"space\">Space Memory</a>.");
        step("5. <a href=\"lanes\">Lanes</a> shows a per-lane space (CUDA local) across the lanes of a warp, <a href=\"aliases\">"
                + "Aliases</a> every address space and context that reaches the selected bytes; both follow a selection in"
                + " Space Memory, Variable Locations or Memory Pools (their toolbars open them too).");
        step("6. A program of your own: build it with nvcc -G -cudart shared, then Debug As > CUDA Application (gpumem"
                + " simulator) on the executable in the Project Explorer.");
        status = new Label(steps, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        steps.layout(true, true);
    }

    private void step(String text) {
        Link link = new Link(steps, SWT.WRAP);
        link.setText(text);
        GridData data = new GridData(SWT.FILL, SWT.TOP, true, false);
        data.widthHint = 300;
        link.setLayoutData(data);
        link.addListener(SWT.Selection, e -> follow(e.text));
    }

    /** Does what the link {@code link} (its href) of a step does, as a click on it. */
    public void follow(String link) {
        switch (link) {
            case "sample" -> createSample();
            case "source" -> showSource();
            case "debug" -> debugSample();
            case "pools" -> showView(GpuMemoryViews.MEMORY_POOLS);
            case "space" -> showView(GpuMemoryViews.SPACE_MEMORY);
            case "lanes" -> showView(GpuMemoryViews.LANES);
            case "aliases" -> showView(GpuMemoryViews.ALIASES);
            default -> throw new IllegalArgumentException("no step links to " + link);
        }
    }

    /** Creates the sample project (in a job), then opens its kernel source and selects the project. */
    private void createSample() {
        status.setText("Creating the sample project " + SampleProject.PROJECT + " \u2026");
        SampleProject.create(created -> steps.getDisplay().asyncExec(() -> {
            if (!steps.isDisposed()) {
                status.setText("");
                showSource();
            }
        }));
    }

    /** Opens the sample's kernel source and selects the sample project in the Project Explorer. */
    private void showSource() {
        IFile source = SampleProject.source();
        if (!source.exists()) {
            status.setText(SampleProject.PROJECT + " has no " + source.getName() + ": create the sample project again after"
                    + " deleting it");
            return;
        }
        IWorkbenchPage page = getSite().getPage();
        try {
            if (page.showView(IPageLayout.ID_PROJECT_EXPLORER, null, IWorkbenchPage.VIEW_VISIBLE) instanceof ISetSelectionTarget explorer) {
                explorer.selectReveal(new StructuredSelection(SampleProject.project()));
            }
            IDE.openEditor(page, source);
        } catch (PartInitException e) {
            status.setText("Cannot open " + source.getFullPath() + ": " + e.getMessage());
            Platform.getLog(FirstStepsView.class).log(e.getStatus());
        }
    }

    private void debugSample() {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        try {
            for (ILaunchConfiguration c : manager.getLaunchConfigurations()) {
                if (c.getName().equals(SampleProject.CONFIGURATION)) {
                    DebugUITools.launch(c, ILaunchManager.DEBUG_MODE);
                    return;
                }
            }
        } catch (CoreException e) {
            status.setText("Cannot list the launch configurations: " + e.getStatus().getMessage());
            Platform.getLog(FirstStepsView.class).log(e.getStatus());
            return;
        }
        status.setText("There is no launch configuration \u201c" + SampleProject.CONFIGURATION + "\u201d: create the sample project"
                + " first (step 1).");
    }

    private void showView(String id) {
        try {
            getSite().getPage().showView(id);
        } catch (PartInitException e) {
            status.setText("Cannot open the view: " + e.getMessage());
            Platform.getLog(FirstStepsView.class).log(e.getStatus());
        }
    }

    /** A project came or went: the first step says what to do now. */
    private void workspaceChanged(IResourceChangeEvent event) {
        if (event.getDelta() == null || event.getDelta().findMember(SampleProject.project().getFullPath()) == null) {
            return;
        }
        steps.getDisplay().asyncExec(() -> {
            if (!steps.isDisposed()) {
                String said = status.getText();
                fill();
                status.setText(said);
            }
        });
    }

    /** The text of the steps' links and labels, in order (what the user reads). */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (Control c : steps.getChildren()) {
            String t = c instanceof Link link ? link.getText() : c instanceof Label label ? label.getText() : "";
            if (!t.isEmpty()) {
                text.append(t).append('\n');
            }
        }
        return text.toString();
    }

    @Override
    public void dispose() {
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(projects);
        super.dispose();
    }

    @Override
    public void setFocus() {
        steps.setFocus();
    }
}
