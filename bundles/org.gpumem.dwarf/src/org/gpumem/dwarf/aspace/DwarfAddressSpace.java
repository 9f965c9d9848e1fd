package org.gpumem.dwarf.aspace;

/**
 * One address space of a target as gpumem understands it.
 *
 * @param family      numbering the space belongs to ("nvidia-ptx", "amdgpu", "default")
 * @param id          the space's number in the family's canonical numbering (the number DWARF
 *                    operations use: PTX state space for NVIDIA, DW_ASPACE_AMDGPU_* for AMDGPU)
 * @param name        short name as debuggers print it ({@code shared}, {@code private_lane})
 * @param addressSize size in bytes of an offset into the space; DW_OP_mem truncates or
 *                    zero-extends offsets to it
 * @param scope       the context element that owns one instance of the storage
 * @param known       false when the number is not in the family's table; such a space gets the
 *                    unit's address size and device scope, and its name says it is unknown
 */
public record DwarfAddressSpace(String family, long id, String name, int addressSize, StorageScope scope, boolean known) {

    public DwarfAddressSpace {
        if (addressSize != 1 && addressSize != 2 && addressSize != 4 && addressSize != 8) {
            throw new IllegalArgumentException("address size " + addressSize);
        }
    }

    /** Mask of the bits an offset in this space keeps. */
    public long offsetMask() {
        return addressSize == 8 ? -1L : (1L << (addressSize * 8)) - 1;
    }

    /** The offset truncated or zero-extended to this space's address size. */
    public long fit(long offset) {
        return offset & offsetMask();
    }

    @Override
    public String toString() {
        return name + "(" + id + ")";
    }
}
