package org.gpumem.cli;

import java.io.IOException;
import java.nio.file.Path;

import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.launch.FinalMemoryState;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * {@code gpumem run --snapshot FILE}: the memory state a launch ended with
 * ({@link FinalMemoryState}), saved by the model's {@link SnapshotWriter}. The launch runs as a
 * {@link ControlledLaunch} so that its last resident CTA (shared memory, the warps' local storage) is
 * still there to be saved beside global memory; each buffer of the launch file is a variable of
 * the global space at its address, so {@code gpumem snapshot FILE --dump global:ADDRESS} and the
 * Snapshot editor find it by name.
 */
final class FinalStateSnapshot {
    private FinalStateSnapshot() {
    }

    /** Runs {@code session} to its end (breakpoints are never set on it): the launch's result. */
    static LaunchResult runToEnd(ControlledLaunch session) {
        while (session.resume().isSuspended()) {
            // a stop without a breakpoint is a suspend request nobody makes here; carry on
        }
        return session.result();
    }

    /** Saves the state {@code session} ended with as {@code file} ({@link FinalMemoryState}). */
    static SnapshotWriter.Saved save(ControlledLaunch session, PreparedLaunch launch, LaunchResult result, Path file)
            throws IOException {
        return SnapshotWriter.save(FinalMemoryState.of(launch, session, result), file);
    }
}
