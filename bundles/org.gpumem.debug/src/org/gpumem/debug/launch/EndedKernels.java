package org.gpumem.debug.launch;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchListener;
import org.gpumem.model.MemoryState;

/**
 * The memory state the IDE's latest launch-file kernel ended with (completed, faulted or
 * terminated), kept after its session let go of its stops so that it can still be saved as a
 * snapshot. One only, to bound what ended launches keep: a later end replaces it, and removing
 * its launch from the launch manager drops it. The state reads the ended launch's storage,
 * which nothing changes any more, so any thread may read it.
 */
public final class EndedKernels {

    /** The final state of one kernel launch, named after its process. */
    public record Ended(ILaunch launch, String label, MemoryState state) {
    }

    private static volatile Ended latest;
    private static boolean listening;

    private EndedKernels() {
    }

    /** The state of the latest kernel that ended, or null. */
    public static Ended latest() {
        return latest;
    }

    /** Records the state {@code launch}'s kernel ended with, replacing the one before. */
    static synchronized void record(ILaunch launch, String label, MemoryState state) {
        if (!listening && DebugPlugin.getDefault() != null) {
            DebugPlugin.getDefault().getLaunchManager().addLaunchListener(new ILaunchListener() {
                @Override
                public void launchRemoved(ILaunch removed) {
                    forget(removed);
                }

                @Override
                public void launchAdded(ILaunch added) {
                    // a new launch replaces the state only once its kernel ends
                }

                @Override
                public void launchChanged(ILaunch changed) {
                    // nothing of the state depends on the launch's other changes
                }
            });
            listening = true;
        }
        latest = new Ended(launch, label, state);
    }

    private static synchronized void forget(ILaunch removed) {
        Ended e = latest;
        if (e != null && e.launch() == removed) {
            latest = null;
        }
    }
}
