package org.gpumem.dwarf.info;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.gpumem.dwarf.io.ByteReader;

/**
 * A .debug_line program (versions 2 to 5): the header with its directory and file tables, and
 * on request the rows of the line-number matrix. File indexes follow the version's convention:
 * 1-based before DWARF 5, 0-based in DWARF 5 ({@link #fileName(long)} takes the raw
 * DW_AT_decl_file value).
 */
public final class LineTable {
    private static final int DW_LNCT_PATH = 1;
    private static final int DW_LNCT_DIRECTORY_INDEX = 2;

    private final long offset;
    private final int version;
    private final int addressSize;
    private final int minInstructionLength;
    private final int maxOpsPerInstruction;
    private final boolean defaultIsStmt;
    private final int lineBase;
    private final int lineRange;
    private final int opcodeBase;
    private final int[] standardOpcodeLengths;
    private final List<String> directories;
    private final List<String> fileNames;
    private final int[] fileDirectories;
    private final ByteReader program;

    private LineTable(long offset, int version, int addressSize, int minInstructionLength, int maxOpsPerInstruction,
            boolean defaultIsStmt, int lineBase, int lineRange, int opcodeBase, int[] standardOpcodeLengths,
            List<String> directories, List<String> fileNames, int[] fileDirectories, ByteReader program) {
        this.offset = offset;
        this.version = version;
        this.addressSize = addressSize;
        this.minInstructionLength = minInstructionLength;
        this.maxOpsPerInstruction = maxOpsPerInstruction;
        this.defaultIsStmt = defaultIsStmt;
        this.lineBase = lineBase;
        this.lineRange = lineRange;
        this.opcodeBase = opcodeBase;
        this.standardOpcodeLengths = standardOpcodeLengths;
        this.directories = directories;
        this.fileNames = fileNames;
        this.fileDirectories = fileDirectories;
        this.program = program;
    }

    static LineTable read(DwarfFile dwarf, Section s, long offset, Unit unit) {
        ByteReader r = s.reader();
        if (offset < 0 || offset >= r.size()) {
            throw r.fail(0, "DW_AT_stmt_list 0x" + Long.toHexString(offset) + " outside .debug_line");
        }
        r.seek(offset);
        long length = r.u32();
        int offsetSize = 4;
        if (length == 0xffffffffL) {
            length = r.u64();
            offsetSize = 8;
        } else if (length >= 0xfffffff0L) {
            throw r.fail(offset, "reserved line table length 0x" + Long.toHexString(length));
        }
        if (length < 0 || length > r.remaining()) {
            throw r.fail(offset, "line table length 0x" + Long.toHexString(length) + " exceeds the section");
        }
        ByteReader t = r.sub(length);
        int version = t.u16();
        if (version < 2 || version > 5) {
            throw t.fail(t.position() - 2, "unsupported line table version " + version);
        }
        int addressSize = unit != null ? unit.addressSize : 8;
        if (version >= 5) {
            addressSize = t.u8();
            t.u8();
        }
        long headerLength = t.unsigned(offsetSize);
        if (headerLength < 0 || headerLength > t.remaining()) {
            throw t.fail(t.position() - offsetSize, "line table header length 0x" + Long.toHexString(headerLength) + " too large");
        }
        long programStart = t.position() + headerLength;
        int minInst = t.u8();
        int maxOps = version >= 4 ? t.u8() : 1;
        boolean defaultIsStmt = t.u8() != 0;
        int lineBase = t.s8();
        int lineRange = t.u8();
        int opcodeBase = t.u8();
        int[] stdLengths = new int[Math.max(opcodeBase, 1)];
        for (int i = 1; i < opcodeBase; i++) {
            stdLengths[i] = t.u8();
        }
        List<String> dirs = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<Integer> fileDirs = new ArrayList<>();
        if (version >= 5) {
            readEntries(dwarf, t, offsetSize, dirs, null);
            readEntries(dwarf, t, offsetSize, files, fileDirs);
        } else {
            dirs.add(null);
            while (true) {
                String d = t.cstring();
                if (d.isEmpty()) {
                    break;
                }
                dirs.add(d);
            }
            files.add(null);
            fileDirs.add(0);
            while (true) {
                String f = t.cstring();
                if (f.isEmpty()) {
                    break;
                }
                long dir = t.uleb();
                t.uleb();
                t.uleb();
                files.add(f);
                fileDirs.add((int) Math.min(dir, Integer.MAX_VALUE));
            }
        }
        int[] fd = new int[fileDirs.size()];
        for (int i = 0; i < fd.length; i++) {
            fd[i] = fileDirs.get(i);
        }
        ByteReader program = t.subAt(Math.min(programStart, t.size()), t.size() - Math.min(programStart, t.size()));
        return new LineTable(offset, version, addressSize, minInst, maxOps, defaultIsStmt, lineBase, lineRange, opcodeBase,
                stdLengths, Collections.unmodifiableList(dirs), Collections.unmodifiableList(files), fd, program);
    }

