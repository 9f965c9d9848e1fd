package org.gpumem.ui.launch;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.HostLaunchAttributes;

/**
 * Run / Debug As "CUDA Program (gpumem simulator)" on an executable with CUDA device code:
 * reuses the configuration for that program, or creates one (no arguments, the program's folder,
 * sm_90) and launches it.
 */
public final class HostLaunchShortcut implements ILaunchShortcut2 {

    @Override
    public void launch(ISelection selection, String mode) {
        IFile file = KernelLaunchShortcut.launchable(selection);
        if (file == null) {
            return;
        }
        try {
            DebugUITools.launch(configurationFor(file), mode);
        } catch (CoreException e) {
            ErrorDialog.openError(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), "CUDA program launch",
                    "Cannot launch " + file.getName(), e.getStatus());
        }
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        // executables are not edited: the shortcut works on selections only
    }

    /** Finds or creates (and saves) the configuration for the program {@code file}. */
    static ILaunchConfiguration configurationFor(IFile file) throws CoreException {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID);
        String program = "${workspace_loc:" + file.getFullPath() + "}";
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type)) {
            if (program.equals(c.getAttribute(HostLaunchAttributes.PROGRAM, ""))) {
                return c;
            }
        }
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, manager.generateLaunchConfigurationName(file.getName()));
        HostLaunchAttributes.set(wc, program, "", "", HostLaunchAttributes.DEFAULT_DEVICE, "");
        wc.setMappedResources(new IResource[] {file});
        return wc.doSave();
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
        return KernelLaunchShortcut.launchable(selection);
    }

    @Override
    public IResource getLaunchableResource(IEditorPart editorpart) {
        return null;
    }
}
