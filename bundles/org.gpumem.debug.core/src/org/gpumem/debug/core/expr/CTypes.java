package org.gpumem.debug.core.expr;

import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.dwarf.types.DwarfType.Encoding;

/**
 * The C types expressions make without DWARF (literals, results of arithmetic, casts to base
 * types, registers, CUDA's built-in variables), with CUDA's sizes on a 64-bit host ({@code long}
 * is 8 bytes), and the usual arithmetic conversions of C.
 */
public final class CTypes {
    public static final DwarfType.Base BOOL = new DwarfType.Base("bool", 1, Encoding.BOOLEAN);
    public static final DwarfType.Base CHAR = new DwarfType.Base("char", 1, Encoding.SIGNED_CHAR);
    public static final DwarfType.Base SIGNED_CHAR = new DwarfType.Base("signed char", 1, Encoding.SIGNED_CHAR);
    public static final DwarfType.Base UNSIGNED_CHAR = new DwarfType.Base("unsigned char", 1, Encoding.UNSIGNED_CHAR);
    public static final DwarfType.Base SHORT = new DwarfType.Base("short", 2, Encoding.SIGNED);
    public static final DwarfType.Base UNSIGNED_SHORT = new DwarfType.Base("unsigned short", 2, Encoding.UNSIGNED);
    public static final DwarfType.Base INT = new DwarfType.Base("int", 4, Encoding.SIGNED);
    public static final DwarfType.Base UNSIGNED_INT = new DwarfType.Base("unsigned int", 4, Encoding.UNSIGNED);
    public static final DwarfType.Base LONG = new DwarfType.Base("long", 8, Encoding.SIGNED);
    public static final DwarfType.Base UNSIGNED_LONG = new DwarfType.Base("unsigned long", 8, Encoding.UNSIGNED);
    public static final DwarfType.Base LONG_LONG = new DwarfType.Base("long long", 8, Encoding.SIGNED);
    public static final DwarfType.Base UNSIGNED_LONG_LONG = new DwarfType.Base("unsigned long long", 8, Encoding.UNSIGNED);
    public static final DwarfType.Base FLOAT = new DwarfType.Base("float", 4, Encoding.FLOAT);
    public static final DwarfType.Base DOUBLE = new DwarfType.Base("double", 8, Encoding.FLOAT);
    public static final DwarfType VOID = new DwarfType.Void();
    /** CUDA's {@code uint3} ({@code threadIdx}, {@code blockIdx}). */
    public static final DwarfType.Composite UINT3 = vector3("uint3");
    /** CUDA's {@code dim3} ({@code blockDim}, {@code gridDim}). */
    public static final DwarfType.Composite DIM3 = vector3("dim3");

    /** The base types by every way C spells them (sorted words: {@code int unsigned} is {@code unsigned int}). */
    private static final Map<String, DwarfType> BY_WORDS = Map.ofEntries(
            Map.entry("bool", BOOL), Map.entry("_Bool", BOOL), Map.entry("char", CHAR),
            Map.entry("char signed", SIGNED_CHAR), Map.entry("char unsigned", UNSIGNED_CHAR),
            Map.entry("short", SHORT), Map.entry("int short", SHORT), Map.entry("short signed", SHORT),
            Map.entry("int short signed", SHORT), Map.entry("short unsigned", UNSIGNED_SHORT),
            Map.entry("int short unsigned", UNSIGNED_SHORT), Map.entry("int", INT), Map.entry("signed", INT),
            Map.entry("int signed", INT), Map.entry("unsigned", UNSIGNED_INT), Map.entry("int unsigned", UNSIGNED_INT),
            Map.entry("long", LONG), Map.entry("int long", LONG), Map.entry("long signed", LONG),
            Map.entry("int long signed", LONG), Map.entry("long unsigned", UNSIGNED_LONG),
            Map.entry("int long unsigned", UNSIGNED_LONG), Map.entry("long long", LONG_LONG),
            Map.entry("int long long", LONG_LONG), Map.entry("long long signed", LONG_LONG),
            Map.entry("int long long signed", LONG_LONG), Map.entry("long long unsigned", UNSIGNED_LONG_LONG),
            Map.entry("int long long unsigned", UNSIGNED_LONG_LONG), Map.entry("float", FLOAT),
            Map.entry("double", DOUBLE), Map.entry("double long", DOUBLE), Map.entry("void", VOID));

    /** The words that may make up a base type's name. */
    static final List<String> TYPE_WORDS = List.of("void", "bool", "_Bool", "char", "short", "int", "long", "float",
            "double", "signed", "unsigned");

    private CTypes() {
    }

    private static DwarfType.Composite vector3(String name) {
        return new DwarfType.Composite(DwarfType.CompositeKind.STRUCT, name, 12, false,
                List.of(new DwarfType.Member("x", 0, UNSIGNED_INT, 0, 0, false),
                        new DwarfType.Member("y", 4, UNSIGNED_INT, 0, 0, false),
                        new DwarfType.Member("z", 8, UNSIGNED_INT, 0, 0, false)));
    }

    /** The base type C spells with {@code words} (in any order), or null. */
    static DwarfType base(List<String> words) {
        return BY_WORDS.get(String.join(" ", words.stream().sorted().toList()));
    }

    /** The integer type of {@code size} bytes and signedness, as registers and casts need it. */
    public static DwarfType.Base integer(int size, boolean signed) {
        return switch (size) {
            case 1 -> signed ? SIGNED_CHAR : UNSIGNED_CHAR;
            case 2 -> signed ? SHORT : UNSIGNED_SHORT;
            case 4 -> signed ? INT : UNSIGNED_INT;
            case 8 -> signed ? LONG : UNSIGNED_LONG;
            default -> throw new IllegalArgumentException("no integer type of " + size + " bytes");
        };
    }

    /** The type an arithmetic operand of {@code type} is promoted to: int for smaller integers. */
    static DwarfType.Base promoted(DwarfType.Base type) {
        if (type.encoding() == Encoding.FLOAT) {
            return type;
        }
        if (type.size() < 4 || type.size() == 4 && type.isSigned()) {
            return INT;
        }
        if (type.size() == 4) {
            return UNSIGNED_INT;
        }
        return type.isSigned() ? LONG : UNSIGNED_LONG;
    }

    /** The common type of two arithmetic operands (C's usual arithmetic conversions). */
    static DwarfType.Base common(DwarfType.Base a, DwarfType.Base b) {
        if (a.encoding() == Encoding.FLOAT || b.encoding() == Encoding.FLOAT) {
            return a.size() == 8 && a.encoding() == Encoding.FLOAT || b.size() == 8 && b.encoding() == Encoding.FLOAT
                    ? DOUBLE : FLOAT;
        }
        DwarfType.Base pa = promoted(a);
        DwarfType.Base pb = promoted(b);
        if (pa.size() != pb.size()) {
            // the wider type holds every value of the narrower one
            return pa.size() > pb.size() ? pa : pb;
        }
        return pa.isSigned() && pb.isSigned() ? pa : pa.isSigned() ? pb : pa;
    }
}
