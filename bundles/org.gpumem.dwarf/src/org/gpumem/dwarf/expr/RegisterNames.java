package org.gpumem.dwarf.expr;

/** Names of DWARF register numbers for printing and for register locations. */
@FunctionalInterface
public interface RegisterNames {
    /** The register's name, or null when there is none. */
    String name(long dwarfRegister);

    RegisterNames NONE = reg -> null;

    /**
     * nvcc writes PTX virtual registers as their ASCII name packed big-end first into the
     * register number: 0x25726431 is "%rd1".
     */
    RegisterNames PTX = reg -> {
        if (reg <= 0) {
            return null;
        }
        StringBuilder name = new StringBuilder(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            int c = (int) (reg >>> shift) & 0xff;
            if (c == 0 && name.length() == 0) {
                continue;
            }
            if (c < 0x21 || c > 0x7e) {
                return null;
            }
            name.append((char) c);
        }
        return name.length() > 1 && name.charAt(0) == '%' ? name.toString() : null;
    };
}
