package org.gpumem.debug.launch;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostProgramException;
import org.gpumem.host.HostListener;
import org.gpumem.host.HostReports;
import org.gpumem.host.ProgramChecks;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.HostSession;
import org.gpumem.host.RuntimeLibrary;
import org.gpumem.sim.check.CheckTool;
import org.osgi.framework.Bundle;

/**
 * Launches "CUDA Application (gpumem simulator)" configurations: starts the program under a
 * {@link HostSession} with gpumem's libcudart.so.13 (from the fragment
 * org.gpumem.host.linux.x86_64), shows it as a {@link HostProgramProcess}, and runs its kernel
 * launches on the simulator under the debug core's {@link ProgramDebugger}: to their end in run mode ({@link HostKernelRunner}), each as a
 * kernel debug target that stops at the kernel line breakpoints in debug mode
 * ({@link HostKernelDebugger}). Terminating the program stops the launch it waits in.
 *
 * <p>Threads: called by the launch manager on a launch job; the program then runs on its own,
 * served by the session's threads.
 */
public final class HostLaunchDelegate implements ILaunchConfigurationDelegate {
    private static final String HOST_BUNDLE = "org.gpumem.host";

    @Override
    public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        HostProgram program = HostLaunchAttributes.describe(configuration, runtimeFolder());
        long budget = HostLaunchAttributes.budget(configuration);
        boolean debug = ILaunchManager.DEBUG_MODE.equals(mode);
        Path executable = program.executable().toAbsolutePath().normalize();
        if (launch.getSourceLocator() == null) {
            launch.setSourceLocator(new KernelSourceLocator(executable));
        }
        Set<CheckTool> tools = KernelLaunchAttributes.checks(configuration, HostLaunchAttributes.CHECKS);
        CheckedRun.clearMarkers(configuration.getName());
        HostProgramProcess process = new HostProgramProcess(launch, program);
        ProgramDebugger runner = new ProgramDebugger(budget,
                debug ? new HostKernelDebugger(launch, process, !tools.isEmpty()
                        && KernelLaunchAttributes.stopAtFinding(configuration, HostLaunchAttributes.STOP_AT_FINDING))
                        : new HostKernelRunner(process, HostLaunchAttributes.timeoutSeconds(configuration)));
        Runnable programEnded = runner::programEnded;
        HostListener reports = new HostReports(process::report, !debug, false);
        ProgramChecks checked = tools.isEmpty() ? null : new ProgramChecks(reports, tools);
        HostSession session;
        try {
            session = HostSession.start(program, checked == null ? reports : checked, runner,
                    new HostSession.Io(ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE,
                            ProcessBuilder.Redirect.PIPE));
        } catch (HostProgramException e) {
            throw new CoreException(Status.error(configuration.getName() + ": " + e.getMessage()));
        } catch (IOException e) {
            throw new CoreException(Status.error(configuration.getName() + ": cannot start " + executable + ": "
                    + e.getMessage(), e));
        }
        process.start(session, programEnded,
                checked == null ? null : new CheckedRun(configuration, new KernelSourceLocator(executable), checked::checkers));
    }

    /**
     * The folder of gpumem's libcudart.so.13: {@code -Dgpumem.cudart}, else the fragment's
     * {@code native/} folder (extracted from its jar by the platform when installed as one).
     */
    static Path runtimeFolder() throws CoreException {
        try {
            if (System.getProperty(RuntimeLibrary.FOLDER_PROPERTY) != null) {
                return RuntimeLibrary.folder(RuntimeLibrary.class);
            }
            Bundle host = Platform.getBundle(HOST_BUNDLE);
            URL entry = host == null ? null : FileLocator.find(host, IPath.fromOSString("native/" + RuntimeLibrary.FILE_NAME));
            if (entry == null) {
                throw new HostProgramException("gpumem's " + RuntimeLibrary.FILE_NAME + " is not installed: the fragment "
                        + HOST_BUNDLE + ".linux.x86_64 holds it, for Linux x86-64 only");
            }
            // toFileURL's URL is not encoded (a space stays a space): its path is the file's
            Path library = Path.of(FileLocator.toFileURL(entry).getPath());
            if (!Files.isRegularFile(library)) {
                throw new HostProgramException("gpumem's " + RuntimeLibrary.FILE_NAME + " is not a file: " + library);
            }
            return library.getParent();
        } catch (HostProgramException e) {
            throw new CoreException(Status.error(e.getMessage()));
        } catch (IOException e) {
            throw new CoreException(Status.error("cannot extract gpumem's " + RuntimeLibrary.FILE_NAME + ": " + e.getMessage(), e));
        }
    }
}
