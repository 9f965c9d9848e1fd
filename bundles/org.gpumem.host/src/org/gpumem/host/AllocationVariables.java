package org.gpumem.host;

import java.util.List;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.TextureArray;

/**
 * A CUDA program's device memory as variables of a model state's global space: each live
 * allocation named by its entry point and the host call that made it
 * ({@code cudaMalloc from main+0x1a4}, its source line as the declaration when the program has
 * a line table), each module {@code __device__} variable by its name; offset = device address.
 * A CUDA array is a variable of the texture space instead ({@link SimulatorTarget#TEXTURE}, at
 * the same offset), its type saying its format, extent, layers, levels and bytes.
 * What the IDE shows under the global pool and what a saved snapshot keeps.
 */
public final class AllocationVariables {
    private AllocationVariables() {
    }

    /**
     * Adds the allocations of {@code process}, which must still run (the host calls are read
     * from its mappings), to {@code state}, a state of the device the process's kernels run on.
     */
    public static void addTo(MemoryState state, HostProcess process, HostCode code) {
        AddressSpace global = AddressSpaces.require(state.getTarget(), "global");
        AddressSpace texture = AddressSpaces.require(state.getTarget(), SimulatorTarget.TEXTURE);
        List<DeviceAllocation> allocations = process.allocations();
        List<CallSite> callers = code.callers(process.pid(), allocations);
        for (int i = 0; i < allocations.size(); i++) {
            DeviceAllocation a = allocations.get(i);
            Variable v = variable(a, callers.get(i), global);
            TextureArray array = a.kind() == DeviceAllocation.Kind.ARRAY ? process.device().textures().arrayAt(a.address()) : null;
            if (array != null) { // the array in the texture space, at the same offset
                v.setSpace(texture);
                v.setTypeName(array.describe());
            }
            state.getVariables().add(v);
        }
    }

    static Variable variable(DeviceAllocation a, CallSite caller, AddressSpace global) {
        Variable v = GpumemFactory.eINSTANCE.createVariable();
        v.setByteSize(a.size());
        v.setSpace(global);
        v.setOffset(a.address());
        if (a.kind() == DeviceAllocation.Kind.VARIABLE) {
            v.setName(ItaniumDemangler.readable(a.entryPoint()));
            v.setTypeName("__device__ variable");
            return v;
        }
        v.setTypeName(switch (a.kind()) {
            case DEVICE -> "device memory";
            case MANAGED -> "managed memory";
            case POOL -> "stream-ordered memory (memory pool)";
            case MANAGED_POOL -> "stream-ordered managed memory (memory pool)";
            case POOL_RESERVE -> "memory pool reserve";
            case GRAPH -> "graph memory";
            case ARRAY -> "CUDA array";
            case CONDITION -> "conditional handle value";
            default -> "page-locked host memory";
        });
        if (caller == null) {
            v.setName(a.entryPoint());
            return v;
        }
        CallSite where = new CallSite(caller.address(), caller.file(), caller.symbol(), caller.function(),
                caller.offset(), null, 0);
        v.setName(a.entryPoint() + " from " + where);
        if (caller.sourceFile() != null) {
            v.setDeclFile(caller.sourceFile());
            v.setDeclLine(caller.line());
        }
        return v;
    }
}
