package org.gpumem.ui.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.sim.launch.BundledSample;

/**
 * The sample project {@value #PROJECT}: the sample kernel (source, -G PTX, launch description), a
 * breakpoint inside its loop and a saved launch configuration listed under Debug and Run
 * favourites, so that the user can press Debug right away. The First Steps view creates it on
 * request, and at once when the IDE was started by {@code ./gpumem ide} (which passes
 * {@code -Dgpumem.sample=true}); nothing runs at the workbench's start-up for it.
 */
public final class SampleProject {
    /** System property that asks for the sample as soon as the First Steps view shows. */
    public static final String PROPERTY = "gpumem.sample";
    /** Name of the sample project. */
    public static final String PROJECT = "gpumem-sample";
    /** Name of the sample's launch configuration. */
    public static final String CONFIGURATION = "gpumem sample (local_array)";

    private SampleProject() {
    }

    /** The sample project (which may not exist). */
    public static IProject project() {
        return ResourcesPlugin.getWorkspace().getRoot().getProject(PROJECT);
    }

    /** The sample's kernel source in the sample project. */
    public static IFile source() {
        return project().getFile(BundledSample.SOURCE_NAME);
    }

    /**
     * Creates the sample project in a workspace job unless it exists, then gives {@code created}
     * the launch configuration (null when the project existed already), in the job.
     *
     * @return the scheduled job
     */
    public static WorkspaceJob create(java.util.function.Consumer<ILaunchConfiguration> created) {
        WorkspaceJob job = new WorkspaceJob("Create the gpumem sample project") {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                created.accept(createIfMissing(monitor));
                return Status.OK_STATUS;
            }
        };
        job.setRule(ResourcesPlugin.getWorkspace().getRoot());
        job.setUser(true);
        job.schedule();
        return job;
    }

    /**
     * Creates the sample project unless a project of that name exists.
     *
     * @return the launch configuration of the sample, or null when the project existed already
     */
    public static ILaunchConfiguration createIfMissing(IProgressMonitor monitor) throws CoreException {
        IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
        IProject project = root.getProject(PROJECT);
        if (project.exists()) {
            return null;
        }
        SubMonitor progress = SubMonitor.convert(monitor, 2 + BundledSample.FILES.size());
        project.create(progress.split(1));
        project.open(progress.split(1));
        for (String name : BundledSample.FILES) {
            try (InputStream in = BundledSample.open(name)) {
                project.getFile(name).create(in, IResource.NONE, progress.split(1));
            } catch (IOException e) {
                throw new CoreException(Status.error("cannot copy the sample file " + name + ": " + e.getMessage(), e));
            }
        }
        IFile source = project.getFile(BundledSample.FILES.get(0));
        new KernelLineBreakpoint(source, BundledSample.LOOP_LINE);
        ILaunchConfigurationType type = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID);
        ILaunchConfigurationWorkingCopy wc = type.newInstance(project, CONFIGURATION);
        IFile launchFile = project.getFile(BundledSample.LAUNCH_FILE);
        KernelLaunchAttributes.useLaunchFile(wc, "${workspace_loc:" + launchFile.getFullPath() + "}");
        wc.setMappedResources(new IResource[] {launchFile});
        wc.setAttribute(IDebugUIConstants.ATTR_FAVORITE_GROUPS,
                List.of(IDebugUIConstants.ID_DEBUG_LAUNCH_GROUP, IDebugUIConstants.ID_RUN_LAUNCH_GROUP));
        return wc.doSave();
    }
}
