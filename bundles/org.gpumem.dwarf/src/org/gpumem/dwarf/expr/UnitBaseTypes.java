package org.gpumem.dwarf.expr;

import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * The base types of one unit, for typed operations (DW_OP_convert, DW_OP_regval_type...):
 * printed as llvm-dwarfdump does ({@code (0x00000011) "int"}, or
 * {@code <invalid base_type ref: 0x5>} when the offset names no base type), and resolved to a
 * size and encoding for {@link EvaluationContext#baseType(long)}.
 */
public final class UnitBaseTypes implements BaseTypeNames {
    private final Unit unit;

    public UnitBaseTypes(Unit unit) {
        this.unit = unit;
    }

    @Override
    public String describe(long unitRelativeOffset) {
        DieCursor die;
        try {
            die = baseTypeDie(unitRelativeOffset);
        } catch (InputFormatException malformed) {
            return "<invalid base_type ref: 0x" + Long.toHexString(unitRelativeOffset) + ": " + malformed.getMessage() + ">";
        }
        if (die == null) {
            return "<invalid base_type ref: 0x" + Long.toHexString(unitRelativeOffset) + ">";
        }
        String name = die.string(DwAt.NAME);
        return String.format("(0x%08x)", die.offset()) + (name != null ? " \"" + name + "\"" : "");
    }

    /**
     * The base type's byte size and DW_ATE encoding; an offset that names no base type, or a
     * malformed DIE there, is bad input.
     */
    public EvaluationContext.BaseType baseType(long unitRelativeOffset) {
        DieCursor die = baseTypeDie(unitRelativeOffset);
        if (die == null) {
            throw unit.section().reader().fail(unit.offset(), "no base type at unit offset 0x"
                    + Long.toHexString(unitRelativeOffset));
        }
        return new EvaluationContext.BaseType((int) die.unsigned(DwAt.BYTE_SIZE, 0), (int) die.unsigned(DwAt.ENCODING, 0));
    }

    /**
     * The base type DIE at a unit-relative offset; null when the offset is outside the unit or
     * names another kind of DIE.
     *
     * @throws InputFormatException when the DIE there is malformed
     */
    private DieCursor baseTypeDie(long unitRelativeOffset) {
        long offset = unit.offset() + unitRelativeOffset;
        if (unitRelativeOffset <= 0 || !unit.contains(offset)) {
            return null;
        }
        DieCursor die = unit.cursor().seek(offset);
        return die.tag() == DwTag.BASE_TYPE ? die : null;
    }
}
