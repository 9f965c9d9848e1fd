package org.gpumem.dwarf.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Unit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unreadable part of the DWARF says why where it is shown, instead of reading as "unknown" or
 * as absent: a copy of a committed cubin with one part broken, next to the intact one.
 */
class MalformedDwarfSaysWhyTest {
    private static final Path CUBIN = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "cuda", "spaces.sm_90.cubin");

    @TempDir
    Path dir;

    @Test
    void anUnreadableLineTableNamesItsProblemAsTheDeclarationFile() throws Exception {
        byte[] bytes = Files.readAllBytes(CUBIN);
        long line = ElfFile.open(CUBIN).section(".debug_line").offset();
        // The version after the 32-bit unit length: no DWARF version is 0xff.
        bytes[(int) line + 4] = (byte) 0xff;
        bytes[(int) line + 5] = 0;
        Path broken = Files.write(dir.resolve("broken-line.cubin"), bytes);

        List<DwarfVariable> intact = new VariableLister(DwarfFile.open(CUBIN)).list();
        List<DwarfVariable> listed = new VariableLister(DwarfFile.open(broken)).list();
        assertEquals(intact.size(), listed.size());
        int named = 0;
        for (int i = 0; i < intact.size(); i++) {
            if (intact.get(i).declFile() != null) {
                named++;
                String file = listed.get(i).declFile();
                assertTrue(file.startsWith("unknown (") && file.contains(".debug_line"), file);
            }
        }
        assertTrue(named > 0, "the cubin's variables name their files");
    }

    @Test
    void aMalformedLocationCountsUnderItsProblem() throws Exception {
        // clang's HIP code object: its global variables' spaces come from their location expressions.
        Path object = CUBIN.resolveSibling("../amdgpu/spaces.hip.clang22.co").normalize();
        long block = -1;
        for (Unit u : DwarfFile.open(object).units()) {
            AddressSpaceEncodings enc = AddressSpaceEncodings.DEFAULTS.forProducer(Producer.parse(u.producer()));
            DieCursor c = u.cursor();
            while (block < 0 && c.next()) {
                int loc = c.find(DwAt.LOCATION);
                boolean spaceAttribute = false;
                for (int i = 0; i < c.attributeCount(); i++) {
                    spaceAttribute |= enc.attributeKind(c.attribute(i)) != null;
                }
                if (c.tag() == DwTag.VARIABLE && loc >= 0 && c.isBlock(loc) && c.block(loc).remaining() > 0 && !spaceAttribute) {
                    block = c.blockOffset(loc);
                }
            }
        }
        assertTrue(block >= 0, "the object has a variable whose location expression tells its space");
        byte[] bytes = Files.readAllBytes(object);
        // 0x00 is no DW_OP.
        bytes[(int) (ElfFile.open(object).section(".debug_info").offset() + block)] = 0;
        Path broken = Files.write(dir.resolve("broken-location.co"), bytes);

        DwarfStatistics.Result r = DwarfStatistics.compute(DwarfFile.open(broken), AddressSpaceEncodings.DEFAULTS, 1);
        String prefix = "unknown (malformed location at 0x" + Long.toHexString(block) + ": ";
        List<String> keys = r.bySpace().keySet().stream().filter(k -> k.startsWith(prefix)).toList();
        assertEquals(1, keys.size(), r.bySpace().toString());
        assertTrue(keys.get(0).length() > prefix.length() + 1, "the key carries the decoder's message: " + keys.get(0));
    }
}
