package org.gpumem.sim;

/** PTX fundamental types as instructions and declarations name them. */
public enum ScalarType {
    U8(1, 'u'), U16(2, 'u'), U32(4, 'u'), U64(8, 'u'),
    S8(1, 's'), S16(2, 's'), S32(4, 's'), S64(8, 's'),
    B8(1, 'b'), B16(2, 'b'), B32(4, 'b'), B64(8, 'b'), B128(16, 'b'),
    F16(2, 'f'), F16X2(4, 'f'), BF16(2, 'f'), BF16X2(4, 'f'), F32(4, 'f'), F64(8, 'f'),
    PRED(1, 'p');

    private static final ScalarType[] VALUES = values();
    private final int size;
    private final char kind;

    ScalarType(int size, char kind) {
        this.size = size;
        this.kind = kind;
    }

    /** Size in bytes. */
    public int size() {
        return size;
    }

    public boolean isSigned() {
        return kind == 's';
    }

    public boolean isFloat() {
        return kind == 'f';
    }

    public boolean isPredicate() {
        return kind == 'p';
    }

    /** The type for a PTX suffix without the dot ({@code u32}, {@code f64}...), or null. */
    public static ScalarType fromName(String name) {
        switch (name) {
            case "u8": return U8;
            case "u16": return U16;
            case "u32": return U32;
            case "u64": return U64;
            case "s8": return S8;
            case "s16": return S16;
            case "s32": return S32;
            case "s64": return S64;
            case "b8": return B8;
            case "b16": return B16;
            case "b32": return B32;
            case "b64": return B64;
            case "b128": return B128;
            case "f16": return F16;
            case "f16x2": return F16X2;
            case "bf16": return BF16;
            case "bf16x2": return BF16X2;
            case "f32": return F32;
            case "f64": return F64;
            case "pred": return PRED;
            default: return null;
        }
    }

    static ScalarType of(int ordinal) {
        return VALUES[ordinal];
    }

    /** The PTX suffix without the dot. */
    public String ptxName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
