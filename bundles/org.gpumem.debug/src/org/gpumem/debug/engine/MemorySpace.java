package org.gpumem.debug.engine;

import java.util.List;
import java.util.Locale;

import org.gpumem.sim.memory.AddressSpace;

/**
 * The address spaces the debugger reads and writes, named as the simulator target of
 * {@code org.gpumem.model} names them ({@code BuiltinTargets.simulator()}), with the aliases a
 * user of rocgdb or cuda-gdb types ({@code private_lane}, {@code private_wave}).
 */
public enum MemorySpace {
    GENERIC("generic", Scope.LANE, 8, AddressSpace.GENERIC),
    GLOBAL("global", Scope.DEVICE, 8, AddressSpace.GLOBAL),
    CONST("const", Scope.DEVICE, 4, AddressSpace.CONST),
    PARAM("param", Scope.DEVICE, 4, AddressSpace.PARAM),
    SHARED("shared", Scope.CTA, 4, AddressSpace.SHARED, "group"),
    /** Per-thread local memory at the offsets the thread uses. */
    LOCAL("local", Scope.LANE, 4, AddressSpace.LOCAL, "private_lane", "private"),
    /** A warp's local memory as stored: 4-byte words of the 32 lanes interleaved. */
    LOCAL_WARP("local_warp", Scope.WARP, 4, AddressSpace.LOCAL, "private_wave", "private_warp");

    /** Which context instance of the space an access needs. */
    public enum Scope {
        DEVICE, CTA, WARP, LANE
    }

    private final String spaceName;
    private final Scope scope;
    private final int addressSize;
    private final AddressSpace simSpace;
    private final List<String> aliases;

    MemorySpace(String name, Scope scope, int addressSize, AddressSpace simSpace, String... aliases) {
        this.spaceName = name;
        this.scope = scope;
        this.addressSize = addressSize;
        this.simSpace = simSpace;
        this.aliases = List.of(aliases);
    }

    /** The space's name ({@code shared}, {@code local_warp}...). */
    public String spaceName() {
        return spaceName;
    }

    public Scope scope() {
        return scope;
    }

    /** Bytes of an address in this space. */
    public int addressSize() {
        return addressSize;
    }

    /** The simulator's state space holding the bytes. */
    public AddressSpace simSpace() {
        return simSpace;
    }

    /** The space named {@code name} or one of its aliases (case-insensitive), or null. */
    public static MemorySpace byName(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (MemorySpace s : values()) {
            if (s.spaceName.equals(n) || s.aliases.contains(n)) {
                return s;
            }
        }
        return null;
    }

    /** The debugger's space for a simulator state space (per-lane {@code local} for LOCAL). */
    public static MemorySpace of(AddressSpace space) {
        switch (space) {
            case GLOBAL:
                return GLOBAL;
            case CONST:
                return CONST;
            case PARAM:
                return PARAM;
            case SHARED:
                return SHARED;
            case LOCAL:
                return LOCAL;
            default:
                return GENERIC;
        }
    }

    /** All names and aliases, for messages. */
    public static String knownNames() {
        StringBuilder sb = new StringBuilder();
        for (MemorySpace s : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(s.spaceName);
            for (String a : s.aliases) {
                sb.append(", ").append(a);
            }
        }
        return sb.toString();
    }
}
