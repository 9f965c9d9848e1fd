package org.gpumem.model.addressing;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.Location;

/** Creation of {@link Location}s with the offset rules of DW_OP_mem. */
public final class Locations {

    private Locations() {
    }

    /** A location at {@code offset} of {@code space}, which must fit the space's address size. */
    public static Location create(Context context, AddressSpace space, long offset) {
        if (!AddressSpaces.fits(space, offset)) {
            throw new AddressingException("offset 0x" + Long.toHexString(offset) + " does not fit the "
                    + space.getAddressBits() + "-bit address space " + space.getName());
        }
        Location location = GpumemFactory.eINSTANCE.createLocation();
        location.setContext(context);
        location.setSpace(space);
        location.setOffset(offset);
        return location;
    }

    /**
     * The location DW_OP_mem pushes for an integral value of {@code valueBits} bits: the value is
     * truncated to the space's address size when that is smaller and zero-extended when larger;
     * a context-dependent space binds to {@code context}, the context current at evaluation.
     */
    public static Location fromDwarfValue(Context context, AddressSpace space, long value, int valueBits) {
        return create(context, space, AddressSpaces.fitOffset(space, value, valueBits));
    }

    /** {@code space:offset @ context} in the style the CLI and views print. */
    public static String describe(Location location) {
        return location.getSpace().getName() + ":" + AddressSpaces.formatOffset(location.getSpace(), location.getOffset())
                + " @ " + Contexts.describe(location.getContext());
    }
}
