package org.gpumem.dwarf.elf;

/**
 * One symbol table entry.
 *
 * @param index        index in its symbol table
 * @param name         name ("" when unnamed; for section symbols see {@link ElfFile#symbolName})
 * @param value        st_value
 * @param size         st_size
 * @param info         st_info (binding in the high nibble, type in the low one)
 * @param other        st_other (visibility)
 * @param sectionIndex st_shndx (SHN_UNDEF 0, SHN_ABS 0xfff1, SHN_COMMON 0xfff2)
 */
public record ElfSymbol(int index, String name, long value, long size, int info, int other, int sectionIndex) {
    public static final int STT_SECTION = 3;

    public int type() {
        return info & 0xf;
    }

    public int binding() {
        return info >>> 4;
    }
}
