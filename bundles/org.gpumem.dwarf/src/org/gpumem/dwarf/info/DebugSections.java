package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The raw material of DWARF reading: section bytes by name, the relocations that patch them,
 * and the symbol values the input itself defines. {@link DwarfFile} applies the relocations
 * against a {@link SymbolLayout} chosen by the caller (by default {@link #definedSymbols()}), so
 * the DIE reader never sees unrelocated addresses.
 * <p>
 * Implementations: {@link ElfDebugSections} for ELF files (cubins, AMDGPU code objects, host
 * objects; relocations from {@code .rela.debug_*}/{@code .rel.debug_*} sections), and the PTX
 * assembler in {@code org.gpumem.dwarf.ptx}, which turns the {@code .section .debug_* { .b8 ...}}
 * blocks nvcc -G writes into sections. PTX operands such as {@code $L__tmp3},
 * {@code __local_depot0} or {@code .debug_loc+133} become relocations naming that symbol (the
 * section name for section-relative operands), with the operand's width as size and the
 * {@code +N} as addend. A relocation whose symbol names a debug section of the same input
 * resolves to 0 + addend (an offset into that section) without consulting the layout.
 * <p>
 * Implementations must be immutable and safe to read from several threads.
 */
public interface DebugSections {

    /** Name of the input for error messages and output. */
    String fileName();

    /** Byte order of multi-byte values in the sections. */
    ByteOrder order();

    /**
     * The section's bytes before relocation, from index 0 to the limit, or null when the input
     * has no such section. Names are the ELF ones ({@code .debug_info}, {@code .debug_str}...).
     */
    ByteBuffer section(String name);

    /** Relocations to apply to the named section; empty when none. */
    List<Relocation> relocations(String name);

    /** The symbols the input defines itself with their values (an ELF symbol table; none for PTX). */
    SymbolLayout definedSymbols();

    /**
     * ELF e_machine of the input (EM_CUDA 190, EM_AMDGPU 224, ...), or 0 when unknown (PTX
     * implementations may return EM_CUDA).
     */
    int machine();

    /**
     * The address the named section is loaded at (ELF sh_addr; 0 in relocatable files and for
     * PTX), for PC-relative values such as .eh_frame pointers.
     */
    default long sectionAddress(String name) {
        return 0;
    }

    /**
     * One patch to a section: write {@code value(symbol) + addend} as a {@code size}-byte
     * unsigned integer at {@code offset}; a PC-relative relocation subtracts the address of the
     * patched bytes ({@link #sectionAddress} + offset).
     *
     * @param offset     offset of the patched bytes in the section
     * @param size       1, 2, 4 or 8
     * @param symbol     the symbol whose value is added (a section name for section-relative values)
     * @param addend     the constant added to it
     * @param pcRelative whether the place's address is subtracted (ELF R_*_PC32/PC64 in .eh_frame)
     */
    record Relocation(long offset, int size, String symbol, long addend, boolean pcRelative) {
        public Relocation(long offset, int size, String symbol, long addend) {
            this(offset, size, symbol, addend, false);
        }
    }
}
