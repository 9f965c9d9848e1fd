package org.gpumem.debug.breakpoints;

import java.util.Locale;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.model.LineBreakpoint;
import org.gpumem.debug.KernelDebugIds;

/**
 * A line breakpoint in a CUDA source file ({@code .cu}, {@code .cuh}) or in a PTX file. The
 * simulator stops a warp before the first instruction of the line: for a source file, the first
 * instruction whose {@code .loc} names this file and line; for a PTX file, the instruction on
 * this PTX line.
 *
 * <p>A condition (an expression of the debug core's evaluator, evaluated in each active lane of
 * a warp that reaches the line) and a hit count (the counted reach that first stops) are marker
 * attributes, {@link #CONDITION} and {@link #HIT_COUNT}; the debug core evaluates and counts them.
 *
 * <p>Persisted as a marker of type {@link KernelDebugIds#LINE_BREAKPOINT_MARKER} on the file.
 */
public final class KernelLineBreakpoint extends LineBreakpoint {
    /** Marker attribute: the condition's text (absent or blank: none). */
    public static final String CONDITION = "org.gpumem.debug.condition";
    /** Marker attribute: the counted reach from which the breakpoint stops (absent, 0 or 1: the first). */
    public static final String HIT_COUNT = "org.gpumem.debug.hitCount";

    /** Used by the breakpoint manager to restore persisted breakpoints. */
    public KernelLineBreakpoint() {
    }

    /**
     * Creates and registers a breakpoint at {@code line} (1-based) of {@code file}.
     *
     * @throws CoreException if the marker cannot be created
     */
    public KernelLineBreakpoint(IResource file, int line) throws CoreException {
        BreakpointMarkers.create(this, file, KernelDebugIds.LINE_BREAKPOINT_MARKER, Map.of(IMarker.LINE_NUMBER, line,
                IMarker.MESSAGE, "Kernel breakpoint: " + file.getName() + " [line: " + line + "]"));
    }

    /** The condition, or null when the breakpoint has none. */
    public String getCondition() {
        String c = getMarker() == null ? null : getMarker().getAttribute(CONDITION, null);
        return c == null || c.isBlank() ? null : c;
    }

    /**
     * Makes the breakpoint stop only where {@code condition} holds in some active lane (null or
     * blank: always).
     *
     * @throws CoreException if the marker cannot be changed
     */
    public void setCondition(String condition) throws CoreException {
        setAttribute(CONDITION, condition == null || condition.isBlank() ? null : condition.strip());
    }

    /** The counted reach from which the breakpoint stops (0: the first). */
    public int getHitCount() {
        return getMarker() == null ? 0 : getMarker().getAttribute(HIT_COUNT, 0);
    }

    /**
     * Makes the breakpoint stop from its {@code count}-th counted reach on (0 or 1: the first).
     *
     * @throws CoreException if the marker cannot be changed
     * @throws IllegalArgumentException for a negative count
     */
    public void setHitCount(int count) throws CoreException {
        if (count < 0) {
            throw new IllegalArgumentException("hit count must be 0 or more: " + count);
        }
        setAttribute(HIT_COUNT, count);
    }

    @Override
    public String getModelIdentifier() {
        return KernelDebugIds.MODEL_ID;
    }

    /** True when the breakpoint is on a PTX file (its line is a PTX line, not a source line). */
    public boolean isPtxLine() {
        return isPtxFile(getMarker().getResource());
    }

    /** The file's location in the file system, or null when it has none. */
    public IPath fileLocation() {
        return getMarker().getResource().getLocation();
    }

    /** True for the files a kernel breakpoint can be set in. */
    public static boolean canHaveBreakpoints(IResource resource) {
        return resource != null && resource.getType() == IResource.FILE
                && (isPtxFile(resource) || isSourceFile(resource));
    }

    static boolean isPtxFile(IResource resource) {
        return "ptx".equals(extension(resource));
    }

    static boolean isSourceFile(IResource resource) {
        String e = extension(resource);
        return "cu".equals(e) || "cuh".equals(e);
    }

    private static String extension(IResource resource) {
        String e = resource.getFileExtension();
        return e == null ? "" : e.toLowerCase(Locale.ROOT);
    }
}
