package org.gpumem.dwarf.types;

import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;

/**
 * A type as DWARF describes it, decoded far enough to read, index and print values of it: base
 * types with their encoding, pointers and references with the address space their DWARF names,
 * arrays (one dimension each; {@code int[4][8]} is an array of 4 arrays of 8), structs, unions
 * and classes with their members, enumerations, typedefs and qualifiers. {@link DwarfTypes}
 * reads them from DIEs; a debugger's expression evaluator makes the ones it needs (literals,
 * casts) with the same records.
 *
 * <p>Names are C declarations as gdb prints them ({@code int *}, {@code float [8][9]},
 * {@code int (*)[4]}); a pointer that names its address space prints it as cuda-gdb does, as a
 * qualifier of the pointee: {@code @shared int *}.
 */
public sealed interface DwarfType permits DwarfType.Base, DwarfType.Pointer, DwarfType.Array, DwarfType.Composite,
        DwarfType.Enumeration, DwarfType.Typedef, DwarfType.Qualified, DwarfType.Function, DwarfType.Void,
        DwarfType.Opaque {

    /** The type's name: its declaration with an empty declarator. */
    default String name() {
        return declare("");
    }

    /** The declaration of {@code declarator} with this type ({@code int *p}, {@code float tile[8][9]}). */
    String declare(String declarator);

    /** Bytes of one object of the type; 0 when unknown (an array without extent, an incomplete struct). */
    long byteSize();

    /** The type without its typedefs and qualifiers (what its values are made of). */
    default DwarfType stripped() {
        DwarfType t = this;
        for (int i = 0; i < DwarfTypes.MAX_CHAIN; i++) {
            if (t instanceof Typedef d) {
                t = d.target();
            } else if (t instanceof Qualified q) {
                t = q.target();
            } else {
                return t;
            }
        }
        return new Opaque("...", 0);
    }

    /** How a base type's bits are read (DW_ATE_*). */
    enum Encoding {
        SIGNED, UNSIGNED, SIGNED_CHAR, UNSIGNED_CHAR, BOOLEAN, FLOAT, OTHER
    }

    /** A base type: {@code int}, {@code unsigned char}, {@code float}... */
    record Base(String name, int size, Encoding encoding) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return join(name, declarator);
        }

        @Override
        public long byteSize() {
            return size;
        }

        @Override
        public String name() {
            return name;
        }

        /** True for the integer encodings (chars and booleans included). */
        public boolean isInteger() {
            return encoding != Encoding.FLOAT && encoding != Encoding.OTHER;
        }

        /** True for the signed integer encodings. */
        public boolean isSigned() {
            return encoding == Encoding.SIGNED || encoding == Encoding.SIGNED_CHAR;
        }
    }

    /** What kind of pointer a {@link Pointer} is. */
    enum PointerKind {
        POINTER("*"), REFERENCE("&"), RVALUE_REFERENCE("&&");

        private final String symbol;

        PointerKind(String symbol) {
            this.symbol = symbol;
        }
    }

    /**
     * A pointer or reference.
     *
     * @param pointee what it points to
     * @param size    bytes of the pointer
     * @param space   the address space it points into, from DW_AT_address_class or an address-space
     *                attribute (nvcc's plain pointers name {@code generic}); null when the DWARF names none
     * @param kind    pointer or reference
     */
    record Pointer(DwarfType pointee, int size, DwarfAddressSpace space, PointerKind kind) implements DwarfType {
        /** A plain pointer ({@code *}). */
        public Pointer(DwarfType pointee, int size, DwarfAddressSpace space) {
            this(pointee, size, space, PointerKind.POINTER);
        }

        @Override
        public String declare(String declarator) {
            return declareWith(kind.symbol + declarator);
        }

        /** {@code int * const p}: the pointer itself qualified. */
        String declareQualified(String qualifier, String declarator) {
            return declareWith(kind.symbol + " " + join(qualifier, declarator));
        }

        private String declareWith(String inner) {
            String wrapped = pointee instanceof Array || pointee instanceof Function ? "(" + inner + ")" : inner;
            return space == null ? pointee.declare(wrapped) : qualify("@" + space.name(), pointee, wrapped);
        }

        @Override
        public long byteSize() {
            return size;
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** An array of {@code count} elements; {@code count} is -1 when the DWARF gives no extent. */
    record Array(DwarfType element, long count) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return element.declare(declarator + "[" + (count >= 0 ? Long.toString(count) : "") + "]");
        }

        @Override
        public long byteSize() {
            long e = element.byteSize();
            if (count <= 0 || e <= 0) {
                return 0;
            }
            long high = Math.multiplyHigh(e, count);
            long n = e * count;
            return high != 0 || n < 0 ? Long.MAX_VALUE : n;
        }
    }

    /** What a {@link Composite} was declared as. */
    enum CompositeKind {
        STRUCT("struct"), UNION("union"), CLASS("class");

        private final String keyword;

        CompositeKind(String keyword) {
            this.keyword = keyword;
        }

        public String keyword() {
            return keyword;
        }
    }

    /**
     * A member of a {@link Composite}.
     *
     * @param name        its name; null for an anonymous member
     * @param offset      its byte offset in the object; -1 when the DWARF gives none that is a constant
     * @param type        its type
     * @param bitSize     bits of a bit field, 0 otherwise
     * @param bitOffset   for a bit field: its first bit counted from the start of the object
     *                    (DW_AT_data_bit_offset's meaning; DWARF 2-3 DW_AT_bit_offset is converted)
     * @param inheritance true for a base-class subobject (DW_TAG_inheritance)
     */
    record Member(String name, long offset, DwarfType type, int bitSize, long bitOffset, boolean inheritance) {
    }

    /**
     * A struct, union or class; its members are read after the object is made, so that a member
     * may point back to it. Identity is the DIE's: two composites are equal only when the same.
     */
    final class Composite implements DwarfType {
        private final CompositeKind kind;
        private final String name;
        private final long size;
        private final boolean declaration;
        private List<Member> members = List.of();

        /**
         * @param name        its tag name, or null for an anonymous one
         * @param declaration true for an incomplete declaration (no members, no size)
         */
        public Composite(CompositeKind kind, String name, long size, boolean declaration, List<Member> members) {
            this.kind = kind;
            this.name = name;
            this.size = size;
            this.declaration = declaration;
            this.members = List.copyOf(members);
        }

        /** Sets the members of a composite being read (the reader registers it first). */
        void members(List<Member> read) {
            this.members = List.copyOf(read);
        }

        public CompositeKind kind() {
            return kind;
        }

        /** The tag name, or null for an anonymous composite. */
        public String tagName() {
            return name;
        }

        public boolean isDeclaration() {
            return declaration;
        }

        public List<Member> members() {
            return members;
        }

        /** The direct member named {@code member}, or null. */
        public Member member(String member) {
            for (Member m : members) {
                if (member.equals(m.name())) {
                    return m;
                }
            }
            return null;
        }

        @Override
        public String declare(String declarator) {
            return join(name != null ? name : kind.keyword + " {...}", declarator);
        }

        @Override
        public long byteSize() {
            return size;
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** One named value of an {@link Enumeration}. */
    record Enumerator(String name, long value) {
    }

    /** An enumeration: its underlying integer's size and signedness, and its enumerators. */
    record Enumeration(String tagName, int size, boolean signed, List<Enumerator> enumerators) implements DwarfType {
        public Enumeration {
            enumerators = List.copyOf(enumerators);
        }

        @Override
        public String declare(String declarator) {
            return join(tagName != null ? tagName : "enum {...}", declarator);
        }

        @Override
        public long byteSize() {
            return size;
        }
    }

    /** A typedef: its own name for {@code target}. */
    record Typedef(String typedefName, DwarfType target) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return join(typedefName, declarator);
        }

        @Override
        public long byteSize() {
            return target.byteSize();
        }
    }

    /** {@code const}, {@code volatile}, {@code restrict} or {@code _Atomic} applied to {@code target}. */
    record Qualified(String qualifier, DwarfType target) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return qualify(qualifier, target, declarator);
        }

        @Override
        public long byteSize() {
            return target.byteSize();
        }
    }

    /** A function (subroutine) type; only its return type is kept. */
    record Function(DwarfType returns) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return returns.declare(declarator + "()");
        }

        @Override
        public long byteSize() {
            return 1;
        }
    }

    /** {@code void}: what a pointer without DW_AT_type points to. */
    record Void() implements DwarfType {
        @Override
        public String declare(String declarator) {
            return join("void", declarator);
        }

        @Override
        public long byteSize() {
            return 1;
        }
    }

    /** A type this model does not decode (DW_TAG_unspecified_type, pointers to members...), by name. */
    record Opaque(String opaqueName, long size) implements DwarfType {
        @Override
        public String declare(String declarator) {
            return join(opaqueName, declarator);
        }

        @Override
        public long byteSize() {
            return size;
        }
    }

    /** {@code int *}, {@code int x}, {@code int [4]}: gdb puts a space between a type and any declarator. */
    private static String join(String type, String declarator) {
        return declarator.isEmpty() ? type : type + " " + declarator;
    }

    /** A qualifier before the type it qualifies, or after the {@code *} of a qualified pointer. */
    private static String qualify(String qualifier, DwarfType target, String declarator) {
        if (target instanceof Pointer p) {
            return p.declareQualified(qualifier, declarator);
        }
        return qualifier + " " + target.declare(declarator);
    }
}
