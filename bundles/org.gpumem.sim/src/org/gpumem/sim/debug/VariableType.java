package org.gpumem.sim.debug;

import java.util.List;

import org.gpumem.sim.PtxStateSpace;

/**
 * A variable's type as DWARF describes it, decoded far enough to read and print its value:
 * the element (base type or pointer) after typedefs and qualifiers, and the array extents.
 *
 * @param name        readable name from the DIE chain ({@code const int*}, {@code int[8]})
 * @param encoding    how one element is encoded
 * @param elementSize bytes of one element
 * @param dimensions  array extents, outermost first; empty for scalars
 * @param pointee     for pointers: the space their DW_AT_address_class names, {@code GENERIC}
 *                    when the pointer type carries none; null otherwise
 */
public record VariableType(String name, Encoding encoding, int elementSize, List<Long> dimensions, PtxStateSpace pointee) {

    /** Element encodings, from DW_ATE_* or the DIE tag. */
    public enum Encoding {
        SIGNED, UNSIGNED, FLOAT, BOOLEAN, POINTER, OTHER
    }

    public VariableType {
        dimensions = List.copyOf(dimensions);
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
