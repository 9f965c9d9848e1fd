package org.gpumem.ui.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IDebugTarget;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.launch.HostProgramProcess;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.debug.launch.KernelSourceLocator;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.LaunchResult;

/**
 * A kernel launch of the IDE whose address-space profile the profile view shows: a kernel debug
 * target (of a launch file or of a CUDA program), a launch file's kernel run without one (run
 * mode), or the latest launch a CUDA program ran in run mode. {@link #read} takes the session's
 * profile as it stands: at a stop, what ran until then; once the kernel ended, its result's.
 *
 * @param owner the debug target or process, which the view compares to know what it follows
 */
record ProfiledLaunch(Object owner, String label, ILaunch launch) {

    /** What one look at the launch found: rows (null: keep those shown, the kernel runs) and a status line. */
    record Reading(List<ProfileRow> rows, String message) {
    }

    /** The gpumem launch {@code source} (a debug element or process of an event) belongs to, or null. */
    static ProfiledLaunch of(Object source) {
        if (source instanceof IDebugElement element && element.getDebugTarget() instanceof KernelDebugTarget target) {
            return new ProfiledLaunch(target, "", target.getLaunch());
        }
        if (source instanceof KernelProcess process) {
            ILaunch launch = process.getLaunch();
            for (IDebugTarget t : launch == null ? new IDebugTarget[0] : launch.getDebugTargets()) {
                if (t instanceof KernelDebugTarget target && target.getProcess() == process) {
                    return of(target);
                }
            }
            return new ProfiledLaunch(process, process.getLabel(), launch);
        }
        if (source instanceof HostProgramProcess program && program.lastRun() != null) {
            return new ProfiledLaunch(program, program.getLabel(), program.getLaunch());
        }
        return null;
    }

    /** Where the sources the profile's rows name are found: the launch's locator, or null. */
    KernelSourceLocator sources() {
        return launch != null && launch.getSourceLocator() instanceof KernelSourceLocator k ? k : null;
    }

    private DebugSession session() {
        if (owner instanceof KernelDebugTarget target) {
            return target.session();
        }
        return ((KernelProcess) owner).session();
    }

    private String name() {
        return owner instanceof KernelDebugTarget target ? target.getName() : label;
    }

    /**
     * The profile now. Off the UI thread: a stopped session is read on its executor. Never
     * waits for a running kernel.
     */
    Reading read() throws DebugException {
        if (owner instanceof HostProgramProcess program) {
            HostProgramProcess.RunLaunch run = program.lastRun();
            return ended(run.result(), run.launch() + " of " + label);
        }
        DebugSession session = session();
        if (session == null) {
            return new Reading(null, name() + ": starting \u2026");
        }
        LaunchResult result = session.endResult();
        if (result != null) {
            return ended(result, name());
        }
        if (session.isEnded()) {
            return new Reading(null, name() + ": terminated before the kernel ended; the profile is as of its last stop");
        }
        try {
            return rows(session.query(KernelEngine::profile), name() + ": profile up to this stop");
        } catch (NotStoppedException e) {
            return new Reading(null, name() + ": " + e.getMessage() + " \u2026");
        }
    }

    /** The profile of a launch that ended, with how it ended. */
    private static Reading ended(LaunchResult result, String name) {
        String outcome = result.completed() ? " completed"
                : " ended: " + result.fault().report().lines().findFirst().orElse("fault");
        return rows(result.profile(), name + outcome + String.format(", %,d thread instructions", result.threadInstructions()));
    }

    private static Reading rows(AddressSpaceProfile profile, String message) {
        List<ProfileRow> rows = new ArrayList<>();
        if (profile != null) {
            for (Map.Entry<String, AddressSpaceProfile.Counts> e : profile.sourceLines().entrySet()) {
                rows.add(ProfileRow.of(e.getKey(), e.getValue()));
            }
        }
        return new Reading(rows, message + "; " + rows.size() + " source lines with generic accesses");
    }
}
