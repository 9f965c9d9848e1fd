package org.gpumem.dwarf.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Unit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Register operations print as llvm-dwarfdump-22 printed the register sweeps of the hand-made fixtures. */
class RegisterNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"amdgpu", "x86_64"})
    void registerNamesMatchLlvmDwarfdump(String target) throws IOException {
        DwarfFile dwarf = DwarfFile.open(HandmadeFixture.DIR.resolve("registers-" + target + ".elf"));
        RegisterNames names = RegisterNames.forMachine(dwarf.source().machine());
        Unit unit = dwarf.units().get(0);
        ExpressionDecoder decoder = new ExpressionDecoder(AddressSpaceEncodings.DEFAULTS, unit.version(), unit.addressSize(),
                unit.offsetSize());
        List<String> ours = new ArrayList<>();
        DieCursor c = unit.cursor();
        while (c.next()) {
            int loc = c.find(DwAt.LOCATION);
            if (loc >= 0) {
                ours.add(decoder.decode(unit.section().reader().subAt(c.blockOffset(loc), c.block(loc).remaining()))
                        .format(names, BaseTypeNames.UNRESOLVED));
            }
        }
        Pattern location = Pattern.compile("\\s*DW_AT_location\\s+\\((.*)\\)");
        List<String> golden = new ArrayList<>();
        for (String line : Files.readAllLines(HandmadeFixture.DIR.resolve("registers-" + target + ".dwarfdump.txt"))) {
            Matcher m = location.matcher(line);
            if (m.matches()) {
                golden.add(m.group(1));
            }
        }
        assertEquals(golden, ours);
    }
}
