package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;

import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * A forward cursor over the DIEs of one unit. It builds no objects per DIE: {@link #next()}
 * decodes the abbreviation code and records where each attribute value starts, and attribute
 * values are decoded only when asked for. Null entries (end of a sibling chain) are visited too,
 * with {@link #abbrev()} null, so that callers can track nesting through {@link #depth()}.
 * <p>
 * Attribute access is by index into the current abbreviation ({@link #find(int)} gives it) or,
 * for convenience, by attribute number. A cursor is not thread-safe; use one per thread.
 */
public final class DieCursor {
    private final Unit unit;
    private final DwarfFile dwarf;
    private final ByteReader r;
    private final AbbrevTable abbrevs;
    private final int addressSize;
    private final int offsetSize;
    private final int refAddrSize;
    private static final int[] NO_VALUES = {};
    private long dieOffset = -1;
    private Abbrev abbrev;
    private int depth;
    private int nextDepth;
    /** Value positions of a DIE without a fixed layout; grown on first need (many units never need them). */
    private int[] valuePos = NO_VALUES;
    private int[] valueForm = NO_VALUES;
    /** Start of the values of a DIE whose abbreviation has a fixed layout, else -1. */
    private int fixedBase = -1;
    private Abbrev.FixedLayout fixed;

    DieCursor(Unit unit) {
        this(unit, true);
    }

    DieCursor(Unit unit, boolean needRoot) {
        if (needRoot) {
            unit.readRoot();
        }
        this.unit = unit;
        this.dwarf = unit.dwarf;
        this.r = unit.section.reader().seek(0);
        this.r.seek(unit.firstDie);
        this.abbrevs = unit.abbrevs();
        this.addressSize = unit.addressSize;
        this.offsetSize = unit.offsetSize;
        this.refAddrSize = unit.version <= 2 ? unit.addressSize : unit.offsetSize;
    }

    public Unit unit() {
        return unit;
    }

    /** Section offset of the current DIE (or null entry). */
    public long offset() {
        return dieOffset;
    }

    /** The current DIE's abbreviation; null at a null entry. */
    public Abbrev abbrev() {
        return abbrev;
    }

    /** Tag of the current DIE, 0 at a null entry. */
    public int tag() {
        return abbrev == null ? 0 : abbrev.tag;
    }

    /** Nesting depth of the current DIE: 0 for the unit DIE. A null entry has its siblings' depth. */
    public int depth() {
        return depth;
    }

    /**
     * Moves to the next DIE or null entry of the unit; false at the end of the unit.
     */
    public boolean next() {
        if (r.position() >= unit.end) {
            return false;
        }
        dieOffset = r.position();
        long code = r.uleb();
        depth = nextDepth;
        if (code == 0) {
            abbrev = null;
            nextDepth = depth - 1;
            return true;
        }
        Abbrev a = abbrevs.get(code);
        if (a == null) {
            throw r.fail(dieOffset, "abbreviation " + Long.toUnsignedString(code) + " not defined");
        }
        abbrev = a;
        if (a.hasChildren) {
            nextDepth = depth + 1;
        }
        Abbrev.FixedLayout l = a.layout(addressSize, offsetSize, refAddrSize);
        if (l.total >= 0) {
            fixedBase = r.position();
            fixed = l;
            r.skip(l.total);
        } else {
            fixedBase = -1;
            readValues(a);
        }
        if (r.position() > unit.end) {
            throw r.fail(dieOffset, "DIE extends past the end of its unit at 0x" + Long.toHexString(unit.end));
        }
        return true;
    }

    /** Positions the cursor at the DIE at section offset {@code offset}, which must lie in this unit. */
    public DieCursor seek(long offset) {
        if (!unit.contains(offset)) {
            throw r.fail(r.position(), "DIE offset 0x" + Long.toHexString(offset) + " outside " + unit);
        }
        r.seek(offset);
        nextDepth = 0;
        if (!next() || abbrev == null) {
            throw r.fail(offset, "no DIE at 0x" + Long.toHexString(offset));
        }
        return this;
    }

    /**
     * Skips the children of the current DIE (using DW_AT_sibling when present); afterwards
     * {@link #next()} moves to the DIE's next sibling or to the null entry ending its parent.
     */
    public void skipChildren() {
        if (abbrev == null || !abbrev.hasChildren) {
            return;
        }
        int i = abbrev.indexOf(DwAt.SIBLING);
        if (i >= 0) {
            long sib = reference(i);
            if (sib > dieOffset && sib <= unit.end) {
                r.seek(sib);
                nextDepth = depth;
                return;
            }
        }
        int target = depth;
        while (next()) {
            if (abbrev == null && depth == target + 1) {
                return;
            }
        }
    }

    private void readValues(Abbrev a) {
        int n = a.forms.length;
        if (valuePos.length < n) {
            valuePos = new int[Math.max(16, n * 2)];
            valueForm = new int[Math.max(16, n * 2)];
        }
        int[] forms = a.forms;
        for (int i = 0; i < n; i++) {
            int form = forms[i];
            if (form == DwForm.INDIRECT) {
                form = r.ulebInt();
                int hops = 0;
                while (form == DwForm.INDIRECT) {
                    if (++hops > 16) {
                        throw r.fail("DW_FORM_indirect chain too long");
                    }
                    form = r.ulebInt();
                }
                if (form == DwForm.IMPLICIT_CONST) {
                    throw r.fail("DW_FORM_implicit_const through DW_FORM_indirect");
                }
            }
            valuePos[i] = r.position();
            valueForm[i] = form;
            skipValue(form);
        }
    }

    private void skipValue(int form) {
        switch (form) {
            case DwForm.ADDR -> r.skip(addressSize);
            case DwForm.DATA1, DwForm.REF1, DwForm.FLAG, DwForm.STRX1, DwForm.ADDRX1 -> r.skip(1);
            case DwForm.DATA2, DwForm.REF2, DwForm.STRX2, DwForm.ADDRX2 -> r.skip(2);
            case DwForm.STRX3, DwForm.ADDRX3 -> r.skip(3);
            case DwForm.DATA4, DwForm.REF4, DwForm.REF_SUP4, DwForm.STRX4, DwForm.ADDRX4 -> r.skip(4);
            case DwForm.DATA8, DwForm.REF8, DwForm.REF_SIG8, DwForm.REF_SUP8 -> r.skip(8);
            case DwForm.DATA16 -> r.skip(16);
            case DwForm.STRP, DwForm.LINE_STRP, DwForm.SEC_OFFSET, DwForm.STRP_SUP, DwForm.GNU_REF_ALT,
                    DwForm.GNU_STRP_ALT -> r.skip(offsetSize);
            case DwForm.REF_ADDR -> r.skip(refAddrSize);
            case DwForm.UDATA, DwForm.SDATA, DwForm.REF_UDATA, DwForm.STRX, DwForm.ADDRX, DwForm.LOCLISTX,
                    DwForm.RNGLISTX, DwForm.GNU_ADDR_INDEX, DwForm.GNU_STR_INDEX -> r.skipUleb();
            case DwForm.STRING -> r.skipCstring();
            case DwForm.BLOCK1 -> r.skip(r.u8());
            case DwForm.BLOCK2 -> r.skip(r.u16());
            case DwForm.BLOCK4 -> r.skip(r.u32());
            case DwForm.BLOCK, DwForm.EXPRLOC -> r.skip(r.uleb());
            case DwForm.FLAG_PRESENT, DwForm.IMPLICIT_CONST -> { }
            default -> throw r.fail(r.position(), "unknown form 0x" + Integer.toHexString(form) + " in DIE at 0x"
                    + Long.toHexString(dieOffset));
        }
    }

    // ---- attribute access by index -------------------------------------------------------

    private int pos(int i) {
        return fixedBase >= 0 ? fixedBase + fixed.offsets[i] : valuePos[i];
    }

    private int formOf(int i) {
        return fixedBase >= 0 ? abbrev.forms[i] : valueForm[i];
    }

    /** Index of {@code attribute} in the current DIE, or -1 (also at a null entry). */
    public int find(int attribute) {
        return abbrev == null ? -1 : abbrev.indexOf(attribute);
    }

    public int attributeCount() {
        return abbrev == null ? 0 : abbrev.attributes.length;
    }

    public int attribute(int i) {
        return abbrev.attributes[i];
    }

    /** The form of value {@code i} after resolving DW_FORM_indirect. */
    public int form(int i) {
        return formOf(i);
    }

    /** Section offset where value {@code i} starts (to find the relocation that produced it). */
    public long valueOffset(int i) {
        return pos(i);
    }

    private ByteReader at(int i) {
        return r.at(pos(i));
    }

    /**
     * Value {@code i} as an unsigned integer: constants (data, udata, sdata bits, implicit_const,
     * flags), section offsets, string/address/list indexes, raw addresses, and unit-relative
     * references (not added to the unit offset; see {@link #reference(int)}).
     */
    public long unsigned(int i) {
        int form = formOf(i);
        int p = pos(i);
        ByteBuffer b = r.buffer();
        switch (form) {
            case DwForm.DATA1, DwForm.REF1, DwForm.FLAG, DwForm.STRX1, DwForm.ADDRX1:
                return b.get(p) & 0xffL;
            case DwForm.DATA2, DwForm.REF2, DwForm.STRX2, DwForm.ADDRX2:
                return b.getShort(p) & 0xffffL;
            case DwForm.DATA4, DwForm.REF4, DwForm.REF_SUP4, DwForm.STRX4, DwForm.ADDRX4:
                return b.getInt(p) & 0xffffffffL;
            case DwForm.DATA8, DwForm.REF8, DwForm.REF_SIG8, DwForm.REF_SUP8:
                return b.getLong(p);
            case DwForm.FLAG_PRESENT:
                return 1;
            case DwForm.IMPLICIT_CONST:
                return abbrev.implicitConsts[i];
            case DwForm.SDATA:
                return sleb(b, p);
            case DwForm.ADDR:
                return sized(b, p, addressSize, i);
            case DwForm.REF_ADDR:
                return sized(b, p, refAddrSize, i);
            case DwForm.STRP, DwForm.LINE_STRP, DwForm.SEC_OFFSET, DwForm.STRP_SUP, DwForm.GNU_REF_ALT, DwForm.GNU_STRP_ALT:
                return offsetSize == 4 ? b.getInt(p) & 0xffffffffL : b.getLong(p);
            case DwForm.STRX3, DwForm.ADDRX3:
                return at(i).u24();
            case DwForm.UDATA, DwForm.REF_UDATA, DwForm.STRX, DwForm.ADDRX, DwForm.LOCLISTX, DwForm.RNGLISTX,
                    DwForm.GNU_ADDR_INDEX, DwForm.GNU_STR_INDEX:
                return uleb(b, p);
            default:
                throw r.fail(p, DwAt.name(abbrev.attributes[i]) + " has non-constant form " + DwForm.name(form));
        }
    }

    // Values were bounds-checked when next() skipped over them,
    // so these re-reads need no checks of their own.
    private static long uleb(ByteBuffer b, int p) {
        long result = 0;
        int shift = 0;
        while (true) {
            int x = b.get(p++);
            if (shift < 64) {
                result |= (long) (x & 0x7f) << shift;
            }
            if (x >= 0) {
                return result;
            }
            shift += 7;
        }
    }

    private static long sleb(ByteBuffer b, int p) {
        long result = 0;
        int shift = 0;
        int x;
        do {
            x = b.get(p++);
            if (shift < 64) {
                result |= (long) (x & 0x7f) << shift;
            }
            shift += 7;
        } while (x < 0);
        if (shift < 64 && (x & 0x40) != 0) {
            result |= -1L << shift;
        }
        return result;
    }

    private long sized(ByteBuffer b, int p, int size, int i) {
        switch (size) {
            case 8: return b.getLong(p);
            case 4: return b.getInt(p) & 0xffffffffL;
            case 2: return b.getShort(p) & 0xffffL;
            default: return at(i).unsigned(size);
        }
    }

    /** Value {@code i} as a signed integer: data forms sign-extended from their width. */
    public long signed(int i) {
        int p = pos(i);
        ByteBuffer b = r.buffer();
        return switch (formOf(i)) {
            case DwForm.DATA1 -> b.get(p);
            case DwForm.DATA2 -> b.getShort(p);
            case DwForm.DATA4 -> b.getInt(p);
            default -> unsigned(i);
        };
    }

    /** Whether value {@code i} is a constant (as opposed to a block, reference, string...). */
    public boolean isConstant(int i) {
        return switch (formOf(i)) {
            case DwForm.DATA1, DwForm.DATA2, DwForm.DATA4, DwForm.DATA8, DwForm.SDATA, DwForm.UDATA,
                    DwForm.IMPLICIT_CONST -> true;
            default -> false;
        };
    }

    /** Value {@code i} as an address: DW_FORM_addr, or an index into .debug_addr. */
    public long address(int i) {
        int form = formOf(i);
        return switch (form) {
            case DwForm.ADDRX, DwForm.ADDRX1, DwForm.ADDRX2, DwForm.ADDRX3, DwForm.ADDRX4, DwForm.GNU_ADDR_INDEX ->
                    dwarf.indexedAddress(unit, unsigned(i), pos(i));
            default -> unsigned(i);
        };
    }

    /** Value {@code i} as a string (inline, .debug_str, .debug_line_str, or by index); null for supplementary-file strings. */
    public String stringValue(int i) {
        int form = formOf(i);
        return switch (form) {
            case DwForm.STRING -> r.cstringAt(pos(i));
            case DwForm.STRP -> dwarf.string(DwarfFile.DEBUG_STR, unsigned(i), r, pos(i));
            case DwForm.LINE_STRP -> dwarf.string(DwarfFile.DEBUG_LINE_STR, unsigned(i), r, pos(i));
            case DwForm.STRX, DwForm.STRX1, DwForm.STRX2, DwForm.STRX3, DwForm.STRX4, DwForm.GNU_STR_INDEX ->
                    dwarf.indexedString(unit, unsigned(i), pos(i));
            case DwForm.STRP_SUP, DwForm.GNU_STRP_ALT -> null;
            default -> throw r.fail(pos(i), DwAt.name(abbrev.attributes[i]) + " has non-string form " + DwForm.name(form));
        };
    }

    /**
     * Value {@code i} as a DIE reference: the section offset of the target in this unit's
     * section, or for DW_FORM_ref_sig8 the result of {@link DwarfFile#typeReference(long)}.
     * Returns -1 for references into a supplementary file.
     */
    public long reference(int i) {
        int form = formOf(i);
        return switch (form) {
            case DwForm.REF1, DwForm.REF2, DwForm.REF4, DwForm.REF8, DwForm.REF_UDATA -> {
                long rel = unsigned(i);
                long v = unit.offset + rel;
                if (rel < 0 || v >= unit.end) {
                    throw r.fail(pos(i), "reference 0x" + Long.toHexString(rel) + " outside its unit");
                }
                yield unit.inTypesSection ? v | DwarfFile.TYPES_SECTION_BIT : v;
            }
            case DwForm.REF_ADDR -> unsigned(i);
            case DwForm.REF_SIG8 -> dwarf.typeReference(unsigned(i));
            case DwForm.REF_SUP4, DwForm.REF_SUP8, DwForm.GNU_REF_ALT -> -1;
            default -> throw r.fail(pos(i), DwAt.name(abbrev.attributes[i]) + " has non-reference form " + DwForm.name(form));
        };
    }

    /** Whether value {@code i} is a block or expression (block*, exprloc, data16). */
    public boolean isBlock(int i) {
        return switch (formOf(i)) {
            case DwForm.BLOCK, DwForm.BLOCK1, DwForm.BLOCK2, DwForm.BLOCK4, DwForm.EXPRLOC, DwForm.DATA16 -> true;
            default -> false;
        };
    }

    /** Section offset of the first byte of block value {@code i} (after its length). */
    public long blockOffset(int i) {
        ByteReader b = at(i);
        switch (formOf(i)) {
            case DwForm.BLOCK1 -> b.u8();
            case DwForm.BLOCK2 -> b.u16();
            case DwForm.BLOCK4 -> b.u32();
            case DwForm.BLOCK, DwForm.EXPRLOC -> b.uleb();
            case DwForm.DATA16 -> { }
            default -> throw r.fail(pos(i), DwAt.name(abbrev.attributes[i]) + " has non-block form " + DwForm.name(formOf(i)));
        }
        return b.position();
    }

    /** Block value {@code i} (no copy), in the section's byte order. */
    public ByteBuffer block(int i) {
        ByteReader b = at(i);
        long length = switch (formOf(i)) {
            case DwForm.BLOCK1 -> b.u8();
            case DwForm.BLOCK2 -> b.u16();
            case DwForm.BLOCK4 -> b.u32();
            case DwForm.BLOCK, DwForm.EXPRLOC -> b.uleb();
            case DwForm.DATA16 -> 16;
            default -> throw r.fail(pos(i), DwAt.name(abbrev.attributes[i]) + " has non-block form " + DwForm.name(formOf(i)));
        };
        return b.slice(length);
    }

    /**
     * Value {@code i} as an offset into .debug_loc/.debug_loclists (or .debug_ranges/.debug_rnglists):
     * DW_FORM_sec_offset (and data4/data8 in DWARF 2-3), or a loclistx/rnglistx index resolved
     * through the unit's offset table.
     */
    public long listOffset(int i) {
        int form = formOf(i);
        if (form == DwForm.LOCLISTX) {
            return dwarf.indexedListOffset(DwarfFile.DEBUG_LOCLISTS, unit, unit.loclistsBase, unsigned(i), pos(i));
        }
        if (form == DwForm.RNGLISTX) {
            return dwarf.indexedListOffset(DwarfFile.DEBUG_RNGLISTS, unit, unit.rnglistsBase, unsigned(i), pos(i));
        }
        return unsigned(i);
    }

    /** Whether value {@code i} refers to a location or range list (rather than holding an expression or constant). */
    public boolean isListReference(int i) {
        int form = formOf(i);
        return form == DwForm.SEC_OFFSET || form == DwForm.LOCLISTX || form == DwForm.RNGLISTX
                || unit.version <= 3 && (form == DwForm.DATA4 || form == DwForm.DATA8);
    }

    /** An error at the current DIE. */
    public InputFormatException fail(String problem) {
        return r.fail(dieOffset, problem);
    }

    // ---- attribute access by number ------------------------------------------------------

    /** The string value of {@code attribute}, or null when absent. */
    public String string(int attribute) {
        int i = find(attribute);
        return i < 0 ? null : stringValue(i);
    }

    /** The unsigned value of {@code attribute}, or {@code absent}. */
    public long unsigned(int attribute, long absent) {
        int i = find(attribute);
        return i < 0 ? absent : unsigned(i);
    }

    /** The reference value of {@code attribute}, or -1. */
    public long referenceOf(int attribute) {
        int i = find(attribute);
        return i < 0 ? -1 : reference(i);
    }

    /** Whether {@code attribute} is present with a true value. */
    public boolean flag(int attribute) {
        int i = find(attribute);
        return i >= 0 && unsigned(i) != 0;
    }
}
