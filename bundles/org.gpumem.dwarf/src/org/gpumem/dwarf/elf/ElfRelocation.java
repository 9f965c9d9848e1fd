package org.gpumem.dwarf.elf;

/**
 * One entry of a SHT_REL or SHT_RELA section.
 *
 * @param offset      r_offset: the offset of the patched bytes in the target section (in
 *                    relocatable files) or their virtual address (in linked files)
 * @param type        the machine-specific relocation type
 * @param symbolIndex index into the symbol table named by the relocation section's sh_link
 * @param addend      r_addend (0 for SHT_REL, whose addend is the value in place)
 * @param explicitAddend whether the entry came from a SHT_RELA section
 */
public record ElfRelocation(long offset, int type, int symbolIndex, long addend, boolean explicitAddend) {
}
