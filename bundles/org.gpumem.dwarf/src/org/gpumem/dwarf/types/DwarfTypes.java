package org.gpumem.dwarf.types;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwAte;
import org.gpumem.dwarf.info.DwForm;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Reads {@link DwarfType}s from the type DIEs of one {@link DwarfFile}, each DIE once (a cache by
 * DIE reference), so that a struct whose member points back to it is one object. A pointer's
 * address space comes from its DW_AT_address_class (or an address-space attribute) through the
 * {@link AddressSpaceRegistry} numbering of its unit's producer, the one table of DWARF numbers.
 * Chains deeper than {@link #MAX_CHAIN} (cycles in corrupt input) end in an {@link DwarfType.Opaque}
 * named {@code ...}; a DIE that cannot be decoded raises the {@link InputFormatException} that
 * says where.
 *
 * <p>Threads: the methods are synchronized; the types they return are immutable.
 */
public final class DwarfTypes {
    /** Longest chain of typedefs, qualifiers, pointers and arrays followed. */
    static final int MAX_CHAIN = 64;
    private static final int MAX_MEMBERS = 1 << 16;
    private static final long MAX_EXTENT = 1L << 40;

    private final DwarfFile dwarf;
    private final Map<Long, DwarfType> cache = new HashMap<>();
    private final Map<Unit, AddressSpaceNumbering> numberings = new HashMap<>();
    private final Map<Unit, AddressSpaceEncodings> encodings = new HashMap<>();
    /** Named types of the units' top level, by name: the first definition wins. Built on first use. */
    private Map<String, Long> named;

    public DwarfTypes(DwarfFile dwarf) {
        this.dwarf = dwarf;
    }

    /** The type DIE at reference {@code ref} (a section offset as {@link DieCursor#reference} gives it). */
    public synchronized DwarfType type(long ref) {
        return read(ref, 0);
    }

    /** The type the DIE under {@code c} names with DW_AT_type; {@code void} when it names none. */
    public synchronized DwarfType typeOf(DieCursor c) {
        long ref = c.referenceOf(DwAt.TYPE);
        return ref < 0 ? new DwarfType.Void() : read(ref, 0);
    }

    /**
     * The struct, union, class, enumeration, typedef or base type named {@code name} at the top
     * level of a unit (the first definition; declarations are skipped), or null.
     */
    public synchronized DwarfType named(String name) {
        if (named == null) {
            named = new HashMap<>();
            for (Unit u : dwarf.units()) {
                index(u);
            }
        }
        Long ref = named.get(name);
        return ref == null ? null : read(ref, 0);
    }

    private void index(Unit u) {
        DieCursor c = u.cursor();
        while (c.next()) {
            if (c.abbrev() == null || c.depth() != 1) {
                continue;
            }
            switch (c.tag()) {
                case DwTag.BASE_TYPE, DwTag.STRUCTURE_TYPE, DwTag.CLASS_TYPE, DwTag.UNION_TYPE, DwTag.ENUMERATION_TYPE,
                        DwTag.TYPEDEF -> {
                    String n = c.string(DwAt.NAME);
                    if (n != null && !c.flag(DwAt.DECLARATION)) {
                        named.putIfAbsent(n, c.offset());
                    }
                }
                default -> { }
            }
            c.skipChildren();
        }
    }

    private DwarfType read(long ref, int depth) {
        if (ref < 0) {
            return new DwarfType.Opaque("?", 0);
        }
        if (depth > MAX_CHAIN) {
            return new DwarfType.Opaque("...", 0);
        }
        DwarfType cached = cache.get(ref);
        if (cached != null) {
            return cached;
        }
        DieCursor t = dwarf.dieAt(ref);
        DwarfType type = decode(t, ref, depth);
        cache.putIfAbsent(ref, type);
        return cache.get(ref);
    }

    private DwarfType target(DieCursor t, int depth) {
        long ref = t.referenceOf(DwAt.TYPE);
        return ref < 0 ? new DwarfType.Void() : read(ref, depth + 1);
    }

    private DwarfType decode(DieCursor t, long ref, int depth) {
        String name = t.string(DwAt.NAME);
        int signature = t.find(DwAt.SIGNATURE);
        if (name == null && signature >= 0) {
            // a declaration standing for a type unit's type (DW_FORM_ref_sig8)
            return read(t.reference(signature), depth + 1);
        }
        switch (t.tag()) {
            case DwTag.BASE_TYPE:
                return base(t, name);
            case DwTag.POINTER_TYPE:
                return pointer(t, depth, DwarfType.PointerKind.POINTER);
            case DwTag.REFERENCE_TYPE:
                return pointer(t, depth, DwarfType.PointerKind.REFERENCE);
            case DwTag.RVALUE_REFERENCE_TYPE:
                return pointer(t, depth, DwarfType.PointerKind.RVALUE_REFERENCE);
            case DwTag.TYPEDEF:
                return new DwarfType.Typedef(name != null ? name : "<anonymous typedef>", target(t, depth));
            case DwTag.CONST_TYPE:
                return new DwarfType.Qualified("const", target(t, depth));
            case DwTag.VOLATILE_TYPE:
                return new DwarfType.Qualified("volatile", target(t, depth));
            case DwTag.RESTRICT_TYPE:
                return new DwarfType.Qualified("restrict", target(t, depth));
            case DwTag.ATOMIC_TYPE:
                return new DwarfType.Qualified("_Atomic", target(t, depth));
            case DwTag.ARRAY_TYPE:
                return array(t, depth);
            case DwTag.STRUCTURE_TYPE:
                return composite(t, ref, name, DwarfType.CompositeKind.STRUCT, depth);
            case DwTag.CLASS_TYPE:
                return composite(t, ref, name, DwarfType.CompositeKind.CLASS, depth);
            case DwTag.UNION_TYPE:
                return composite(t, ref, name, DwarfType.CompositeKind.UNION, depth);
            case DwTag.ENUMERATION_TYPE:
                return enumeration(t, name, depth);
            case DwTag.SUBROUTINE_TYPE:
                return new DwarfType.Function(target(t, depth));
            default:
                return new DwarfType.Opaque(name != null ? name : DwTag.name(t.tag()), Math.max(0, t.unsigned(DwAt.BYTE_SIZE, 0)));
        }
    }

    private static DwarfType base(DieCursor t, String name) {
        long size = t.unsigned(DwAt.BYTE_SIZE, 0);
        DwarfType.Encoding encoding = switch ((int) t.unsigned(DwAt.ENCODING, -1)) {
            case DwAte.BOOLEAN -> DwarfType.Encoding.BOOLEAN;
            case DwAte.FLOAT -> size == 4 || size == 8 ? DwarfType.Encoding.FLOAT : DwarfType.Encoding.OTHER;
            case DwAte.SIGNED -> DwarfType.Encoding.SIGNED;
            case DwAte.SIGNED_CHAR -> DwarfType.Encoding.SIGNED_CHAR;
            case DwAte.UNSIGNED, DwAte.UTF -> DwarfType.Encoding.UNSIGNED;
            case DwAte.UNSIGNED_CHAR -> DwarfType.Encoding.UNSIGNED_CHAR;
            default -> DwarfType.Encoding.OTHER;
        };
        if (size < 1 || size > 8) {
            encoding = DwarfType.Encoding.OTHER;
        }
        return new DwarfType.Base(name != null ? name : "<base type>", (int) Math.max(0, Math.min(size, 1 << 16)), encoding);
    }

    private DwarfType pointer(DieCursor t, int depth, DwarfType.PointerKind kind) {
        Unit u = t.unit();
        int size = (int) t.unsigned(DwAt.BYTE_SIZE, u.addressSize());
        if (size < 1 || size > 8) {
            throw t.fail("pointer type of " + size + " bytes");
        }
        DwarfAddressSpace space = space(t);
        return new DwarfType.Pointer(target(t, depth), size, space, kind);
    }

    /** The space a pointer DIE names: DW_AT_address_class, or an address-space attribute; null when none. */
    private DwarfAddressSpace space(DieCursor t) {
        Unit u = t.unit();
        AddressSpaceNumbering numbering = numbering(u);
        long addressClass = t.unsigned(DwAt.ADDRESS_CLASS, -1);
        if (addressClass >= 0) {
            return numbering.resolve(NumberKind.ADDRESS_CLASS, addressClass);
        }
        AddressSpaceEncodings e = encodings.get(u);
        for (int i = 0; i < t.attributeCount(); i++) {
            NumberKind kind = e.attributeKind(t.attribute(i));
            if (kind != null && t.isConstant(i)) {
                return numbering.resolve(kind, t.unsigned(i));
            }
        }
        return null;
    }

    /** The numbering of {@code u}'s producer (and the encodings it uses), read once per unit. */
    private AddressSpaceNumbering numbering(Unit u) {
        AddressSpaceNumbering n = numberings.get(u);
        if (n == null) {
            Producer producer = Producer.parse(u.producer());
            n = AddressSpaceRegistry.numbering(DeviceFamily.fromElfMachine(dwarf.source().machine()), producer,
                    u.addressSize());
            numberings.put(u, n);
            encodings.put(u, AddressSpaceEncodings.DEFAULTS.forProducer(producer));
        }
        return n;
    }

    private DwarfType array(DieCursor t, int depth) {
        long elementRef = t.referenceOf(DwAt.TYPE);
        List<Long> extents = new ArrayList<>();
        children(t, c -> {
            if (c.tag() == DwTag.SUBRANGE_TYPE || c.tag() == DwTag.GENERIC_SUBRANGE) {
                extents.add(extent(c));
            }
        });
        if (extents.isEmpty()) {
            extents.add(-1L);
        }
        DwarfType type = elementRef < 0 ? new DwarfType.Void() : read(elementRef, depth + 1);
        for (int i = extents.size() - 1; i >= 0; i--) {
            type = new DwarfType.Array(type, extents.get(i));
        }
        return type;
    }

    /** A subrange's element count: DW_AT_count, or upper - lower + 1; -1 when not a constant. */
    private static long extent(DieCursor s) {
        int count = s.find(DwAt.COUNT);
        int upper = s.find(DwAt.UPPER_BOUND);
        int lower = s.find(DwAt.LOWER_BOUND);
        long n = -1;
        if (count >= 0 && s.isConstant(count)) {
            n = s.unsigned(count);
        } else if (upper >= 0 && s.isConstant(upper)) {
            long lo = lower >= 0 && s.isConstant(lower) ? s.signed(lower) : 0;
            n = s.signed(upper) - lo + 1;
        }
        if (n > MAX_EXTENT) {
            throw s.fail("array extent " + n + " out of range");
        }
        return n < 0 ? -1 : n;
    }

    /**
     * Calls {@code each} with the cursor on every child DIE of the DIE under {@code t} (which it
     * must not move), skipping their own children; the cursor ends past the last child.
     */
    private static void children(DieCursor t, Consumer<DieCursor> each) {
        if (!t.abbrev().hasChildren()) {
            return;
        }
        int parent = t.depth();
        while (t.next()) {
            if (t.abbrev() == null) {
                if (t.depth() <= parent + 1) {
                    break;
                }
                continue;
            }
            if (t.depth() == parent + 1) {
                each.accept(t);
            }
            t.skipChildren();
        }
    }

    /** A member as its DIE says, before its type is read. */
    private record RawMember(String name, long typeRef, long offset, int bitSize, long bitOffset, boolean inheritance) {
    }

    private DwarfType composite(DieCursor t, long ref, String name, DwarfType.CompositeKind kind, int depth) {
        long size = t.unsigned(DwAt.BYTE_SIZE, 0);
        boolean declaration = t.flag(DwAt.DECLARATION);
        DwarfType.Composite c = new DwarfType.Composite(kind, name, size, declaration, List.of());
        // registered before its members are read, so that a member pointing back finds it
        cache.put(ref, c);
        List<RawMember> raw = new ArrayList<>();
        children(t, m -> {
            if ((m.tag() == DwTag.MEMBER || m.tag() == DwTag.INHERITANCE) && !m.flag(DwAt.DECLARATION)) {
                if (raw.size() >= MAX_MEMBERS) {
                    throw m.fail("more than " + MAX_MEMBERS + " members");
                }
                raw.add(member(m));
            }
        });
        List<DwarfType.Member> members = new ArrayList<>();
        for (RawMember m : raw) {
            DwarfType type = m.typeRef() < 0 ? new DwarfType.Void() : read(m.typeRef(), depth + 1);
            members.add(new DwarfType.Member(m.name(), m.offset(), type, m.bitSize(), m.bitOffset(), m.inheritance()));
        }
        c.members(members);
        return c;
    }

    private static RawMember member(DieCursor m) {
        long offset = memberOffset(m);
        int bitSize = (int) m.unsigned(DwAt.BIT_SIZE, 0);
        long bitOffset = 0;
        if (bitSize > 0) {
            int dataBit = m.find(DwAt.DATA_BIT_OFFSET);
            int oldBit = m.find(DwAt.BIT_OFFSET);
            if (dataBit >= 0 && m.isConstant(dataBit)) {
                bitOffset = m.unsigned(dataBit);
                offset = 0;
            } else if (oldBit >= 0 && m.isConstant(oldBit)) {
                // DWARF 2-3: bits from the most significant bit of the storage unit (little-endian targets)
                long storage = m.unsigned(DwAt.BYTE_SIZE, 4);
                bitOffset = Math.max(0, offset) * 8 + storage * 8 - m.unsigned(oldBit) - bitSize;
                offset = 0;
            }
        }
        return new RawMember(m.string(DwAt.NAME), m.referenceOf(DwAt.TYPE), offset, bitSize, bitOffset,
                m.tag() == DwTag.INHERITANCE);
    }

    /** DW_AT_data_member_location as a constant, or as DWARF 2's {@code DW_OP_plus_uconst N}; -1 otherwise. */
    private static long memberOffset(DieCursor m) {
        int i = m.find(DwAt.DATA_MEMBER_LOCATION);
        if (i < 0) {
            return 0; // a union member, or a struct's only member
        }
        if (m.isConstant(i) && m.form(i) != DwForm.SEC_OFFSET) {
            return m.unsigned(i);
        }
        if (m.isBlock(i)) {
            ByteBuffer b = m.block(i).duplicate();
            if (b.remaining() >= 2 && ((b.get(b.position()) & 0xff) == 0x23 || (b.get(b.position()) & 0xff) == 0x10)) {
                b.get();
                long v = 0;
                for (int shift = 0; b.hasRemaining() && shift < 64; shift += 7) {
                    int x = b.get() & 0xff;
                    v |= (long) (x & 0x7f) << shift;
                    if ((x & 0x80) == 0) {
                        return b.hasRemaining() ? -1 : v;
                    }
                }
            }
        }
        return -1;
    }

    private DwarfType enumeration(DieCursor t, String name, int depth) {
        long size = t.unsigned(DwAt.BYTE_SIZE, 4);
        long underlying = t.referenceOf(DwAt.TYPE);
        boolean signed = false;
        if (underlying >= 0 && read(underlying, depth + 1).stripped() instanceof DwarfType.Base b) {
            signed = b.isSigned();
            size = b.byteSize();
        }
        List<DwarfType.Enumerator> values = new ArrayList<>();
        children(t, c -> {
            int v = c.find(DwAt.CONST_VALUE);
            if (c.tag() == DwTag.ENUMERATOR && v >= 0 && c.isConstant(v)) {
                if (values.size() >= MAX_MEMBERS) {
                    throw c.fail("more than " + MAX_MEMBERS + " enumerators");
                }
                values.add(new DwarfType.Enumerator(c.string(DwAt.NAME), c.form(v) == DwForm.SDATA ? c.signed(v) : c.unsigned(v)));
            }
        });
        for (DwarfType.Enumerator e : values) {
            signed |= e.value() < 0;
        }
        if (size < 1 || size > 8) {
            throw t.fail("enumeration of " + size + " bytes");
        }
        return new DwarfType.Enumeration(name, (int) size, signed, values);
    }
}
