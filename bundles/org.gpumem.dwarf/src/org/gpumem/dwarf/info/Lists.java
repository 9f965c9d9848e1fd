package org.gpumem.dwarf.info;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.io.ByteReader;

/**
 * Reads location lists (.debug_loc, .debug_loclists) and range lists (.debug_ranges,
 * .debug_rnglists), choosing the section by the unit's version. Every list ends at its
 * terminator or fails at the section end, so a list costs at most the bytes it spans.
 */
public final class Lists {
    private static final int DW_LLE_END_OF_LIST = 0;
    private static final int DW_LLE_BASE_ADDRESSX = 1;
    private static final int DW_LLE_STARTX_ENDX = 2;
    private static final int DW_LLE_STARTX_LENGTH = 3;
    private static final int DW_LLE_OFFSET_PAIR = 4;
    private static final int DW_LLE_DEFAULT_LOCATION = 5;
    private static final int DW_LLE_BASE_ADDRESS = 6;
    private static final int DW_LLE_START_END = 7;
    private static final int DW_LLE_START_LENGTH = 8;
    private static final int DW_LLE_GNU_VIEW_PAIR = 9;

    private static final int DW_RLE_END_OF_LIST = 0;
    private static final int DW_RLE_BASE_ADDRESSX = 1;
    private static final int DW_RLE_STARTX_ENDX = 2;
    private static final int DW_RLE_STARTX_LENGTH = 3;
    private static final int DW_RLE_OFFSET_PAIR = 4;
    private static final int DW_RLE_BASE_ADDRESS = 5;
    private static final int DW_RLE_START_END = 6;
    private static final int DW_RLE_START_LENGTH = 7;

    private Lists() {
    }

    /** The location list at {@code offset} (from {@link DieCursor#listOffset(int)}) of the unit. */
    public static List<ListEntry> locationList(Unit unit, long offset) {
        List<ListEntry> out = new ArrayList<>();
        forEachLocation(unit, offset, out::add);
        return out;
    }

    /** Receives list entries without collecting them. */
    @FunctionalInterface
    public interface EntrySink {
        void accept(ListEntry entry);
    }

    /** Walks the location list at {@code offset} (checking every entry); returns the number of entries. */
    public static int countLocations(Unit unit, long offset) {
        return forEachLocation(unit, offset, null);
    }

    /**
     * As {@link #countLocations(Unit, long)}, reading with {@code sectionReader}, a reader over
     * the unit's location list section that the caller reuses across calls (to spare the
     * allocation when walking millions of lists).
     */
    public static int countLocations(Unit unit, ByteReader sectionReader, long offset) {
        boolean v5 = unit.version >= 5;
        if (offset < 0 || offset >= sectionReader.size()) {
            throw sectionReader.fail(0, "location list offset 0x" + Long.toHexString(offset) + " outside " + sectionReader.section());
        }
        sectionReader.seek(offset);
        Section s = unit.dwarf.section(v5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC);
        return v5 ? readLocLists(unit, sectionReader, null) : readLoc(unit, s, sectionReader, null);
    }

    /** Walks the location list at {@code offset}, giving each entry to {@code sink}; returns the number of entries. */
    public static int forEachLocation(Unit unit, long offset, EntrySink sink) {
        DwarfFile d = unit.dwarf;
        boolean v5 = unit.version >= 5;
        String name = v5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC;
        Section s = d.section(name);
        if (s == null) {
            throw unit.section.reader().fail(unit.offset, "location list 0x" + Long.toHexString(offset) + " but the file has no " + name);
        }
        ByteReader r = s.reader();
        if (offset < 0 || offset >= r.size()) {
            throw r.fail(0, "location list offset 0x" + Long.toHexString(offset) + " outside " + name);
        }
        r.seek(offset);
        return v5 ? readLocLists(unit, r, sink) : readLoc(unit, s, r, sink);
    }

    /**
     * Whether a begin/end pair was produced by relocations: then (0, 0) is a range whose
     * symbols the layout did not place (PTX labels), not the end of the list.
     */
    private static boolean relocated(Section s, long pairOffset, int addressSize) {
        return s.relocationCount() > 0
                && (s.relocationAt(pairOffset) != null || s.relocationAt(pairOffset + addressSize) != null);
    }

    private static int readLoc(Unit unit, Section s, ByteReader r, EntrySink sink) {
        int as = unit.addressSize;
        long maxAddr = as == 8 ? -1L : (1L << (as * 8)) - 1;
        long base = unit.baseAddress();
        int n = 0;
        while (true) {
            long at = r.position();
            long begin = r.unsigned(as);
            long end = r.unsigned(as);
            if (begin == 0 && end == 0 && !relocated(s, r.base() + at, as)) {
                return n;
            }
            if (begin == maxAddr) {
                base = end;
                continue;
            }
            int len = r.u16();
            long exprAt = r.position();
            if (sink == null) {
                r.skip(len);
            } else {
                sink.accept(new ListEntry(base + begin, base + end, false, r.slice(len), exprAt, at));
            }
            n++;
        }
    }

