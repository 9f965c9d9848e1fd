package org.gpumem.dwarf.expr;

/** How one operand of a DWARF operation is encoded. */
enum OperandEncoding {
    U8, S8, U16, S16, U32, S32, U64, S64, ULEB, SLEB,
    /** A target address: the unit's address size. */
    ADDRESS,
    /** A section offset: 4 bytes in 32-bit DWARF, 8 in 64-bit DWARF. */
    SECTION_OFFSET,
    /** A DIE reference in another unit: address size in DWARF 2, section offset size after. */
    REF_ADDR,
    /** A DIE offset relative to the unit (ULEB), naming a base type. */
    BASE_TYPE,
    /** A byte block whose length is the previous operand. */
    BLOCK,
    /** A ULEB length followed by a nested DWARF expression of that length (entry values). */
    NESTED_EXPRESSION;

    boolean signed() {
        return this == S8 || this == S16 || this == S32 || this == S64 || this == SLEB;
    }
}
