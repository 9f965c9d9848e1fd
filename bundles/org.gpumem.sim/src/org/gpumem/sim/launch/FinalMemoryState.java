package org.gpumem.sim.launch;

import java.util.Locale;
import java.util.Map;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.StoppedMemoryState;

/**
 * The memory state a launch file's kernel ended with, as {@code gpumem run --snapshot} and the
 * IDE's Save Snapshot after a kernel's end save it: the session's last resident CTAs (shared
 * memory, the warps' local storage) beside global memory, each buffer of the launch file a
 * variable of the global space at its address, so that a snapshot's reader finds it by name. The
 * state reads the session's storage (nothing is copied): it is valid while nothing runs the
 * session again, which after its end nothing does.
 */
public final class FinalMemoryState {
    private FinalMemoryState() {
    }

    /**
     * The state {@code session}, a session of {@code launch}, is in now; named after how it
     * ended ({@code result}, null when it was stopped before its end).
     */
    public static MemoryState of(PreparedLaunch launch, ControlledLaunch session, LaunchResult result) {
        MemoryState state = StoppedMemoryState.of(session);
        String kernel = ItaniumDemangler.readable(launch.kernel().name());
        String outcome = result == null ? " terminated before its end"
                : result.completed() ? " completed" : " stopped: " + result.fault().kind().name().toLowerCase(Locale.ROOT);
        state.setName(kernel + outcome + ", last resident CTA " + session.cta().index());
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
        return state;
    }
}
