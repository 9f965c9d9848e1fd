package org.gpumem.dwarf.info;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.expr.RegisterNames;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CFA rule at every row llvm-dwarfdump-22 prints for the fixtures' .debug_frame / .eh_frame. */
class CallFrameInfoTest {
    private static final Pattern FDE = Pattern.compile(" FDE cie=[0-9a-f]+ pc=([0-9a-f]+)\\.\\.\\.([0-9a-f]+)");
    private static final Pattern ROW = Pattern.compile("^\\s+0x([0-9a-f]+): CFA=([A-Za-z]+?)(\\d*)([+-]\\d+)?$");

    @ParameterizedTest
    @ValueSource(strings = {"cuda/spaces.sm_75.cubin", "cuda/spaces.sm_90.cubin", "dwarf-forms/forms.dwarf5.o",
        "dwarf-forms/forms.gcc-dwarf4.o", "dwarf-forms/forms.dwarf2.o"})
    void cfaRulesMatchLlvmDwarfdump(String name) throws Exception {
        Path file = DwarfFixtures.root().resolve(name);
        DwarfFile dwarf = DwarfFile.open(file);
        int machine = dwarf.source().machine();
        CallFrameInfo cfi = machine == ElfFile.EM_CUDA ? CallFrameInfo.debugFrame(dwarf, 8) : CallFrameInfo.ehFrame(dwarf, 8);
        assertNotNull(cfi, name);
        RegisterNames names = RegisterNames.forMachine(machine);
        int fdes = 0;
        int rows = 0;
        CallFrameInfo.Fde fde = null;
        for (String line : Files.readAllLines(DwarfFixtures.golden(file, ".frames.txt"))) {
            Matcher f = FDE.matcher(line);
            if (f.find()) {
                // FDEs in section order: cubin functions (and an object's sections) all start at 0.
                fde = cfi.fdes().get(fdes);
                assertEquals(Long.parseLong(f.group(1), 16), fde.low(), name);
                assertEquals(Long.parseLong(f.group(2), 16), fde.high(), name);
                fdes++;
                continue;
            }
            Matcher m = ROW.matcher(line);
            assertTrue(m.matches(), line);
            long pc = Long.parseLong(m.group(1), 16);
            CallFrameInfo.CfaRule rule = cfi.cfaAt(fde, pc);
            assertNotNull(rule, name + " 0x" + Long.toHexString(pc));
            String reg = m.group(2).equals("reg") ? "reg" + m.group(3) : m.group(2) + m.group(3);
            String ours = names.name(rule.register());
            assertEquals(reg, ours != null ? ours : "reg" + rule.register(), name + " 0x" + Long.toHexString(pc));
            assertEquals(m.group(4) == null ? 0 : Long.parseLong(m.group(4)), rule.offset(), name + " 0x" + Long.toHexString(pc));
            rows++;
        }
        assertEquals(cfi.fdes().size(), fdes, name + ": FDE count");
        assertTrue(rows >= fdes, name);
    }
}
