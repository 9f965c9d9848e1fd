/**
 * The DWARF that {@code nvcc -G} writes into PTX text, assembled into sections
 * ({@link org.gpumem.dwarf.ptx.PtxDebugSections}) that {@code org.gpumem.dwarf.info} reads as
 * it reads an ELF file's; a section that cannot be assembled is a
 * {@link org.gpumem.dwarf.ptx.PtxSyntaxException} naming the PTX file and line.
 */
package org.gpumem.dwarf.ptx;
