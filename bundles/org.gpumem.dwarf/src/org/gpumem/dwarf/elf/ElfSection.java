package org.gpumem.dwarf.elf;

/**
 * One section header. {@link ElfFile#data(ElfSection)} gives the contents.
 *
 * @param index   section header index
 * @param name    name from the section header string table ("" when the file has none)
 * @param type    sh_type (SHT_PROGBITS 1, SHT_SYMTAB 2, SHT_RELA 4, SHT_NOBITS 8, SHT_REL 9, ...)
 * @param flags   sh_flags (SHF_COMPRESSED 0x800 among them)
 * @param address sh_addr
 * @param offset  sh_offset in the file
 * @param size    sh_size in the file (the compressed size for SHF_COMPRESSED)
 * @param link    sh_link
 * @param info    sh_info (for relocation sections: the index of the section they apply to)
 * @param align   sh_addralign
 * @param entrySize sh_entsize
 */
public record ElfSection(int index, String name, long type, long flags, long address, long offset, long size,
        long link, long info, long align, long entrySize) {

    public static final int SHT_NULL = 0;
    public static final int SHT_PROGBITS = 1;
    public static final int SHT_SYMTAB = 2;
    public static final int SHT_STRTAB = 3;
    public static final int SHT_RELA = 4;
    public static final int SHT_NOBITS = 8;
    public static final int SHT_REL = 9;
    public static final int SHT_DYNSYM = 11;
    public static final long SHF_ALLOC = 0x2;
    public static final long SHF_COMPRESSED = 0x800;

    public boolean isCompressed() {
        return (flags & SHF_COMPRESSED) != 0;
    }

    public boolean isRelocation() {
        return type == SHT_REL || type == SHT_RELA;
    }
}
