package org.gpumem.dwarf.variables;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;

/**
 * Readable C-like names for type DIEs, following pointer, reference, qualifier, typedef and
 * array chains: {@code float*}, {@code const float*}, {@code int[16]}, {@code float[4][4]}.
 * Typedefs keep their own name. Names are cached per DIE reference; chains deeper than
 * {@link #MAX_DEPTH} (cycles in corrupt input) end in {@code ...}.
 */
public final class TypeNames {
    private static final int MAX_DEPTH = 24;
    private final DwarfFile dwarf;
    private final Map<Long, String> cache = new ConcurrentHashMap<>();

    public TypeNames(DwarfFile dwarf) {
        this.dwarf = dwarf;
    }

    /** The name of the type DIE {@code ref}; {@code void} for -2 (no DW_AT_type), {@code ?} for -1 (unresolvable). */
    public String name(long ref) {
        return name(ref, 0);
    }

    /** The name of the type the current DIE's DW_AT_type refers to ({@code void} when absent). */
    public String typeOf(DieCursor c) {
        int i = c.find(DwAt.TYPE);
        if (i < 0) {
            return "void";
        }
        return name(c.reference(i), 0);
    }

    private String name(long ref, int depth) {
        if (ref == -2) {
            return "void";
        }
        if (ref == -1) {
            return "?";
        }
        if (depth > MAX_DEPTH) {
            return "...";
        }
        String cached = cache.get(ref);
        if (cached != null) {
            return cached;
        }
        DieCursor c = dwarf.dieAt(ref);
        String n = compute(c, depth);
        cache.put(ref, n);
        return n;
    }

    private String target(DieCursor c, int depth) {
        int i = c.find(DwAt.TYPE);
        return i < 0 ? "void" : name(c.reference(i), depth + 1);
    }

    private String compute(DieCursor c, int depth) {
        int tag = c.tag();
        String own = c.string(DwAt.NAME);
        int sig = c.find(DwAt.SIGNATURE);
        if (own == null && sig >= 0) {
            // A declaration standing for a type unit's type (DW_FORM_ref_sig8).
            return name(c.reference(sig), depth + 1);
        }
        switch (tag) {
            case DwTag.POINTER_TYPE:
                return target(c, depth) + "*";
            case DwTag.REFERENCE_TYPE:
                return target(c, depth) + "&";
            case DwTag.RVALUE_REFERENCE_TYPE:
                return target(c, depth) + "&&";
            case DwTag.CONST_TYPE:
                return qualified("const", target(c, depth));
            case DwTag.VOLATILE_TYPE:
                return qualified("volatile", target(c, depth));
            case DwTag.RESTRICT_TYPE:
                return qualified("restrict", target(c, depth));
            case DwTag.ATOMIC_TYPE:
                return qualified("_Atomic", target(c, depth));
            case DwTag.ARRAY_TYPE:
                return target(c, depth) + dimensions(c);
            case DwTag.SUBROUTINE_TYPE:
                return target(c, depth) + "()";
            case DwTag.STRUCTURE_TYPE:
                return own != null ? own : "struct <anonymous>";
            case DwTag.CLASS_TYPE:
                return own != null ? own : "class <anonymous>";
            case DwTag.UNION_TYPE:
                return own != null ? own : "union <anonymous>";
            case DwTag.ENUMERATION_TYPE:
                return own != null ? own : "enum <anonymous>";
            case DwTag.PTR_TO_MEMBER_TYPE:
                return target(c, depth) + " ::*";
            default:
                return own != null ? own : DwTag.name(tag);
        }
    }

    private static String qualified(String qualifier, String target) {
        return target.endsWith("*") || target.endsWith("&") ? target + " " + qualifier : qualifier + " " + target;
    }

    private static String dimensions(DieCursor c) {
        if (!c.abbrev().hasChildren()) {
            return "[]";
        }
        StringBuilder out = new StringBuilder();
        int parentDepth = c.depth();
        while (c.next()) {
            if (c.abbrev() == null) {
                if (c.depth() <= parentDepth + 1) {
                    break;
                }
                continue;
            }
            if (c.depth() != parentDepth + 1) {
                continue;
            }
            if (c.tag() == DwTag.SUBRANGE_TYPE || c.tag() == DwTag.GENERIC_SUBRANGE) {
                int count = c.find(DwAt.COUNT);
                int upper = c.find(DwAt.UPPER_BOUND);
                int lower = c.find(DwAt.LOWER_BOUND);
                if (count >= 0 && c.isConstant(count)) {
                    out.append('[').append(c.unsigned(count)).append(']');
                } else if (upper >= 0 && c.isConstant(upper)) {
                    long lo = lower >= 0 && c.isConstant(lower) ? c.signed(lower) : 0;
                    out.append('[').append(c.signed(upper) - lo + 1).append(']');
                } else {
                    out.append("[]");
                }
            } else if (c.tag() == DwTag.ENUMERATION_TYPE) {
                out.append("[]");
            }
            c.skipChildren();
        }
        return out.length() == 0 ? "[]" : out.toString();
    }
}
