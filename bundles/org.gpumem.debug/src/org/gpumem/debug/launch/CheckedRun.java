package org.gpumem.debug.launch;

import java.nio.file.Path;
import java.util.HashMap;
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
 * ({@link #clearMarkers}), whether it checks or not. The two markers of a race carry each other's
 * location ({@link #OTHER_FILE}, {@link #OTHER_LINE}) and their messages name the other line. The
 * report's findings stay with the run ({@link #findings()}) for the Memory Checks view, which
 * finds the run as its process's adapter once the process terminated.
 */
public final class CheckedRun {
    /** The marker attribute naming the launch configuration whose run found it. */
    public static final String CONFIGURATION = KernelDebugIds.PLUGIN_ID + ".launchConfiguration";
    /**
     * The marker attribute naming the file of the finding's other access (a race's other side):
     * the workspace path of a workspace file, else the path the debug information names.
     */
    public static final String OTHER_FILE = KernelDebugIds.PLUGIN_ID + ".otherFile";
    /** The marker attribute holding the line (1-based) of the finding's other access. */
    public static final String OTHER_LINE = KernelDebugIds.PLUGIN_ID + ".otherLine";

    private final String configuration;
    private final KernelSourceLocator sources;
    private final Supplier<List<MemoryChecker>> checkers;
    /** The findings of the report, once made. */
    private volatile List<Finding> reported = List.of();

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
        List<Finding> findings = Findings.report(checkers.get(), line -> console.accept(line + "\n"));
        reported = List.copyOf(findings);
        try {
            for (Finding f : findings) {
                mark(f, f.access(), f.other());
                mark(f, f.other(), f.access());
            }
        } catch (CoreException e) {
            Platform.getLog(CheckedRun.class).log(e.getStatus());
            errors.accept("cannot mark the findings in the workspace: " + e.getMessage() + "\n");
        }
    }

    /** Every finding of the report, in the order printed; empty before {@link #report}. */
    public List<Finding> findings() {
        return reported;
    }

    /** Where the source files of the findings' accesses are found. */
    public KernelSourceLocator sources() {
        return sources;
    }

    /** The name of the launch configuration whose run this is. */
    public String configuration() {
        return configuration;
    }

    /**
     * The file of {@code access}'s source line: a workspace {@link IFile}, else an EFS file store
     * outside the workspace, or null when it has no line or the file is nowhere.
     */
    public Object sourceFile(Access access) {
        if (access == null || access.source() == null || access.source().line() <= 0) {
            return null;
        }
        return sources.find(Path.of(access.source().file()), true);
    }

    private void mark(Finding f, Access access, Access other) throws CoreException {
        if (!(sourceFile(access) instanceof IFile file)) {
            return;
        }
        String headline = f.format().lines().findFirst().orElseThrow();
        StringBuilder message = new StringBuilder(headline).append(": ").append(access.operation().word());
        if (!access.context().isEmpty()) {
            message.append(" by ").append(access.context().strip());
        }
        Map<String, Object> attributes = new HashMap<>();
        if (other != null) {
            message.append("; the other access: ").append(other.operation().word()).append(" at ").append(other.where());
            if (!other.context().isEmpty()) {
                message.append(" by ").append(other.context().strip());
            }
            Object otherFile = sourceFile(other);
            if (otherFile != null) {
                attributes.put(OTHER_FILE, otherFile instanceof IFile f2 ? f2.getFullPath().toString() : other.source().file());
                attributes.put(OTHER_LINE, other.source().line());
            }
        }
        attributes.put(IMarker.LINE_NUMBER, access.source().line());
        attributes.put(IMarker.SEVERITY, IMarker.SEVERITY_ERROR);
        attributes.put(IMarker.MESSAGE, message.toString());
        attributes.put(CONFIGURATION, configuration);
        file.createMarker(KernelDebugIds.MEMORY_CHECK_MARKER, attributes);
    }
}
