package org.gpumem.sim.memory;

/**
 * The PTX state spaces that hold addressable data in the simulator. {@link #GENERIC} is not
 * storage of its own: a generic address falls into one of the windows described by
 * {@link GenericWindows} or is a global address.
 */
public enum AddressSpace {
    /** Device memory, one per {@code Device}; generic addresses equal global addresses. */
    GLOBAL("global", 5),
    /** Read-only banks of module {@code .const} variables, one per loaded module. */
    CONST("const", 4),
    /** Per-CTA scratch memory: static {@code .shared} variables, then the dynamic part. */
    SHARED("shared", 8),
    /** Per-thread private memory, stored lane-interleaved per warp (see {@link LocalLayout}). */
    LOCAL("local", 6),
    /** Kernel parameters (read-only, per launch) and call parameters (per thread). */
    PARAM("param", 7),
    /** The flat space that cvta converts to and from. */
    GENERIC("generic", 12);

    private final String ptxName;
    private final int nvidiaAddressClass;

    AddressSpace(String ptxName, int nvidiaAddressClass) {
        this.ptxName = ptxName;
        this.nvidiaAddressClass = nvidiaAddressClass;
    }

    /** The state-space name as PTX spells it after the dot ({@code shared}, {@code local}...). */
    public String ptxName() {
        return ptxName;
    }

    /**
     * The value nvcc writes in DW_AT_address_class for this space (cuda-gdb's ptxStorageKind),
     * so DWARF locations can be bound to simulator storage.
     */
    public int nvidiaAddressClass() {
        return nvidiaAddressClass;
    }

    /** The space whose PTX name is {@code name}, or null. */
    public static AddressSpace fromPtxName(String name) {
        for (AddressSpace s : values()) {
            if (s.ptxName.equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The space for an nvcc DW_AT_address_class value, or null if it names no storage. */
    public static AddressSpace fromNvidiaAddressClass(int addressClass) {
        for (AddressSpace s : values()) {
            if (s.nvidiaAddressClass == addressClass) {
                return s;
            }
        }
        return null;
    }
}
