package org.gpumem.dwarf.expr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.Unit;

/**
 * tests/fixtures/handmade/aspace-ops.elf read through the DIE reader, and the golden
 * llvm-dwarfdump-22 output its script committed beside it.
 */
final class HandmadeFixture {
    static final Path DIR = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "handmade");

    final DwarfFile dwarf;
    final Unit unit;
    /** Variable name -> its DW_AT_location expression (exprloc variables). */
    final Map<String, Expression> locations = new LinkedHashMap<>();
    /** Variable name -> its location list entries (sec_offset variables). */
    final Map<String, List<ListEntry>> lists = new LinkedHashMap<>();
    /** Variable name -> DW_AT_LLVM_memory_space value. */
    final Map<String, Long> memorySpaces = new LinkedHashMap<>();
    /** Pointer type attributes (attribute number -> value) in DIE order. */
    final List<long[]> pointerAddressSpaces = new ArrayList<>();
    final ExpressionDecoder decoder;

    HandmadeFixture(AddressSpaceEncodings encodings) throws IOException {
        dwarf = DwarfFile.open(DIR.resolve("aspace-ops.elf"));
        unit = dwarf.units().get(0);
        decoder = new ExpressionDecoder(encodings, unit.version(), unit.addressSize(), unit.offsetSize());
        DieCursor c = unit.cursor();
        while (c.next()) {
            if (c.tag() == DwTag.POINTER_TYPE) {
                for (int i = 0; i < c.attributeCount(); i++) {
                    if (c.attribute(i) != DwAt.TYPE) {
                        pointerAddressSpaces.add(new long[] {c.attribute(i), c.unsigned(i)});
                    }
                }
            }
            if (c.tag() != DwTag.VARIABLE) {
                continue;
            }
            String name = c.string(DwAt.NAME);
            int loc = c.find(DwAt.LOCATION);
            if (c.isListReference(loc)) {
                lists.put(name, Lists.locationList(unit, c.listOffset(loc)));
            } else {
                int length = c.block(loc).remaining();
                locations.put(name, decoder.decode(unit.section().reader().subAt(c.blockOffset(loc), length)));
            }
            int ms = c.find(DwAt.LLVM_MEMORY_SPACE);
            if (ms >= 0) {
                memorySpaces.put(name, c.unsigned(ms));
            }
        }
    }

    Expression decode(ListEntry entry) {
        String section = unit.version() >= 5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC;
        return decoder.decode(dwarf.section(section).reader().subAt(entry.expressionOffset(), entry.expression().remaining()));
    }

    /** Name -> the text inside DW_AT_location(...) for exprloc variables of the golden dump. */
    static Map<String, String> goldenLocations() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        Pattern name = Pattern.compile("\\s*DW_AT_name\\s+\\(\"(.*)\"\\)");
        Pattern location = Pattern.compile("\\s*DW_AT_location\\s+\\((.*)\\)");
        String current = null;
        for (String line : Files.readAllLines(DIR.resolve("aspace-ops.dwarfdump.txt"))) {
            Matcher n = name.matcher(line);
            if (n.matches()) {
                current = n.group(1);
                continue;
            }
            Matcher l = location.matcher(line);
            if (l.matches() && current != null) {
                out.put(current, l.group(1));
            }
        }
        return out;
    }

    /** Entries "[0x..., 0x...): ops" of the golden dump's location list for variable {@code variable}. */
    static List<String[]> goldenList(String variable) throws IOException {
        List<String[]> out = new ArrayList<>();
        Pattern entry = Pattern.compile("\\s*\\[(0x[0-9a-f]+), (0x[0-9a-f]+)\\): (.*?)\\)?");
        boolean inside = false;
        for (String line : Files.readAllLines(DIR.resolve("aspace-ops.dwarfdump.txt"))) {
            if (line.contains("DW_AT_name") && line.contains("\"" + variable + "\"")) {
                inside = true;
                continue;
            }
            if (!inside) {
                continue;
            }
            Matcher m = entry.matcher(line);
            if (m.matches()) {
                out.add(new String[] {m.group(1), m.group(2), m.group(3)});
                if (line.endsWith(")")) {
                    break;
                }
            } else if (line.isBlank()) {
                break;
            }
        }
        return out;
    }
}
