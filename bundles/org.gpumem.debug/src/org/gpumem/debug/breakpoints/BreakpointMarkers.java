package org.gpumem.debug.breakpoints;

import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.Breakpoint;
import org.eclipse.debug.core.model.IBreakpoint;

/**
 * The making of a new gpumem breakpoint's marker, one place for what the breakpoint manager
 * expects of every kind: the marker and its attributes in one workspace operation under the
 * resource's marker rule, enabled, persisted, not registered yet, of the breakpoint's model; then
 * the breakpoint added to the manager.
 */
final class BreakpointMarkers {
    private BreakpointMarkers() {
    }

    /**
     * Gives {@code breakpoint} a new marker of {@code type} on {@code resource} holding
     * {@code attributes}, and registers it with the breakpoint manager.
     *
     * @throws CoreException if the marker cannot be created
     */
    static void create(Breakpoint breakpoint, IResource resource, String type, Map<String, Object> attributes)
            throws CoreException {
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        // as Breakpoint.run does: one operation, no resource change notified until its end
        workspace.run(monitor -> {
            IMarker marker = resource.createMarker(type);
            breakpoint.setMarker(marker);
            marker.setAttributes(attributes.keySet().toArray(String[]::new), attributes.values().toArray());
            breakpoint.setEnabled(true);
            breakpoint.setPersisted(true);
            breakpoint.setRegistered(false);
            marker.setAttribute(IBreakpoint.ID, breakpoint.getModelIdentifier());
        }, workspace.getRuleFactory().markerRule(resource), IWorkspace.AVOID_UPDATE, null);
        DebugPlugin.getDefault().getBreakpointManager().addBreakpoint(breakpoint);
    }
}
