package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.sim.PtxStateSpace;

/**
 * A variable's type flattened for the Variables view: the element (base type or pointer) after
 * typedefs and qualifiers, and the array extents, derived from the full {@link DwarfType} (which
 * {@code declared} keeps, for expressions: members, enumerators, typedef names).
 *
 * @param name        readable name from the DIE chain ({@code const int*}, {@code int[8]})
 * @param encoding    how one element is encoded
 * @param elementSize bytes of one element
 * @param dimensions  array extents, outermost first; empty for scalars
 * @param pointee     for pointers: the space their DW_AT_address_class names, {@code GENERIC}
 *                    when the pointer type carries none; null otherwise
 * @param declared    the type as DWARF declares it
 */
public record VariableType(String name, Encoding encoding, int elementSize, List<Long> dimensions, PtxStateSpace pointee,
        DwarfType declared) {
    /** Extents above this count as this (a value that large is refused before it is read). */
    private static final long MAX_EXTENT = (1 << 24) + 1;
    private static final int MAX_ELEMENT = 1 << 16;

    /** Element encodings, from DW_ATE_* or the DIE tag. */
    public enum Encoding {
        SIGNED, UNSIGNED, FLOAT, BOOLEAN, POINTER, OTHER
    }

    public VariableType {
        dimensions = List.copyOf(dimensions);
    }

    /**
     * {@code declared} flattened: arrays (extents of unknown size skipped) down to their element,
     * typedefs and qualifiers followed; a pointer points into the state space its DWARF names
     * (generic when none); base types by DW_ATE encoding, sizes 1..8 (others, and structs, enums
     * and unions, are {@link Encoding#OTHER}).
     *
     * @param name the type's readable name
     */
    public static VariableType of(String name, DwarfType declared) {
        List<Long> dimensions = new ArrayList<>();
        DwarfType t = declared.stripped();
        while (t instanceof DwarfType.Array a) {
            if (a.count() >= 0) {
                dimensions.add(Math.min(a.count(), MAX_EXTENT));
            }
            t = a.element().stripped();
        }
        if (t instanceof DwarfType.Pointer p) {
            PtxStateSpace pointee = p.space() == null ? null : SimEvaluationContext.stateSpace(p.space());
            return new VariableType(name, Encoding.POINTER, p.size(), dimensions,
                    pointee != null ? pointee : PtxStateSpace.GENERIC, declared);
        }
        int size = (int) Math.max(0, Math.min(t.byteSize(), MAX_ELEMENT));
        Encoding encoding = Encoding.OTHER;
        if (t instanceof DwarfType.Base b && size >= 1 && size <= 8) {
            encoding = switch (b.encoding()) {
                case BOOLEAN -> Encoding.BOOLEAN;
                case FLOAT -> Encoding.FLOAT;
                case SIGNED, SIGNED_CHAR -> Encoding.SIGNED;
                case UNSIGNED, UNSIGNED_CHAR -> Encoding.UNSIGNED;
                case OTHER -> Encoding.OTHER;
            };
        }
        return new VariableType(name, encoding, size, dimensions, null, declared);
    }

    /** Number of elements: the product of the extents, 1 for scalars; Long.MAX_VALUE when that overflows. */
    public long count() {
        long n = 1;
        for (long d : dimensions) {
            n = multiply(n, d);
        }
        return n;
    }

    /** Bytes of the whole object; Long.MAX_VALUE when that overflows. */
    public long byteSize() {
        return multiply(count(), elementSize);
    }

    private static long multiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }
}
