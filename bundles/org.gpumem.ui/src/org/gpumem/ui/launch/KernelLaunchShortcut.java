package org.gpumem.ui.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.KernelLaunchAttributes;

/**
 * Run / Debug As "GPU Kernel (gpumem simulator)" on a {@code .launch.json} file, a {@code .ptx}
 * file, or a {@code .cu} file with its built PTX beside it ({@code NAME.ptx} or {@code NAME.G.ptx}).
 * A PTX file with a launch description beside it ({@code NAME.launch.json}) launches that
 * description; otherwise the configuration names the module and its first kernel and the launch
 * dialog opens so that grid, block and arguments can be filled in. An existing configuration
 * for the same file is reused.
 */
public final class KernelLaunchShortcut implements ILaunchShortcut2 {
    static final String LAUNCH_JSON = ".launch.json";
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+([A-Za-z_$][\\w$]*)");
    /** Kernels are declared near the top; a bounded read keeps a huge PTX from filling memory. */
    private static final int MAX_PTX_SCAN = 16 << 20;

    @Override
    public void launch(ISelection selection, String mode) {
        IFile file = launchable(selection);
        if (file != null) {
            launch(file, mode);
        }
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        IFile file = file(editor.getEditorInput());
        if (file != null) {
            launch(file, mode);
        }
    }

    private void launch(IFile file, String mode) {
        try {
            Choice choice = configurationFor(file);
            if (choice.complete()) {
                DebugUITools.launch(choice.configuration(), mode);
            } else {
                String group = ILaunchManager.DEBUG_MODE.equals(mode) ? "org.eclipse.debug.ui.launchGroup.debug"
                        : "org.eclipse.debug.ui.launchGroup.run";
                DebugUITools.openLaunchConfigurationDialogOnGroup(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(),
                        new StructuredSelection(choice.configuration()), group);
            }
        } catch (CoreException e) {
            ErrorDialog.openError(
                    PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), "GPU Kernel launch",
                    "Cannot launch " + file.getName(), e.getStatus());
        }
    }

    /** A configuration to launch, and whether it can launch without the dialog. */
    record Choice(ILaunchConfiguration configuration, boolean complete) {
    }

    /** Finds or creates (and saves) the configuration for {@code file}. */
    static Choice configurationFor(IFile file) throws CoreException {
        IFile launchJson = descriptionFor(file);
        IFile ptx = launchJson == null ? ptxFor(file) : null;
        if (launchJson == null && ptx == null) {
            throw new CoreException(Status.error(file.getName()
                    + " is neither a .launch.json nor a .ptx file, nor a .cu file with its PTX beside it"));
        }
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID);
        String launchFile = launchJson != null ? workspaceLocation(launchJson) : "";
        String module = ptx != null ? workspaceLocation(ptx) : "";
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type)) {
            if (launchJson != null && launchFile.equals(c.getAttribute(KernelLaunchAttributes.LAUNCH_FILE, ""))
                    || ptx != null && module.equals(c.getAttribute(KernelLaunchAttributes.MODULE, ""))
                            && c.getAttribute(KernelLaunchAttributes.LAUNCH_FILE, "").isBlank()) {
                return new Choice(c, true);
            }
        }
        String base = launchJson != null ? launchJson.getName().substring(0, launchJson.getName().length() - LAUNCH_JSON.length())
                : ptx.getName();
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, manager.generateLaunchConfigurationName(base));
        if (launchJson != null) {
            KernelLaunchAttributes.useLaunchFile(wc, launchFile);
            wc.setMappedResources(new IResource[] {launchJson});
            return new Choice(wc.doSave(), true);
        }
        KernelLaunchAttributes.useFields(wc, module, firstKernel(ptx), "[1]", "[32]", 0, "sm_90", "[]", List.of());
        wc.setMappedResources(new IResource[] {ptx});
        return new Choice(wc.doSave(), false);
    }

    /** The launch description for a file: itself, or NAME.launch.json beside NAME.ptx / NAME.cu. */
    static IFile descriptionFor(IFile file) {
        String name = file.getName();
        if (name.endsWith(LAUNCH_JSON)) {
            return file;
        }
        String stem = stem(name);
        IResource beside = file.getParent().findMember(stem + LAUNCH_JSON);
        if (beside instanceof IFile f && (isPtx(file) || isCuda(file))) {
            return f;
        }
        return null;
    }

    /** The PTX of a file: itself, or NAME.ptx / NAME.G.ptx beside NAME.cu. */
    static IFile ptxFor(IFile file) {
        if (isPtx(file)) {
            return file;
        }
        if (!isCuda(file)) {
            return null;
        }
        IContainer dir = file.getParent();
        String stem = stem(file.getName());
        for (String candidate : new String[] {stem + ".G.ptx", stem + ".ptx"}) {
            IResource r = dir.findMember(candidate);
            if (r instanceof IFile f) {
                return f;
            }
        }
        return null;
    }

    private static String stem(String name) {
        if (name.endsWith(LAUNCH_JSON)) {
            return name.substring(0, name.length() - LAUNCH_JSON.length());
        }
        String s = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        return s;
    }

    static boolean isPtx(IFile f) {
        return "ptx".equals(extension(f));
    }

    static boolean isCuda(IFile f) {
        String e = extension(f);
        return "cu".equals(e) || "cuh".equals(e);
    }

    private static String extension(IFile f) {
        String e = f.getFileExtension();
        return e == null ? "" : e.toLowerCase(Locale.ROOT);
    }

    private static String workspaceLocation(IFile f) {
        return "${workspace_loc:" + f.getFullPath().toString() + "}";
    }

    /** The first {@code .entry} of a PTX file, or empty when it has none. */
    private static String firstKernel(IFile ptx) throws CoreException {
        try (InputStream in = ptx.getContents()) {
            String text = new String(in.readNBytes(MAX_PTX_SCAN), ptx.getCharset());
            Matcher m = ENTRY.matcher(text);
            return m.find() ? m.group(1) : "";
        } catch (IOException e) {
            throw new CoreException(Status.error("cannot read " + ptx.getFullPath(), e));
        }
    }

    /** The one file selected, or null. */
    static IFile launchable(ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.size() == 1) {
            Object o = s.getFirstElement();
            IFile f = o instanceof IFile file ? file : o instanceof IAdaptable a ? a.getAdapter(IFile.class) : null;
            return f;
        }
        return null;
    }

    private static IFile file(IEditorInput input) {
        return input instanceof IFileEditorInput fi ? fi.getFile() : input.getAdapter(IFile.class);
    }

    @Override
    public ILaunchConfiguration[] getLaunchConfigurations(ISelection selection) {
        return null;
    }

    @Override
    public ILaunchConfiguration[] getLaunchConfigurations(IEditorPart editorpart) {
        return null;
    }

    @Override
    public IResource getLaunchableResource(ISelection selection) {
        return launchable(selection);
    }

    @Override
    public IResource getLaunchableResource(IEditorPart editorpart) {
        return file(editorpart.getEditorInput());
    }
}
