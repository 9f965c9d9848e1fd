package org.gpumem.sim.exec.scalar;

import org.gpumem.sim.ScalarType;

/** Per {@link ScalarType} ordinal: size, signedness and value mask, as arrays the interpreter indexes. */
public final class TypeWidths {
    public static final int[] SIZE;
    public static final boolean[] SIGNED;
    public static final long[] MASK;
    public static final int F32 = ScalarType.F32.ordinal();
    public static final int F64 = ScalarType.F64.ordinal();

    static {
        ScalarType[] types = ScalarType.values();
        SIZE = new int[types.length];
        SIGNED = new boolean[types.length];
        MASK = new long[types.length];
        for (ScalarType t : types) {
            SIZE[t.ordinal()] = t.size();
            SIGNED[t.ordinal()] = t.isSigned();
            MASK[t.ordinal()] = t.size() >= 8 ? -1L : (1L << (8 * t.size())) - 1;
        }
    }

    private TypeWidths() {
    }
}
