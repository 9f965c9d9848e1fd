package org.gpumem.sim.ptx;

/**
 * A {@code .section .debug_*} block of the PTX text, skipped by the loader and kept verbatim
 * for the DWARF assembler: the section name, the lines of its braces and the text between
 * them.
 */
public record DebugSection(String name, int firstLine, int lastLine, String body) {
}