    private static void readEntries(DwarfFile dwarf, ByteReader t, int offsetSize, List<String> names, List<Integer> dirIndexes) {
        int formatCount = t.u8();
        int[] types = new int[formatCount];
        int[] forms = new int[formatCount];
        for (int i = 0; i < formatCount; i++) {
            types[i] = t.ulebInt();
            forms[i] = t.ulebInt();
        }
        long count = t.uleb();
        if (count < 0 || count > t.remaining()) {
            throw t.fail(t.position(), "line table entry count " + Long.toUnsignedString(count) + " exceeds the header");
        }
        for (long e = 0; e < count; e++) {
            String name = null;
            int dir = 0;
            for (int i = 0; i < formatCount; i++) {
                int form = forms[i];
                long at = t.position();
                String sv = null;
                long nv = 0;
                switch (form) {
                    case DwForm.STRING -> sv = t.cstring();
                    case DwForm.LINE_STRP -> sv = dwarf.string(DwarfFile.DEBUG_LINE_STR, t.unsigned(offsetSize), t, at);
                    case DwForm.STRP -> sv = dwarf.string(DwarfFile.DEBUG_STR, t.unsigned(offsetSize), t, at);
                    case DwForm.UDATA -> nv = t.uleb();
                    case DwForm.DATA1 -> nv = t.u8();
                    case DwForm.DATA2 -> nv = t.u16();
                    case DwForm.DATA4 -> nv = t.u32();
                    case DwForm.DATA8 -> nv = t.u64();
                    case DwForm.DATA16 -> t.skip(16);
                    case DwForm.BLOCK -> t.skip(t.uleb());
                    default -> throw t.fail(at, "unsupported form " + DwForm.name(form) + " in line table header");
                }
                if (types[i] == DW_LNCT_PATH) {
                    name = sv;
                } else if (types[i] == DW_LNCT_DIRECTORY_INDEX) {
                    dir = (int) Math.min(nv, Integer.MAX_VALUE);
                }
            }
            names.add(name);
            if (dirIndexes != null) {
                dirIndexes.add(dir);
            }
        }
    }

    public long offset() {
        return offset;
    }

    public int version() {
        return version;
    }

    /** The include directories; before DWARF 5 entry 0 stands for the unit's compilation directory and is null. */
    public List<String> directories() {
        return directories;
    }

    /** File names as stored (index 0 is null before DWARF 5). */
    public List<String> fileNames() {
        return fileNames;
    }

    /**
     * The path of file {@code index} (a DW_AT_decl_file value), joined to its directory when
     * relative; null when the index is not in the table. Before DWARF 5, directory 0 is the
     * compilation directory of the unit using the table, {@code compDir} (may be null).
     */
    public String fileName(long index, String compDir) {
        if (index < 0 || index >= fileNames.size() || fileNames.get((int) index) == null) {
            return null;
        }
        String f = fileNames.get((int) index);
        if (f.startsWith("/")) {
            return f;
        }
        int d = fileDirectories[(int) index];
        if (d < 0 || d >= directories.size()) {
            return f;
        }
        String dir = version < 5 && d == 0 ? compDir : directories.get(d);
        if (dir == null || dir.isEmpty()) {
            return f;
        }
        return dir.endsWith("/") ? dir + f : dir + "/" + f;
    }

    /** The base name of file {@code index}, or null. */
    public String shortFileName(long index) {
        if (index < 0 || index >= fileNames.size() || fileNames.get((int) index) == null) {
            return null;
        }
        String f = fileNames.get((int) index);
        int slash = f.lastIndexOf('/');
        return slash >= 0 ? f.substring(slash + 1) : f;
    }

    /** One row of the line-number matrix. */
    public record Row(long address, long file, long line, long column, boolean isStmt, boolean endSequence) {
    }

    /** Runs the line-number program; returns its rows in program order. */
    public List<Row> rows() {
        ByteReader p = program.at(0);
        List<Row> rows = new ArrayList<>();
        long address = 0;
        long file = 1;
        long line = 1;
        long column = 0;
        boolean isStmt = defaultIsStmt;
        int opIndex = 0;
        int maxOps = Math.max(1, maxOpsPerInstruction);
        while (p.hasRemaining()) {
            int op = p.u8();
            if (op >= opcodeBase) {
                if (lineRange == 0) {
                    throw p.fail(p.position() - 1, "special opcode with line_range 0");
                }
                int adj = op - opcodeBase;
                long advance = adj / lineRange;
                address += minInstructionLength * ((opIndex + advance) / maxOps);
                opIndex = (int) ((opIndex + advance) % maxOps);
                line += lineBase + adj % lineRange;
                rows.add(new Row(address, file, line, column, isStmt, false));
                continue;
            }
            switch (op) {
                case 0 -> {
                    long len = p.uleb();
                    if (len == 0) {
                        break;
                    }
                    ByteReader ext = p.sub(len);
                    int sub = ext.u8();
                    switch (sub) {
                        case 1 -> {
                            rows.add(new Row(address, file, line, column, isStmt, true));
                            address = 0;
                            file = 1;
                            line = 1;
                            column = 0;
                            isStmt = defaultIsStmt;
                            opIndex = 0;
                        }
                        case 2 -> address = ext.unsigned(ext.remaining());
                        default -> { }
                    }
                }
                case 1 -> rows.add(new Row(address, file, line, column, isStmt, false));
                case 2 -> {
                    long adv = p.uleb();
                    address += minInstructionLength * ((opIndex + adv) / maxOps);
                    opIndex = (int) ((opIndex + adv) % maxOps);
                }
                case 3 -> line += p.sleb();
                case 4 -> file = p.uleb();
                case 5 -> column = p.uleb();
                case 6 -> isStmt = !isStmt;
                case 7 -> { }
                case 8 -> {
                    long adv = (255 - opcodeBase) / Math.max(1, lineRange);
                    address += minInstructionLength * ((opIndex + adv) / maxOps);
                    opIndex = (int) ((opIndex + adv) % maxOps);
                }
                case 9 -> {
                    address += p.u16();
                    opIndex = 0;
                }
                case 10, 11 -> { }
                case 12 -> p.uleb();
                default -> {
                    for (int i = 0; i < standardOpcodeLengths[op]; i++) {
                        p.uleb();
                    }
                }
            }
        }
        return rows;
    }
}
