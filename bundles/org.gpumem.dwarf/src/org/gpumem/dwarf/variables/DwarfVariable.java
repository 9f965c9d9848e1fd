package org.gpumem.dwarf.variables;

import java.util.List;

/**
 * A variable or formal parameter as {@code gpumem dwarf} lists it.
 *
 * @param unit          name of the compile unit
 * @param function      name of the enclosing subprogram (or inlined subroutine), null for globals
 * @param name          the variable's name (from DW_AT_abstract_origin/specification when inlined)
 * @param parameter     true for DW_TAG_formal_parameter
 * @param dieOffset     section offset of the DIE
 * @param type          readable type name ({@code float*}, {@code int[16]})
 * @param declFile      source file (base name) or null
 * @param declLine      source line, 0 when unknown
 * @param space         the address space the storage lives in, or null when the variable has no location
 * @param spaceSource   where {@link #space} came from: an attribute name (DW_AT_address_class...) or
 *                      "location" (the evaluated location), "default"
 * @param location      the location description, or null when the DIE has none
 */
public record DwarfVariable(String unit, String function, String name, boolean parameter, long dieOffset, String type,
        String declFile, long declLine, SpaceRef space, String spaceSource, LocationText location) {

    /** An address space by its DWARF number (as found in the file) and gpumem's name for it. */
    public record SpaceRef(long id, String name, String numbering) {
    }

    /**
     * A location description in text form.
     *
     * @param kind        memory, register, implicit, composite, list, none
     * @param ops         the operations, llvm-dwarfdump style; for lists, one line per entry
     * @param bytes       the expression bytes in hex (of a single expression; null for lists)
     * @param address     the evaluated memory offset when it does not depend on run-time state, else null
     * @param symbols     relocations inside the expression as {@code symbol+addend}; a symbol not placed
     *                    by the layout keeps the address symbolic
     * @param entries     location list entries (null for a single expression)
     * @param problem     why the expression could not be decoded or evaluated statically, or null
     */
    public record LocationText(String kind, String ops, String bytes, Long address, List<String> symbols,
            List<ListEntryText> entries, String problem) {
    }

    /**
     * One location list entry: [low, high) and its expression. {@code lowText}/{@code highText}
     * are the addresses in hex, or {@code symbol+addend} where the layout did not place the symbol.
     */
    public record ListEntryText(long low, long high, String lowText, String highText, String kind, String ops) {
    }
}
