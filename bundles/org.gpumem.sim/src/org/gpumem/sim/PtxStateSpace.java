package org.gpumem.sim;

/**
 * The PTX state spaces the simulator keeps storage for, and generic, which has none of its own:
 * a generic address falls into one of the windows of the simulator's target
 * ({@link SimulatorTarget}) or is a global address. Each is named as PTX spells it after the dot,
 * which is also the name of its address space in {@link SimulatorTarget} and in the DWARF
 * numbering of nvcc's code ({@code org.gpumem.dwarf.aspace.AddressSpaceRegistry}); the numbers
 * themselves live only there.
 */
public enum PtxStateSpace {
    /** Device memory, one per device; generic addresses outside the windows are global addresses. */
    GLOBAL("global"),
    /** Read-only banks of module {@code .const} variables, one per loaded module. */
    CONST("const"),
    /** Per-CTA scratch memory: static {@code .shared} variables, then the dynamic part. */
    SHARED("shared"),
    /** Per-thread private memory, stored lane-interleaved per warp as the target describes. */
    LOCAL("local"),
    /** LoadedKernel parameters (read-only, per launch) and call parameters (per thread). */
    PARAM("param"),
    /** The flat space that cvta converts to and from. */
    GENERIC("generic");

    private final String ptxName;

    PtxStateSpace(String ptxName) {
        this.ptxName = ptxName;
    }

    /** The state-space name as PTX spells it after the dot ({@code shared}, {@code local}...). */
    public String ptxName() {
        return ptxName;
    }

    /** The space whose PTX name is {@code name}, or null. */
    public static PtxStateSpace fromPtxName(String name) {
        for (PtxStateSpace s : values()) {
            if (s.ptxName.equals(name)) {
                return s;
            }
        }
        return null;
    }
}
