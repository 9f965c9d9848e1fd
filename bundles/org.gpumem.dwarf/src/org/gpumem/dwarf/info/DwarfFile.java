package org.gpumem.dwarf.info;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * The DWARF of one input: sections (relocated against a {@link SymbolLayout}), the units of
 * .debug_info and .debug_types, cached abbreviation tables and line tables, and the lookups
 * attribute decoding needs (strings, indexed strings and addresses, list offset tables, type
 * unit signatures). DIEs are read with a {@link DieCursor} per unit; nothing here keeps DIEs.
 * <p>
 * DIE references are section offsets in .debug_info; an offset in .debug_types carries
 * {@link #TYPES_SECTION_BIT}. Safe for concurrent use by several threads, each with its own cursors.
 */
public final class DwarfFile {
    public static final String DEBUG_INFO = ".debug_info";
    public static final String DEBUG_TYPES = ".debug_types";
    public static final String DEBUG_ABBREV = ".debug_abbrev";
    public static final String DEBUG_STR = ".debug_str";
    public static final String DEBUG_LINE_STR = ".debug_line_str";
    public static final String DEBUG_STR_OFFSETS = ".debug_str_offsets";
    public static final String DEBUG_ADDR = ".debug_addr";
    public static final String DEBUG_LOC = ".debug_loc";
    public static final String DEBUG_LOCLISTS = ".debug_loclists";
    public static final String DEBUG_RANGES = ".debug_ranges";
    public static final String DEBUG_RNGLISTS = ".debug_rnglists";
    public static final String DEBUG_LINE = ".debug_line";
    public static final String DEBUG_FRAME = ".debug_frame";
    public static final String EH_FRAME = ".eh_frame";
    /** Marks a DIE reference as an offset in .debug_types rather than .debug_info. */
    public static final long TYPES_SECTION_BIT = 1L << 62;

    private final DebugSections source;
    private final SymbolLayout layout;
    private final Set<String> sectionNames = new HashSet<>();
    private final Map<String, Section> sections = new ConcurrentHashMap<>();
    private final Set<String> missing = ConcurrentHashMap.newKeySet();
    private final Map<Long, AbbrevTable> abbrevTables = new ConcurrentHashMap<>();
    private final Map<Long, LineTable> lineTables = new ConcurrentHashMap<>();
    private volatile List<Unit> units;
    private volatile List<Unit> typeUnits;
    private volatile Map<Long, Long> signatures;
    private volatile long[] unitStarts;

    /** DWARF of {@code source} with relocations resolved against the symbols it defines. */
    public DwarfFile(DebugSections source) {
        this(source, source.definedSymbols());
    }

    /** DWARF of {@code source} with relocations resolved against {@code layout}. */
    public DwarfFile(DebugSections source, SymbolLayout layout) {
        this.source = source;
        this.layout = layout;
        for (String n : new String[] {DEBUG_INFO, DEBUG_TYPES, DEBUG_ABBREV, DEBUG_STR, DEBUG_LINE_STR, DEBUG_STR_OFFSETS,
                DEBUG_ADDR, DEBUG_LOC, DEBUG_LOCLISTS, DEBUG_RANGES, DEBUG_RNGLISTS, DEBUG_LINE, DEBUG_FRAME, EH_FRAME,
                ".debug_aranges", ".debug_pubnames", ".debug_pubtypes", ".debug_macinfo", ".debug_macro", ".debug_names"}) {
            sectionNames.add(n);
        }
    }

    /** Opens an ELF file's DWARF, relocated against the file's own symbols. */
    public static DwarfFile open(Path elfPath) throws IOException {
        return new DwarfFile(new ElfDebugSections(ElfFile.open(elfPath)));
    }

    public DebugSections source() {
        return source;
    }

    public String fileName() {
        return source.fileName();
    }

    /** The named section, relocated; null when absent. */
    public Section section(String name) {
        Section s = sections.get(name);
        if (s != null || missing.contains(name)) {
            return s;
        }
        synchronized (sections) {
            s = sections.get(name);
            if (s != null || missing.contains(name)) {
                return s;
            }
            ByteBuffer raw = source.section(name);
            if (raw == null) {
                missing.add(name);
                return null;
            }
            s = new Section(source.fileName(), name, raw, source.order(), source.relocations(name), layout, sectionNames,
                    source.sectionAddress(name));
            sections.put(name, s);
            return s;
        }
    }

    private Section require(String name, ByteReader from, long at, String why) {
        Section s = section(name);
        if (s == null) {
            throw from.fail(at, why + " but the file has no " + name);
        }
        return s;
    }

    /** Units of .debug_info in section order (compile, partial, skeleton and DWARF 5 type units). */
    public List<Unit> units() {
        List<Unit> u = units;
        if (u == null) {
            synchronized (this) {
                u = units;
                if (u == null) {
                    u = readUnits(DEBUG_INFO, false);
                    long[] starts = new long[u.size()];
                    for (int i = 0; i < starts.length; i++) {
                        starts[i] = u.get(i).offset;
                    }
                    unitStarts = starts;
                    units = u;
                }
            }
        }
        return u;
    }

    /** Units of .debug_types (DWARF 4 type units). */
    public List<Unit> typeSectionUnits() {
        List<Unit> u = typeUnits;
        if (u == null) {
            synchronized (this) {
                u = typeUnits;
                if (u == null) {
                    u = readUnits(DEBUG_TYPES, true);
                    typeUnits = u;
                }
            }
        }
        return u;
    }

    private List<Unit> readUnits(String name, boolean types) {
        Section s = section(name);
        if (s == null) {
            return List.of();
        }
        ByteReader r = s.reader();
        List<Unit> list = new ArrayList<>();
        while (r.hasRemaining()) {
            list.add(Unit.readHeader(this, s, types, list.size(), r));
        }
        return Collections.unmodifiableList(list);
    }

    /** The unit whose DIEs contain the DIE reference {@code ref} (see {@link #TYPES_SECTION_BIT}). */
    public Unit unitOf(long ref) {
        if ((ref & TYPES_SECTION_BIT) != 0) {
            long off = ref & ~TYPES_SECTION_BIT;
            for (Unit u : typeSectionUnits()) {
                if (u.contains(off)) {
                    return u;
                }
            }
            throw new InputFormatException(fileName(), DEBUG_TYPES, off, "reference to no unit");
        }
        List<Unit> list = units();
        long[] starts = unitStarts;
        int lo = 0;
        int hi = starts.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= ref) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (hi >= 0 && list.get(hi).contains(ref)) {
            return list.get(hi);
        }
        throw new InputFormatException(fileName(), DEBUG_INFO, ref, "DIE reference 0x" + Long.toHexString(ref) + " into no unit");
    }

    /** A cursor positioned at the DIE {@code ref}. */
    public DieCursor dieAt(long ref) {
        Unit u = unitOf(ref);
        return u.cursor().seek(ref & ~TYPES_SECTION_BIT);
    }

    /**
     * The DIE reference of the type DIE of the type unit with {@code signature}, or -1 when the
     * input has no such type unit (it may live in a .dwo or .dwp file).
     */
    public long typeReference(long signature) {
        Map<Long, Long> m = signatures;
        if (m == null) {
            synchronized (this) {
                m = signatures;
                if (m == null) {
                    m = new HashMap<>();
                    for (Unit u : units()) {
                        if (u.isTypeUnit()) {
                            m.putIfAbsent(u.typeSignature, u.typeOffset);
                        }
                    }
                    for (Unit u : typeSectionUnits()) {
                        m.putIfAbsent(u.typeSignature, u.typeOffset | TYPES_SECTION_BIT);
                    }
                    signatures = m;
                }
            }
        }
        Long v = m.get(signature);
        return v == null ? -1 : v;
    }

    AbbrevTable abbrevTable(long offset) {
        AbbrevTable t = abbrevTables.get(offset);
        if (t == null) {
            Section s = section(DEBUG_ABBREV);
            if (s == null) {
                throw new InputFormatException(fileName(), DEBUG_INFO, 0, "units need abbreviations but the file has no .debug_abbrev");
            }
            ByteReader r = s.reader();
            if (offset < 0 || offset >= r.size()) {
                throw r.fail(0, "abbreviation offset 0x" + Long.toHexString(offset) + " outside .debug_abbrev");
            }
            t = AbbrevTable.read(r.seek(offset));
            AbbrevTable prev = abbrevTables.putIfAbsent(offset, t);
            if (prev != null) {
                t = prev;
            }
        }
        return t;
    }

    /** The string at {@code offset} of .debug_str or .debug_line_str. */
    String string(String sectionName, long offset, ByteReader from, long at) {
        Section s = require(sectionName, from, at, "string form");
        ByteReader r = s.reader();
        if (offset < 0 || offset >= r.size()) {
            throw from.fail(at, "string offset 0x" + Long.toHexString(offset) + " outside " + sectionName);
        }
        return r.cstringAt(offset);
    }

    /** The string with index {@code index} in the unit's part of .debug_str_offsets. */
    String indexedString(Unit u, long index, long at) {
        Section so = require(DEBUG_STR_OFFSETS, u.section.reader(), at, "DW_FORM_strx");
        long base = u.strOffsetsBase < 0 ? 0 : u.strOffsetsBase;
        long pos = base + index * u.offsetSize;
        ByteReader r = so.reader();
        if (index < 0 || base < 0 || pos < 0 || pos > r.size() - u.offsetSize) {
            throw u.section.reader().fail(at, "string index " + index + " outside .debug_str_offsets");
        }
        long off = r.seek(pos).unsigned(u.offsetSize);
        return string(DEBUG_STR, off, so.reader(), pos);
    }

    /** The address with index {@code index} in the unit's part of .debug_addr. */
    long indexedAddress(Unit u, long index, long at) {
        Section a = require(DEBUG_ADDR, u.section.reader(), at, "DW_FORM_addrx");
        long base = u.addrBase < 0 ? 0 : u.addrBase;
        long pos = base + index * u.addressSize;
        ByteReader r = a.reader();
        if (index < 0 || pos < 0 || pos > r.size() - u.addressSize) {
            throw u.section.reader().fail(at, "address index " + index + " outside .debug_addr");
        }
        return r.seek(pos).unsigned(u.addressSize);
    }

    /** Entry {@code index} of the unit's part of .debug_addr (DW_OP_addrx, DW_FORM_addrx operands). */
    public long address(Unit u, long index) {
        return indexedAddress(u, index, u.firstDie());
    }

    /** Section offset of the address-index entry {@code index} of the unit (for relocation lookups). */
    long indexedAddressOffset(Unit u, long index) {
        long base = u.addrBase < 0 ? 0 : u.addrBase;
        return base + index * u.addressSize;
    }

    /** Resolves a loclistx/rnglistx index through the offset table at {@code base}. */
    long indexedListOffset(String sectionName, Unit u, long base, long index, long at) {
        Section s = require(sectionName, u.section.reader(), at, "list index form");
        long b = base >= 0 ? base : (u.offsetSize == 8 ? 20 : 12);
        long pos = b + index * u.offsetSize;
        ByteReader r = s.reader();
        if (index < 0 || pos < 0 || pos > r.size() - u.offsetSize) {
            throw u.section.reader().fail(at, "list index " + index + " outside " + sectionName);
        }
        return b + r.seek(pos).unsigned(u.offsetSize);
    }

    /** The line table at {@code offset} of .debug_line (header and file names), cached. */
    LineTable lineTable(Unit u, long offset) {
        LineTable t = lineTables.get(offset);
        if (t == null) {
            Section s = section(DEBUG_LINE);
            if (s == null) {
                return null;
            }
            t = LineTable.read(this, s, offset, u);
            LineTable prev = lineTables.putIfAbsent(offset, t);
            if (prev != null) {
                t = prev;
            }
        }
        return t;
    }
}
