package org.gpumem.dwarf.info;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.dwarf.variables.VariableLister;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cubins carry .rela.debug_* sections that llvm-dwarfdump and readelf's DWARF dumps ignore (they
 * print 0 for every relocated address). gpumem applies them: each relocated value must be the
 * symbol value plus addend that {@code readelf -r} (the committed FILE.relocs.txt) lists.
 */
class CubinRelocationTest {
    private static final Pattern HEADER = Pattern.compile("^Relocation section '(\\S+)'");
    private static final Pattern ENTRY = Pattern.compile(
            "^([0-9a-f]+)\\s+([0-9a-f]+)\\s+(?:unrecognized: )?(\\S+)\\s+([0-9a-f]+)\\s+(\\S+) \\+ ([0-9a-f]+)$");

    record Entry(String section, long offset, int type, long symbolValue, String symbol, long addend) {
    }

    static List<Entry> relocations(Path cubin) throws Exception {
        List<Entry> out = new ArrayList<>();
        String section = null;
        for (String line : Files.readAllLines(DwarfFixtures.golden(cubin, ".relocs.txt"))) {
            Matcher h = HEADER.matcher(line);
            if (h.find()) {
                section = h.group(1).startsWith(".rela") ? h.group(1).substring(5) : null;
                continue;
            }
            Matcher m = ENTRY.matcher(line.trim());
            if (section != null && m.matches()) {
                out.add(new Entry(section, Long.parseLong(m.group(1), 16), Integer.parseInt(m.group(3), 16),
                        Long.parseLong(m.group(4), 16), m.group(5), Long.parseLong(m.group(6), 16)));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"spaces.sm_75.cubin", "spaces.sm_90.cubin"})
    void debugSectionsComeOutRelocated(String name) throws Exception {
        Path cubin = DwarfFixtures.root().resolve("cuda").resolve(name);
        DwarfFile dwarf = DwarfFile.open(cubin);
        DwarfFile raw = new DwarfFile(DwarfFixtures.unrelocated(dwarf.source()));
        int checked = 0;
        int changed = 0;
        for (Entry e : relocations(cubin)) {
            if (!e.section().startsWith(".debug_")) {
                continue;
            }
            Section s = dwarf.section(e.section());
            int size = ElfDebugSections.relocationSize(190, e.type());
            assertTrue(size == 4 || size == 8, "relocation type " + e.type());
            long expected = e.symbolValue() + e.addend();
            long got = s.reader(e.offset()).unsigned(size);
            assertEquals(size == 8 ? expected : expected & 0xffffffffL, got, e.toString());
            checked++;
            changed += raw.section(e.section()).reader(e.offset()).unsigned(size) != got ? 1 : 0;
        }
        assertTrue(checked > 10, "relocations checked: " + checked);
        assertTrue(changed > 0, "values that differ from the bytes in place (what other tools print)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"spaces.sm_75.cubin", "spaces.sm_90.cubin"})
    void globalVariableAddressesAreTheSymbolValues(String name) throws Exception {
        Path cubin = DwarfFixtures.root().resolve("cuda").resolve(name);
        List<DwarfVariable> vars = new VariableLister(DwarfFile.open(cubin)).list();
        int checked = 0;
        for (Entry e : relocations(cubin)) {
            if (!e.section().equals(".debug_info")) {
                continue;
            }
            for (DwarfVariable v : vars) {
                if (v.function() == null && e.symbol().equals(v.name())) {
                    assertEquals(e.symbolValue() + e.addend(), v.location().address(), v.name());
                    assertTrue(v.location().symbols().contains(e.symbol()), v.location().symbols().toString());
                    checked++;
                }
            }
        }
        assertEquals(3, checked, "deviceTable, deviceCounter and constScale have relocated DW_OP_addr operands");
    }
}
