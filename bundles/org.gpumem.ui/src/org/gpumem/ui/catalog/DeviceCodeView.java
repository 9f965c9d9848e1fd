package org.gpumem.ui.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.contexts.DebugContextEvent;
import org.eclipse.debug.ui.contexts.IDebugContextListener;
import org.eclipse.debug.ui.contexts.IDebugContextService;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.HostProgramProcess;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.host.SimulatedImages;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.Kernel;
import org.gpumem.ui.internal.LatestReads;

/**
 * Device Code: the catalog of the binary or PTX file selected in the workbench (the Project
 * Explorer, any view whose selection adapts to a workspace file), or, when a gpumem kernel
 * launch becomes the debug context, of the module that launch runs: a launch file's PTX, or a
 * CUDA program's executable with the kernel being debugged selected under the image the
 * simulator runs it from ({@link SimulatedImages}), whose DWARF variables are listed. Whether a
 * selected file holds device code (its ELF magic) and which module a launch runs (its launch
 * file) are read in jobs, like the catalog itself: the UI thread opens no file.
 */
public final class DeviceCodeView extends ViewPart {

    public static final String ID = org.gpumem.ui.GpuMemoryViews.DEVICE_CODE;

    /** Extensions of device-code files that are not ELF (ELF files are recognised by their magic). */
    private static final Set<String> DEVICE_CODE_EXTENSIONS = Set.of("ptx", "cubin", "fatbin", "hsaco", "co");
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};

    private DeviceCodePanel panel;
    private Path shown;
    /** Looks at a selected file or a launch's configuration before its catalog is read; the latest wins. */
    private LatestReads looks;
    private final ISelectionListener selectionListener = this::selectionChanged;
    private final IDebugContextListener debugContextListener = this::debugContextChanged;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new DeviceCodePanel(parent);
        looks = new LatestReads(panel).asSystemJobs();
        getSite().setSelectionProvider(panel.catalogViewer());
        getSite().getPage().addPostSelectionListener(selectionListener);
        debugContexts().addDebugContextListener(debugContextListener);
        ISelection context = debugContexts().getActiveContext();
        if (context != null) {
            showModuleOf(context);
        }
    }

    private IDebugContextService debugContexts() {
        return DebugUITools.getDebugContextManager().getContextService(getSite().getWorkbenchWindow());
    }

    private void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part == this || !(selection instanceof IStructuredSelection s) || s.size() != 1) {
            return;
        }
        IFile file = Adapters.adapt(s.getFirstElement(), IFile.class);
        if (file != null && file.getLocation() != null) {
            Path path = file.getLocation().toPath();
            looks.start("Looking for device code in " + path.getFileName(), monitor -> holdsDeviceCode(path),
                    (holds, error) -> {
                        if (error != null) {
                            panel.say("Cannot read " + path + ": " + error);
                        } else if (holds) {
                            show(path);
                        }
                    }, null);
        }
    }

    private void debugContextChanged(DebugContextEvent event) {
        if ((event.getFlags() & DebugContextEvent.ACTIVATED) != 0) {
            showModuleOf(event.getContext());
        }
    }

    /** Shows the module of the gpumem kernel launch {@code context} belongs to, if it is one. */
    private void showModuleOf(ISelection context) {
        if (!(context instanceof IStructuredSelection s)
                || !(s.getFirstElement() instanceof IDebugElement element)
                || !KernelDebugIds.MODEL_ID.equals(element.getModelIdentifier())) {
            return;
        }
        IDebugTarget target = element.getDebugTarget();
        if (target != null && target.getProcess() instanceof HostProgramProcess program) {
            ProgramLaunch debugged = program.kernelLaunch(target);
            String device = program.program().device();
            show(program.program().executable().toAbsolutePath().normalize(),
                    debugged == null ? null : contents -> kernelPath(contents, debugged.kernel(), device));
            return;
        }
        ILaunch launch = element.getLaunch();
        ILaunchConfiguration configuration = launch == null ? null : launch.getLaunchConfiguration();
        if (configuration == null) {
            return;
        }
        // the configuration's launch file is read in a job
        looks.start("Reading the launch of " + configuration.getName(), monitor -> moduleOf(configuration), (module, error) -> {
            if (error != null) {
                panel.say("Cannot show the module of " + configuration.getName() + ": " + error);
            } else if (module != null) {
                show(module);
            }
        }, null);
    }

    /** The module a kernel launch configuration runs, or null for a configuration of another type. */
    private static Path moduleOf(ILaunchConfiguration configuration) throws IOException {
        try {
            if (!KernelDebugIds.LAUNCH_TYPE_ID.equals(configuration.getType().getIdentifier())) {
                return null;
            }
            return KernelLaunchAttributes.describe(configuration).module();
        } catch (CoreException e) {
            // edited since the launch, so that it describes no launch: the view says so
            throw new IOException(e.getStatus().getMessage(), e);
        }
    }

    /**
     * The kernel {@code mangled} under the image the simulator runs it from on {@code device}:
     * in the first container defining it, the PTX image CUDA's rules choose; null when none does.
     */
    private static TreePath kernelPath(CatalogTree.Contents contents, String mangled, String device) {
        for (Container container : contents.catalog().containers()) {
            List<DeviceImage> images = contents.images(container);
            DeviceImage chosen = SimulatedImages.select(container.origin().describe(), images, device).chosen().orElse(null);
            if (chosen == null) {
                continue;
            }
            for (Object entry : contents.children().getOrDefault(chosen, List.of())) {
                if (entry instanceof Kernel kernel && kernel.name().equals(mangled)) {
                    return new TreePath(new Object[] {container, chosen, kernel});
                }
            }
        }
        return null;
    }

    /** Shows the catalog of {@code file} unless it is shown already. */
    public void show(Path file) {
        show(file, null);
    }

    /** Shows the catalog of {@code file} (read unless it is shown already), then selects what {@code pick} finds. */
    private void show(Path file, Function<CatalogTree.Contents, TreePath> pick) {
        if (file.equals(shown)) {
            if (pick != null) {
                panel.select(pick);
            }
            return;
        }
        shown = file;
        panel.show(file, pick);
    }

    /**
     * PTX, cubin, fat binary or code object by name, or any ELF file (executables, objects, shared
     * libraries). Reads the file's first bytes: call it in a job.
     *
     * @throws IOException when the file cannot be read
     */
    static boolean holdsDeviceCode(Path file) throws IOException {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot > 0 && DEVICE_CODE_EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT))) {
            return true;
        }
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(ELF_MAGIC.length), ELF_MAGIC);
        }
    }

    public DeviceCodePanel panel() {
        return panel;
    }

    @Override
    public void dispose() {
        looks.cancel();
        getSite().getPage().removePostSelectionListener(selectionListener);
        debugContexts().removeDebugContextListener(debugContextListener);
        super.dispose();
    }

    @Override
    public void setFocus() {
        panel.catalogViewer().getControl().setFocus();
    }
}
