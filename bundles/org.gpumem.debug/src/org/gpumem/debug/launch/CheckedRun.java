package org.gpumem.debug.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.Findings;
import org.gpumem.sim.check.MemoryChecker;

/**
 * The memory checks of one launch of a configuration: at its end the findings go on the launch's
 * console as {@code gpumem run --check} prints them, and each access with a source line in a
 * workspace file becomes a problem marker ({@link KernelDebugIds#MEMORY_CHECK_MARKER}) there.
 * The markers carry the configuration's name; each launch of it removes the previous ones first
 * ({@link #clearMarkers}), whether it checks or not.
 */
public final class CheckedRun {
    /** The marker attribute naming the launch configuration whose run found it. */
    public static final String CONFIGURATION = KernelDebugIds.PLUGIN_ID + ".launchConfiguration";

    private final String configuration;
    private final KernelSourceLocator sources;
    private final Supplier<List<MemoryChecker>> checkers;

    /**
     * The checks of a run of {@code configuration}, whose checkers (one per simulated device)
     * {@code checkers} gives at its end; {@code sources} finds the files of source lines.
     */
    public CheckedRun(ILaunchConfiguration configuration, KernelSourceLocator sources, Supplier<List<MemoryChecker>> checkers) {
        this.configuration = configuration.getName();
        this.sources = sources;
        this.checkers = checkers;
    }

    /** Removes every memory check marker that a run of the configuration named {@code configuration} made. */
    public static void clearMarkers(String configuration) throws CoreException {
        for (IMarker m : ResourcesPlugin.getWorkspace().getRoot().findMarkers(KernelDebugIds.MEMORY_CHECK_MARKER, false,
                IResource.DEPTH_INFINITE)) {
            if (configuration.equals(m.getAttribute(CONFIGURATION, null))) {
                m.delete();
            }
        }
    }

    /**
     * Prints the report of the run's checkers line by line to {@code console}, and marks the
     * source line of each access of each finding that is a workspace file; a marker the workspace
     * refuses is logged and said on {@code errors}.
     */
    public void report(Consumer<String> console, Consumer<String> errors) {
        try {
            for (Finding f : Findings.report(checkers.get(), line -> console.accept(line + "\n"))) {
                mark(f, f.access(), f.other());
                mark(f, f.other(), f.access());
            }
        } catch (CoreException e) {
            Platform.getLog(CheckedRun.class).log(e.getStatus());
            errors.accept("cannot mark the findings in the workspace: " + e.getMessage() + "\n");
        }
    }

    private void mark(Finding f, Access access, Access other) throws CoreException {
        if (access == null || access.source() == null || access.source().line() <= 0) {
            return;
        }
        if (!(sources.find(Path.of(access.source().file()), true) instanceof IFile file)) {
            return;
        }
        String headline = f.format().lines().findFirst().orElseThrow();
        StringBuilder message = new StringBuilder(headline).append(": ").append(access.operation().word());
        if (!access.context().isEmpty()) {
            message.append(" by ").append(access.context().strip());
        }
        if (other != null) {
            message.append("; the other access: ").append(other.operation().word()).append(" at ").append(other.where());
        }
        file.createMarker(KernelDebugIds.MEMORY_CHECK_MARKER, Map.of(
                IMarker.LINE_NUMBER, access.source().line(),
                IMarker.SEVERITY, IMarker.SEVERITY_ERROR,
                IMarker.MESSAGE, message.toString(),
                CONFIGURATION, configuration));
    }
}
