package org.gpumem.dwarf.aspace;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How one producer family numbers address spaces: the canonical spaces of the family, and for
 * each {@link NumberKind} the table from the number found in the DWARF to a space. Instances
 * come from {@link AddressSpaceRegistry}; the tables live there, in one place.
 */
public final class AddressSpaceNumbering {
    private final String name;
    private final String family;
    private final int unitAddressSize;
    private final Map<Long, DwarfAddressSpace> spaces;
    private final Map<NumberKind, Map<Long, DwarfAddressSpace>> byKind;
    private final DwarfAddressSpace defaultSpace;

    AddressSpaceNumbering(String name, String family, int unitAddressSize, Map<Long, DwarfAddressSpace> spaces,
            Map<NumberKind, Map<Long, Long>> numberToId, long defaultId) {
        this.name = name;
        this.family = family;
        this.unitAddressSize = unitAddressSize;
        this.spaces = Collections.unmodifiableMap(new LinkedHashMap<>(spaces));
        this.byKind = new EnumMap<>(NumberKind.class);
        for (Map.Entry<NumberKind, Map<Long, Long>> kind : numberToId.entrySet()) {
            Map<Long, DwarfAddressSpace> table = new LinkedHashMap<>();
            kind.getValue().forEach((number, id) -> table.put(number, spaces.get(id)));
            byKind.put(kind.getKey(), Collections.unmodifiableMap(table));
        }
        this.defaultSpace = spaces.get(defaultId);
    }

    /** Name of this numbering, e.g. {@code amdgpu-llvm19}, for messages and JSON output. */
    public String name() {
        return name;
    }

    /** Family of the canonical spaces ({@code nvidia-ptx}, {@code amdgpu}, {@code default}). */
    public String family() {
        return family;
    }

    /** DW_ASPACE_default of the target: where DW_OP_addr and plain pointers point. */
    public DwarfAddressSpace defaultSpace() {
        return defaultSpace;
    }

    /** The canonical spaces of the family, in table order. */
    public Collection<DwarfAddressSpace> spaces() {
        return spaces.values();
    }

    /** The space a DWARF number of the given kind denotes; an unknown number gives an unknown space. */
    public DwarfAddressSpace resolve(NumberKind kind, long number) {
        Map<Long, DwarfAddressSpace> table = byKind.get(kind);
        DwarfAddressSpace space = table == null ? null : table.get(number);
        return space != null ? space : unknown(kind, number);
    }

    /** Whether the number of that kind is in this numbering's table. */
    public boolean knows(NumberKind kind, long number) {
        Map<Long, DwarfAddressSpace> table = byKind.get(kind);
        return table != null && table.containsKey(number);
    }

    private DwarfAddressSpace unknown(NumberKind kind, long number) {
        String what = kind == NumberKind.ADDRESS_CLASS ? "address_class" : kind == NumberKind.MEMORY_SPACE
                ? "memory_space" : "aspace";
        return new DwarfAddressSpace(family, number, "unknown_" + what + "_" + number, unitAddressSize, StorageScope.DEVICE, false);
    }

    @Override
    public String toString() {
        return name;
    }
}