    private static int readLocLists(Unit unit, ByteReader r, EntrySink sink) {
        DwarfFile d = unit.dwarf;
        int as = unit.addressSize;
        long base = unit.baseAddress();
        int n = 0;
        while (true) {
            long at = r.position();
            int kind = r.u8();
            long low;
            long high;
            boolean dflt = false;
            switch (kind) {
                case DW_LLE_END_OF_LIST:
                    return n;
                case DW_LLE_BASE_ADDRESSX:
                    base = d.indexedAddress(unit, r.uleb(), at);
                    continue;
                case DW_LLE_BASE_ADDRESS:
                    base = r.unsigned(as);
                    continue;
                case DW_LLE_STARTX_ENDX:
                    low = d.indexedAddress(unit, r.uleb(), at);
                    high = d.indexedAddress(unit, r.uleb(), at);
                    break;
                case DW_LLE_STARTX_LENGTH:
                    low = d.indexedAddress(unit, r.uleb(), at);
                    high = low + r.uleb();
                    break;
                case DW_LLE_OFFSET_PAIR:
                    low = base + r.uleb();
                    high = base + r.uleb();
                    break;
                case DW_LLE_DEFAULT_LOCATION:
                    low = 0;
                    high = 0;
                    dflt = true;
                    break;
                case DW_LLE_START_END:
                    low = r.unsigned(as);
                    high = r.unsigned(as);
                    break;
                case DW_LLE_START_LENGTH:
                    low = r.unsigned(as);
                    high = low + r.uleb();
                    break;
                case DW_LLE_GNU_VIEW_PAIR:
                    r.uleb();
                    r.uleb();
                    continue;
                default:
                    throw r.fail(at, "unknown location list entry kind " + kind);
            }
            long len = r.uleb();
            long exprAt = r.position();
            if (sink == null) {
                r.skip(len);
            } else {
                sink.accept(new ListEntry(low, high, dflt, r.slice(len), exprAt, at));
            }
            n++;
        }
    }

    /** The range list at {@code offset} (from {@link DieCursor#listOffset(int)}) of the unit. */
    public static List<ListEntry> rangeList(Unit unit, long offset) {
        DwarfFile d = unit.dwarf;
        boolean v5 = unit.version >= 5;
        String name = v5 ? DwarfFile.DEBUG_RNGLISTS : DwarfFile.DEBUG_RANGES;
        Section s = d.section(name);
        if (s == null) {
            throw unit.section.reader().fail(unit.offset, "range list 0x" + Long.toHexString(offset) + " but the file has no " + name);
        }
        ByteReader r = s.reader();
        if (offset < 0 || offset >= r.size()) {
            throw r.fail(0, "range list offset 0x" + Long.toHexString(offset) + " outside " + name);
        }
        r.seek(offset);
        int as = unit.addressSize;
        long base = unit.baseAddress();
        List<ListEntry> out = new ArrayList<>();
        if (!v5) {
            long maxAddr = as == 8 ? -1L : (1L << (as * 8)) - 1;
            while (true) {
                long at = r.position();
                long begin = r.unsigned(as);
                long end = r.unsigned(as);
                if (begin == 0 && end == 0 && !relocated(s, r.base() + at, as)) {
                    return out;
                }
                if (begin == maxAddr) {
                    base = end;
                    continue;
                }
                out.add(new ListEntry(base + begin, base + end, false, null, -1, at));
            }
        }
        while (true) {
            long at = r.position();
            int kind = r.u8();
            long low;
            long high;
            switch (kind) {
                case DW_RLE_END_OF_LIST:
                    return out;
                case DW_RLE_BASE_ADDRESSX:
                    base = d.indexedAddress(unit, r.uleb(), at);
                    continue;
                case DW_RLE_BASE_ADDRESS:
                    base = r.unsigned(as);
                    continue;
                case DW_RLE_STARTX_ENDX:
                    low = d.indexedAddress(unit, r.uleb(), at);
                    high = d.indexedAddress(unit, r.uleb(), at);
                    break;
                case DW_RLE_STARTX_LENGTH:
                    low = d.indexedAddress(unit, r.uleb(), at);
                    high = low + r.uleb();
                    break;
                case DW_RLE_OFFSET_PAIR:
                    low = base + r.uleb();
                    high = base + r.uleb();
                    break;
                case DW_RLE_START_END:
                    low = r.unsigned(as);
                    high = r.unsigned(as);
                    break;
                case DW_RLE_START_LENGTH:
                    low = r.unsigned(as);
                    high = low + r.uleb();
                    break;
                default:
                    throw r.fail(at, "unknown range list entry kind " + kind);
            }
            out.add(new ListEntry(low, high, false, null, -1, at));
        }
    }
}
