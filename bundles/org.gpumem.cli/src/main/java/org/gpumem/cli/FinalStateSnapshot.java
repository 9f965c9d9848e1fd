package org.gpumem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.DebugSession;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * {@code gpumem run --snapshot FILE}: the memory state a launch ended with, saved by the
 * model's {@link SnapshotWriter}. The launch runs as a {@link DebugSession} so that its last
 * resident CTA (shared memory, the warps' local storage) is still there to be saved beside global
 * memory; each buffer of the launch file becomes a variable of the global space at its address,
 * so {@code gpumem snapshot FILE --dump global:ADDRESS} and the Snapshot editor find it by name.
 */
final class FinalStateSnapshot {
    private FinalStateSnapshot() {
    }

    /** Runs {@code session} to its end (breakpoints are never set on it): the launch's result. */
    static LaunchResult runToEnd(DebugSession session) {
        while (session.resume().isSuspended()) {
            // a stop without a breakpoint is a suspend request nobody makes here; carry on
        }
        return session.result();
    }

    /** Saves the state {@code session} ended with as {@code file}. */
    static SnapshotWriter.Saved save(DebugSession session, PreparedLaunch launch, LaunchResult result, Path file)
            throws IOException {
        MemoryState state = StoppedMemoryState.of(session);
        String kernel = ItaniumDemangler.readable(launch.kernel().name());
        state.setName(kernel + (result.completed() ? " completed" : " stopped: " + result.fault().kind().name().toLowerCase(
                java.util.Locale.ROOT)) + ", last resident CTA " + session.cta().index());
        AddressSpace global = AddressSpaces.require(state.getTarget(), "global");
        Map<String, Long> addresses = launch.bufferAddresses();
        for (KernelArgument argument : launch.description().args()) {
            if (argument instanceof KernelArgument.Buffer b && addresses.containsKey(b.name())) {
                Variable v = GpumemFactory.eINSTANCE.createVariable();
                v.setName(b.name());
                v.setTypeName(b.type().ptxName() + "[" + b.count() + "]");
                v.setByteSize(b.byteSize());
                v.setSpace(global);
                v.setOffset(addresses.get(b.name()));
                state.getVariables().add(v);
            }
        }
        return SnapshotWriter.save(state, file);
    }
}
