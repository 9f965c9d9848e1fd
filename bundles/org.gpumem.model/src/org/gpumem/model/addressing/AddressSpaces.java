package org.gpumem.model.addressing;

import java.util.Locale;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Target;

/** Lookup of address spaces and the offset-width rules of DW_OP_mem. */
public final class AddressSpaces {

    private AddressSpaces() {
    }

    /** The space of {@code target} whose name or one of whose aliases is {@code name} (any case), or null. */
    public static AddressSpace find(Target target, String name) {
        if (name == null) {
            return null;
        }
        String wanted = name.toLowerCase(Locale.ROOT);
        for (AddressSpace space : target.getAddressSpaces()) {
            if (space.getName().toLowerCase(Locale.ROOT).equals(wanted)) {
                return space;
            }
        }
        for (AddressSpace space : target.getAddressSpaces()) {
            for (String alias : space.getAliases()) {
                if (alias.toLowerCase(Locale.ROOT).equals(wanted)) {
                    return space;
                }
            }
        }
        return null;
    }

    /** The space with this DWARF address-space number, or null. */
    public static AddressSpace findByDwarfNumber(Target target, long number) {
        for (AddressSpace space : target.getAddressSpaces()) {
            if (space.getDwarfNumber() == number && number >= 0) {
                return space;
            }
        }
        return null;
    }

    /** The space named {@code name}; throws naming the target's spaces when there is none. */
    public static AddressSpace require(Target target, String name) {
        AddressSpace space = find(target, name);
        if (space == null) {
            StringBuilder known = new StringBuilder();
            for (AddressSpace s : target.getAddressSpaces()) {
                known.append(known.length() == 0 ? "" : ", ").append(s.getName());
            }
            throw new AddressingException("target " + target.getName() + " has no address space '" + name
                    + "' (it has " + known + ")");
        }
        return space;
    }

    /** Mask keeping the low {@code bits} bits ({@code bits} in 1..64). */
    public static long mask(int bits) {
        if (bits <= 0 || bits > 64) {
            throw new IllegalArgumentException("address width of " + bits + " bits");
        }
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    /**
     * The offset DW_OP_mem forms from an integral value of {@code valueBits} bits: truncated to
     * the space's address size when that is smaller, zero-extended when it is larger.
     */
    public static long fitOffset(AddressSpace space, long value, int valueBits) {
        return value & mask(valueBits) & mask(space.getAddressBits());
    }

    /** Whether {@code offset}, as an unsigned number, is a valid offset of the space. */
    public static boolean fits(AddressSpace space, long offset) {
        return (offset & ~mask(space.getAddressBits())) == 0;
    }

    /** Hex text of an offset padded to the space's width, e.g. {@code 0x00000010}. */
    public static String formatOffset(AddressSpace space, long offset) {
        String hex = Long.toHexString(offset);
        int digits = Math.max(1, (space.getAddressBits() + 3) / 4);
        return "0x" + "0".repeat(Math.max(0, digits - hex.length())) + hex;
    }
}
