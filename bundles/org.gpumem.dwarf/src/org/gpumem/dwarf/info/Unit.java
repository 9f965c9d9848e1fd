package org.gpumem.dwarf.info;

import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * One unit of .debug_info or .debug_types: its header, and the values of its unit DIE that the
 * rest of the unit depends on (string/address/list bases, base address, line table, producer).
 * The unit DIE values are read on first use of {@link #root()}-dependent accessors.
 */
public final class Unit {
    public static final int DW_UT_COMPILE = 1;
    public static final int DW_UT_TYPE = 2;
    public static final int DW_UT_PARTIAL = 3;
    public static final int DW_UT_SKELETON = 4;
    public static final int DW_UT_SPLIT_COMPILE = 5;
    public static final int DW_UT_SPLIT_TYPE = 6;

    final DwarfFile dwarf;
    final Section section;
    final boolean inTypesSection;
    final long offset;
    final long end;
    final int offsetSize;
    final int version;
    final int unitType;
    final int addressSize;
    final long abbrevOffset;
    final long firstDie;
    final long typeSignature;
    final long typeOffset;
    final long dwoId;
    final int index;

    private volatile boolean rootRead;
    long strOffsetsBase = -1;
    long addrBase = -1;
    long rnglistsBase = -1;
    long loclistsBase = -1;
    long baseAddress;
    long stmtList = -1;
    String name;
    String compDir;
    String producer;
    int language;
    int rootTag;
    private volatile AbbrevTable abbrevs;
    /** Why {@link #lineTable()} failed, once it has: a unit's file names are asked per variable. */
    private volatile String lineTableFailure;

    private Unit(DwarfFile dwarf, Section section, boolean inTypesSection, int index, long offset, long end, int offsetSize,
            int version, int unitType, int addressSize, long abbrevOffset, long firstDie, long typeSignature,
            long typeOffset, long dwoId) {
        this.dwarf = dwarf;
        this.section = section;
        this.inTypesSection = inTypesSection;
        this.index = index;
        this.offset = offset;
        this.end = end;
        this.offsetSize = offsetSize;
        this.version = version;
        this.unitType = unitType;
        this.addressSize = addressSize;
        this.abbrevOffset = abbrevOffset;
        this.firstDie = firstDie;
        this.typeSignature = typeSignature;
        this.typeOffset = typeOffset;
        this.dwoId = dwoId;
    }

    /** Reads the unit header at the reader's position and moves the reader to the next unit. */
    static Unit readHeader(DwarfFile dwarf, Section section, boolean typesSection, int index, ByteReader r) {
        long offset = r.offset();
        long length = r.u32();
        int offsetSize = 4;
        if (length == 0xffffffffL) {
            length = r.u64();
            offsetSize = 8;
        } else if (length >= 0xfffffff0L) {
            throw r.fail(r.position() - 4, "reserved unit length 0x" + Long.toHexString(length));
        }
        if (length < 0 || length > r.remaining()) {
            throw r.fail(r.position() - offsetSize, "unit length 0x" + Long.toHexString(length) + " exceeds the section ("
                    + r.remaining() + " bytes left)");
        }
        long end = r.offset() + length;
        ByteReader h = r.sub(length);
        int version = h.u16();
        if (version < 2 || version > 5) {
            throw h.fail(h.position() - 2, "unsupported DWARF version " + version);
        }
        int unitType;
        int addressSize;
        long abbrevOffset;
        long signature = 0;
        long typeOffset = 0;
        long dwoId = 0;
        if (version >= 5) {
            unitType = h.u8();
            addressSize = h.u8();
            abbrevOffset = h.unsigned(offsetSize);
            switch (unitType) {
                case DW_UT_COMPILE, DW_UT_PARTIAL -> { }
                case DW_UT_TYPE, DW_UT_SPLIT_TYPE -> {
                    signature = h.u64();
                    typeOffset = h.unsigned(offsetSize);
                }
                case DW_UT_SKELETON, DW_UT_SPLIT_COMPILE -> dwoId = h.u64();
                default -> throw h.fail(2, "unknown unit type " + unitType);
            }
        } else {
            abbrevOffset = h.unsigned(offsetSize);
            addressSize = h.u8();
            if (typesSection) {
                unitType = DW_UT_TYPE;
                signature = h.u64();
                typeOffset = h.unsigned(offsetSize);
            } else {
                unitType = DW_UT_COMPILE;
            }
        }
        if (addressSize != 2 && addressSize != 4 && addressSize != 8) {
            throw h.fail(version >= 5 ? 3 : 2 + offsetSize, "unsupported address size " + addressSize);
        }
        if (typeOffset < 0 || typeOffset > length + offsetSize + 4) {
            throw h.fail(h.position() - offsetSize, "type offset 0x" + Long.toHexString(typeOffset) + " outside the unit");
        }
        return new Unit(dwarf, section, typesSection, index, offset, end, offsetSize, version, unitType, addressSize,
                abbrevOffset, h.offset(), signature, offset + typeOffset, dwoId);
    }

    public DwarfFile dwarf() {
        return dwarf;
    }

    public Section section() {
        return section;
    }

    /** Position of this unit in its section's unit list. */
    public int index() {
        return index;
    }

    /** Offset of the unit header in its section. */
    public long offset() {
        return offset;
    }

    /** Offset just past the unit. */
    public long end() {
        return end;
    }

    public int version() {
        return version;
    }

    public int unitType() {
        return unitType;
    }

    public int addressSize() {
        return addressSize;
    }

    /** 4 for 32-bit DWARF, 8 for 64-bit DWARF. */
    public int offsetSize() {
        return offsetSize;
    }

    public long abbrevOffset() {
        return abbrevOffset;
    }

    /** Offset of the unit DIE. */
    public long firstDie() {
        return firstDie;
    }

    public boolean isTypeUnit() {
        return unitType == DW_UT_TYPE || unitType == DW_UT_SPLIT_TYPE;
    }

    public long typeSignature() {
        return typeSignature;
    }

    /** Section offset of the type DIE of a type unit. */
    public long typeDieOffset() {
        return typeOffset;
    }

    public long dwoId() {
        return dwoId;
    }

    public AbbrevTable abbrevs() {
        AbbrevTable a = abbrevs;
        if (a == null) {
            a = dwarf.abbrevTable(abbrevOffset);
            abbrevs = a;
        }
        return a;
    }

    /** A cursor at the unit DIE. */
    public DieCursor cursor() {
        return new DieCursor(this);
    }

    void readRoot() {
        if (rootRead) {
            return;
        }
        synchronized (this) {
            if (rootRead) {
                return;
            }
            DieCursor c = new DieCursor(this, false);
            if (c.next() && c.abbrev() != null) {
                Abbrev a = c.abbrev();
                rootTag = a.tag;
                int i;
                if ((i = a.indexOf(DwAt.STR_OFFSETS_BASE)) >= 0) {
                    strOffsetsBase = c.unsigned(i);
                }
                if ((i = a.indexOf(DwAt.ADDR_BASE)) >= 0 || (i = a.indexOf(DwAt.GNU_ADDR_BASE)) >= 0) {
                    addrBase = c.unsigned(i);
                }
                if ((i = a.indexOf(DwAt.RNGLISTS_BASE)) >= 0) {
                    rnglistsBase = c.unsigned(i);
                }
                if ((i = a.indexOf(DwAt.LOCLISTS_BASE)) >= 0) {
                    loclistsBase = c.unsigned(i);
                }
                if (strOffsetsBase < 0 && version >= 5) {
                    strOffsetsBase = offsetSize == 8 ? 16 : 8;
                }
                if (addrBase < 0 && version >= 5) {
                    addrBase = 8;
                }
                if ((i = a.indexOf(DwAt.LOW_PC)) >= 0) {
                    baseAddress = c.address(i);
                } else if ((i = a.indexOf(DwAt.ENTRY_PC)) >= 0) {
                    baseAddress = c.address(i);
                }
                if ((i = a.indexOf(DwAt.STMT_LIST)) >= 0) {
                    stmtList = c.unsigned(i);
                }
                if ((i = a.indexOf(DwAt.LANGUAGE)) >= 0) {
                    language = (int) c.unsigned(i);
                }
                name = c.string(DwAt.NAME);
                compDir = c.string(DwAt.COMP_DIR);
                producer = c.string(DwAt.PRODUCER);
            }
            rootRead = true;
        }
    }

    /** DW_AT_str_offsets_base (or the DWARF 5 default), -1 when none applies. */
    public long strOffsetsBase() {
        readRoot();
        return strOffsetsBase;
    }

    public long addrBase() {
        readRoot();
        return addrBase;
    }

    public long rnglistsBase() {
        readRoot();
        return rnglistsBase;
    }

    public long loclistsBase() {
        readRoot();
        return loclistsBase;
    }

    /** The unit's base address for location and range lists (its DW_AT_low_pc). */
    public long baseAddress() {
        readRoot();
        return baseAddress;
    }

    /** DW_AT_stmt_list, or -1. */
    public long stmtList() {
        readRoot();
        return stmtList;
    }

    public String name() {
        readRoot();
        return name;
    }

    public String compDir() {
        readRoot();
        return compDir;
    }

    /** DW_AT_producer of the unit DIE, or null. */
    public String producer() {
        readRoot();
        return producer;
    }

    public int language() {
        readRoot();
        return language;
    }

    /** Tag of the unit DIE (DW_TAG_compile_unit, DW_TAG_type_unit, DW_TAG_partial_unit...). */
    public int rootTag() {
        readRoot();
        return rootTag;
    }

    /** The unit's line table, or null when it has none. */
    public LineTable lineTable() {
        long at = stmtList();
        return at < 0 ? null : dwarf.lineTable(this, at);
    }

    /**
     * The base name of the unit's source file number {@code index} (a DW_AT_decl_file), or null
     * when the unit has no line table or the table no such file. When the line table cannot be
     * read, the name says why: {@code unknown (<the line table's problem>)}, read once per unit.
     */
    public String declFileName(long index) {
        if (lineTableFailure != null) {
            return "unknown (" + lineTableFailure + ")";
        }
        LineTable lines;
        try {
            lines = lineTable();
        } catch (InputFormatException malformed) {
            lineTableFailure = malformed.getMessage();
            return "unknown (" + lineTableFailure + ")";
        }
        return lines == null ? null : lines.shortFileName(index);
    }

    /** Whether {@code sectionOffset} (in this unit's section) lies inside this unit's DIEs. */
    public boolean contains(long sectionOffset) {
        return sectionOffset >= firstDie && sectionOffset < end;
    }

    @Override
    public String toString() {
        return section.name() + "+0x" + Long.toHexString(offset);
    }
}
