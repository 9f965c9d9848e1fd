package org.gpumem.host;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntToLongFunction;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.elf.ElfSymbol;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.LineTable;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.images.DwarfOpener;
import org.gpumem.images.ItaniumDemangler;

/**
 * The functions and, where the file carries .debug_line, the source lines of one host ELF file
 * (a program or a shared library), by file offset as a process maps it: what names a return
 * address of host code. The line table is read on the first lookup that needs it.
 */
public final class HostSymbols {
    private static final int STT_FUNC = 2;

    /** A function of the file: its virtual address range and its (mangled) name. */
    private record Function(long start, long end, String name) {
    }

    /** A line-table row: from {@code address} to the next row's address, {@code file:line}. */
    private record Line(long address, String file, long line, boolean end) {
    }

    private final Path file;
    private final ElfFile elf;
    private final Function[] functions;
    private Line[] lines;

    private HostSymbols(Path file, ElfFile elf) {
        this.file = file;
        this.elf = elf;
        List<Function> f = new ArrayList<>();
        for (ElfSymbol s : elf.symbols()) {
            if (s.type() == STT_FUNC && s.size() > 0 && s.sectionIndex() != 0) {
                f.add(new Function(s.value(), s.value() + s.size(), s.name()));
            }
        }
        functions = f.toArray(Function[]::new);
        Arrays.sort(functions, Comparator.comparingLong(Function::start));
    }

    /**
     * The symbols of {@code file}.
     *
     * @throws IOException when it cannot be read
     * @throws InputFormatException when it is not a well-formed ELF file
     */
    public static HostSymbols open(Path file) throws IOException {
        return new HostSymbols(file, ElfFile.open(file));
    }

    public Path file() {
        return file;
    }

    /** The virtual address that byte {@code fileOffset} of the file is loaded at, or -1 when no section holds it. */
    public long addressOfFileOffset(long fileOffset) {
        for (ElfSection s : elf.sections()) {
            if ((s.flags() & ElfSection.SHF_ALLOC) != 0 && s.type() != ElfSection.SHT_NOBITS && fileOffset >= s.offset()
                    && fileOffset < s.offset() + s.size()) {
                return s.address() + fileOffset - s.offset();
            }
        }
        return -1;
    }

    /**
     * The call whose return address is {@code returnAddress} (a virtual address of this file):
     * the function holding it with the return address's offset in it, and the source line of
     * the call instruction (the byte before the return address) when the file has a line table.
     */
    public CallSite callSite(long runtimeAddress, long returnAddress) {
        Function f = function(returnAddress);
        Line line = line(returnAddress - 1);
        String name = f == null ? null : ItaniumDemangler.readable(f.name());
        return new CallSite(runtimeAddress, file.getFileName().toString(), f == null ? null : f.name(), name,
                f == null ? returnAddress : returnAddress - f.start(), line == null ? null : line.file(),
                line == null ? 0 : (int) line.line());
    }

    /** How many of the {@code length} ascending keys are at most {@code address}. */
    private static int atOrBelow(int length, IntToLongFunction key, long address) {
        int lo = 0;
        int hi = length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (key.applyAsLong(mid) <= address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private Function function(long address) {
        int lo = atOrBelow(functions.length, i -> functions[i].start(), address);
        // functions may nest (an alias inside a larger symbol): the latest start that holds it
        for (int i = lo - 1; i >= 0; i--) {
            if (address < functions[i].end()) {
                return functions[i];
            }
        }
        return null;
    }

    private Line line(long address) {
        Line[] rows = lineRows();
        int lo = atOrBelow(rows.length, i -> rows[i].address(), address);
        if (lo == 0 || rows[lo - 1].end() || lo == rows.length) {
            return null;
        }
        return rows[lo - 1];
    }

    private synchronized Line[] lineRows() {
        if (lines == null) {
            lines = readLines();
        }
        return lines;
    }

    /** Every row of every unit's line table, by address; none when the file has no .debug_line. */
    private Line[] readLines() {
        if (elf.section(".debug_line") == null) {
            return new Line[0];
        }
        List<Line> rows = new ArrayList<>();
        try {
            DwarfFile dwarf = DwarfOpener.open(file);
            for (Unit u : dwarf.units()) {
                LineTable table = u.lineTable();
                if (table == null) {
                    continue;
                }
                for (LineTable.Row r : table.rows()) {
                    rows.add(new Line(r.address(), table.shortFileName(r.file()), r.line(), r.endSequence()));
                }
            }
        } catch (IOException | InputFormatException e) {
            // a line table that cannot be read leaves the calls named by function only
            return new Line[0];
        }
        Line[] sorted = rows.toArray(Line[]::new);
        // an end-of-sequence row sorts before a row starting at the same address
        Arrays.sort(sorted, Comparator.comparingLong(Line::address).thenComparing(l -> !l.end()));
        return sorted;
    }
}
