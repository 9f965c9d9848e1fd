package org.gpumem.dwarf.elf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.info.DwarfFixtures;
import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** ElfFile against the {@code readelf -hSW} output the fixture scripts commit. */
class ElfFileTest {
    private static final Pattern SECTION = Pattern.compile(
            "^\\s*\\[\\s*(\\d+)\\] (\\S*)\\s+(\\S+)\\s+([0-9a-f]+) ([0-9a-f]+) ([0-9a-f]+) ([0-9a-f]+)\\s+([A-Za-z]*)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$");

    static List<Path> fixtures() {
        return DwarfFixtures.elfFiles().stream()
                .filter(p -> Files.exists(DwarfFixtures.golden(p, ".readelf.txt"))).toList();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void headerAndSectionsMatchReadelf(Path file) throws Exception {
        List<String> lines = Files.readAllLines(DwarfFixtures.golden(file, ".readelf.txt"));
        ElfFile elf = ElfFile.open(file);
        String cls = field(lines, "Class:");
        assertEquals(cls.equals("ELF64"), elf.is64(), "class");
        assertEquals(field(lines, "Data:").contains("little endian") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN, elf.order());
        String type = field(lines, "Type:");
        int expectedType = type.startsWith("REL") ? ElfFile.ET_REL : type.startsWith("EXEC") ? ElfFile.ET_EXEC
                : type.startsWith("DYN") ? ElfFile.ET_DYN : -1;
        assertEquals(expectedType, elf.type(), "type");
        long flags = Long.decode(field(lines, "Flags:").split("[ ,]")[0]);
        assertEquals(flags, elf.flags(), "flags");
        assertEquals(Integer.parseInt(field(lines, "Number of section headers:")), elf.sections().size());
        int seen = 0;
        for (String line : lines) {
            Matcher m = SECTION.matcher(line);
            if (!m.matches()) {
                continue;
            }
            ElfSection s = elf.section(Integer.parseInt(m.group(1)));
            String name = m.group(2);
            assertTrue(name.isEmpty() ? s.name().isEmpty() : s.name().startsWith(name), s + " vs " + line);
            assertEquals(Long.parseLong(m.group(4), 16), s.address(), line);
            assertEquals(Long.parseLong(m.group(5), 16), s.offset(), line);
            assertEquals(Long.parseLong(m.group(6), 16), s.size(), line);
            assertEquals(m.group(8).contains("C"), s.isCompressed(), line);
            assertEquals(Long.parseLong(m.group(9)), s.link(), line);
            assertEquals(Long.parseLong(m.group(11)), s.align(), line);
            seen++;
        }
        assertEquals(elf.sections().size(), seen, "sections parsed from the readelf output");
    }

    private static String field(List<String> lines, String key) {
        for (String l : lines) {
            String t = l.trim();
            if (t.startsWith(key)) {
                return t.substring(key.length()).trim();
            }
        }
        throw new AssertionError("no " + key);
    }

    @Test
    void compressedSectionsInflateToTheUncompressedBytes() throws Exception {
        Path dir = DwarfFixtures.root().resolve("amdgpu");
        ElfFile plain = ElfFile.open(dir.resolve("spaces.cl.clang22.o"));
        for (String variant : new String[] {"spaces.cl.clang22.zlib.o", "spaces.cl.clang22.zstd.o"}) {
            // Mapped files and buffers in memory.
            for (ElfFile packed : List.of(ElfFile.open(dir.resolve(variant)),
                    ElfFile.parse(variant, ByteBuffer.wrap(Files.readAllBytes(dir.resolve(variant)))))) {
                int compressed = 0;
                for (ElfSection s : packed.sections()) {
                    if (!s.name().startsWith(".debug")) {
                        continue;
                    }
                    compressed += s.isCompressed() ? 1 : 0;
                    ElfSection p = plain.section(s.name());
                    assertNotNull(p, s.name());
                    assertArrayEquals(bytes(plain.data(p)), bytes(packed.data(s)), variant + " " + s.name());
                }
                assertTrue(compressed > 3, variant + " has compressed debug sections");
            }
        }
    }

    @Test
    void relocationsOfACubinDebugSection() throws Exception {
        ElfFile elf = ElfFile.open(DwarfFixtures.root().resolve("cuda/spaces.sm_90.cubin"));
        ElfSection info = elf.section(".debug_info");
        List<ElfSection> rel = elf.relocationSectionsFor(info);
        assertEquals(1, rel.size());
        assertEquals(".rela.debug_info", rel.get(0).name());
        List<String> names = new ArrayList<>();
        for (ElfRelocation r : elf.relocations(rel.get(0))) {
            names.add(elf.symbolName(elf.symbolsFor(rel.get(0)).get(r.symbolIndex())));
        }
        assertTrue(names.contains("deviceTable"), names.toString());
    }

    @Test
    void truncatedOrLyingHeadersFailWithTheOffset() {
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> ElfFile.parse("tiny", ByteBuffer.wrap(new byte[] {0x7f, 'E', 'L', 'F', 2, 1})));
        assertEquals("tiny", e.file());
        byte[] header = new byte[64];
        header[0] = 0x7f;
        header[1] = 'E';
        header[2] = 'L';
        header[3] = 'F';
        header[4] = 2;
        header[5] = 1;
        header[0x28] = (byte) 0x80; // section headers at 0x80, beyond the 64 bytes
        header[0x3a] = 64;
        header[0x3c] = 3;
        e = assertThrows(InputFormatException.class, () -> ElfFile.parse("lies", ByteBuffer.wrap(header)));
        assertTrue(e.getMessage().startsWith("lies: offset 0x"), e.getMessage());
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
