package org.gpumem.debug.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.UnsupportedKernelException;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * Launches "GPU Kernel (gpumem simulator)" configurations: reads the launch description,
 * loads the module and fills the buffers on a fresh simulated device, then in run mode runs
 * the kernel to its end as a {@link KernelProcess}, and in debug mode adds a
 * {@link KernelDebugTarget} that stops at the line breakpoints.
 *
 * <p>Threads: called by the launch manager on a launch job (never the UI thread); loading is
 * done here, the kernel itself then runs on the session executor.
 */
public final class KernelLaunchDelegate implements ILaunchConfigurationDelegate {

    @Override
    public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        SubMonitor progress = SubMonitor.convert(monitor, "Launching " + configuration.getName(), 2);
        LaunchDescription description = KernelLaunchAttributes.describe(configuration);
        PreparedLaunch prepared;
        double timeout = KernelLaunchAttributes.timeoutSeconds(configuration);
        try {
            prepared = PreparedLaunch.prepare(description);
            if (!prepared.kernel().runnable()) {
                throw new UnsupportedKernelException(prepared.kernel());
            }
        } catch (IOException e) {
            throw new CoreException(Status.error(configuration.getName() + ": cannot read " + description.module() + ": "
                    + InputFiles.describe(e), e));
        } catch (InputFormatException | IllegalArgumentException e) {
            throw new CoreException(Status.error(configuration.getName() + ": " + e.getMessage(), e));
        }
        progress.worked(1);
        Set<CheckTool> tools = KernelLaunchAttributes.checks(configuration);
        CheckedRun.clearMarkers(configuration.getName());
        // checks see the device from here on: the engine's launch is made on a checked device
        MemoryChecker checker = tools.isEmpty() ? null : prepared.enableChecks(tools);
        KernelEngine engine = new KernelEngine(prepared, ExecOptions.DEFAULT_BUDGET);
        String label = engine.launch().label() + " [" + description.module().getFileName() + "]";
        String out = configuration.getAttribute(KernelLaunchAttributes.OUTPUT_DIRECTORY, "");
        Path outputDirectory = out.isBlank() ? null
                : Path.of(VariablesPlugin.getDefault().getStringVariableManager().performStringSubstitution(out));
        Path module = description.module().toAbsolutePath().normalize();
        if (launch.getSourceLocator() == null) {
            launch.setSourceLocator(new KernelSourceLocator(module));
        }
        CheckedRun checks = checker == null ? null
                : new CheckedRun(configuration, new KernelSourceLocator(module), () -> List.of(checker));
        KernelProcess process = new KernelProcess(launch, label, engine, outputDirectory, checks);
        if (ILaunchManager.DEBUG_MODE.equals(mode)) {
            KernelDebugTarget target = new KernelDebugTarget(launch, process, label);
            launch.addDebugTarget(target);
            target.start(engine, checker != null && KernelLaunchAttributes.stopAtFinding(configuration, KernelLaunchAttributes.STOP_AT_FINDING));
        } else {
            process.run(timeout);
        }
        progress.worked(1);
    }
}
