package org.gpumem.debug.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IBreakpoint;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.core.BreakpointSpec;

/** The breakpoint manager's gpumem line breakpoints as the target uses them: as engine lines, and by the line a warp is at. */
final class KernelBreakpoints {

    private KernelBreakpoints() {
    }

    /** The line an enabled gpumem breakpoint stands for, or null. */
    static BreakpointSpec toLine(IBreakpoint b) {
        if (!(b instanceof KernelLineBreakpoint k)) {
            return null;
        }
        try {
            IPath location = k.fileLocation();
            if (!k.isEnabled() || location == null) {
                return null;
            }
            return new BreakpointSpec(Path.of(location.toOSString()), k.getLineNumber(), k.isPtxLine())
                    .withCondition(k.getCondition()).withHitCount(k.getHitCount());
        } catch (CoreException e) {
            Platform.getLog(KernelBreakpoints.class).log(e.getStatus());
            return null;
        }
    }

    /** The manager's gpumem breakpoints at this source line, or this PTX line of {@code modulePath}. */
    static IBreakpoint[] at(String modulePath, String sourceFile, int sourceLine, int ptxLine) {
        List<IBreakpoint> hits = new ArrayList<>();
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            if (!(b instanceof KernelLineBreakpoint k) || k.fileLocation() == null) {
                continue;
            }
            try {
                int line = k.getLineNumber();
                String file = k.fileLocation().toOSString();
                if (k.isPtxLine() ? line == ptxLine && file.equals(modulePath)
                        : line == sourceLine && sourceFile != null && sameFile(file, sourceFile)) {
                    hits.add(b);
                }
            } catch (CoreException e) {
                Platform.getLog(KernelBreakpoints.class).log(e.getStatus());
            }
        }
        return hits.toArray(new IBreakpoint[0]);
    }

    /**
     * Whether a breakpoint's file is the {@code .file} a stop reports: the same path, or the same
     * file name (a source copied into the workspace, as the engine resolves breakpoints too).
     */
    static boolean sameFile(String a, String b) {
        Path pa = Path.of(a).normalize();
        Path pb = Path.of(b).normalize();
        return pa.equals(pb) || pa.getFileName() != null && pa.getFileName().equals(pb.getFileName());
    }
}
