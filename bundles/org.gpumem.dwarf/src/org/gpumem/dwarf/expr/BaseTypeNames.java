package org.gpumem.dwarf.expr;

/**
 * Text for a base-type operand (DW_OP_convert, DW_OP_deref_type...) as llvm-dwarfdump prints it,
 * e.g. {@code (0x0000002a) "int"}; the caller resolves the unit-relative DIE offset.
 */
@FunctionalInterface
public interface BaseTypeNames {
    String describe(long unitRelativeOffset);

    BaseTypeNames UNRESOLVED = offset -> "<base_type ref: 0x" + Long.toHexString(offset) + ">";
}
