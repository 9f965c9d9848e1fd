/**
 * ELF files of any class, byte order and object type: sections, symbols and relocations
 * ({@link org.gpumem.dwarf.elf.ElfFile}). Compressed sections are inflated on first use through
 * {@code org.gpumem.dwarf.io}; malformed files fail with an
 * {@link org.gpumem.dwarf.io.InputFormatException}.
 */
package org.gpumem.dwarf.elf;
