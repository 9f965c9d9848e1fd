package org.gpumem.dwarf.info;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.DwarfStatistics;
import org.gpumem.dwarf.variables.VariableLister;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutations of the ELF fixtures (bit flips, byte overwrites, truncations, and lies in
 * length and offset fields of the ELF header, section headers and DWARF unit and list headers)
 * run through the whole reader: ELF, relocations, decompression, units, abbreviations, every
 * DIE, line tables, location and range lists, call frame information, the variable listing and
 * the statistics. Each input must either succeed or fail with an {@link InputFormatException}
 * naming the file and an offset; anything else (another exception, an Error such as
 * OutOfMemoryError) fails the test with the seed that reproduces it. The run is a fixed number of
 * inputs, so it does the same work on a loaded machine as on an idle one; a decoder that loops
 * never finishes, and the build's fork timeout ends it. The time per input is measured by the
 * Jazzer targets of {@code tests/org.gpumem.fuzz} ({@code releng/fuzz}), not here. System
 * properties {@code gpumem.fuzz.inputs} and {@code gpumem.fuzz.seed} lengthen or vary the run.
 */
class DecoderFuzzTest {
    private static final int INPUTS = Integer.getInteger("gpumem.fuzz.inputs", 20_000);
    private static final long SEED = Long.getLong("gpumem.fuzz.seed", 0x6770756d656dL);

    record Seed(Path file, byte[] bytes, List<int[]> fields) {
    }

    @Test
    void mutatedInputsFailCleanlyOrSucceed() throws Exception {
        List<Seed> seeds = new ArrayList<>();
        for (Path p : DwarfFixtures.elfFiles()) {
            byte[] b = Files.readAllBytes(p);
            seeds.add(new Seed(p, b, lengthFields(p.getFileName().toString(), b)));
        }
        assertTrue(seeds.size() >= 10, "fixtures: " + seeds.size());
        for (Seed s : seeds) {
            assertTrue(run(s.file().getFileName().toString(), s.bytes(), "original"), s.file() + " must decode");
        }
        Random random = new Random(SEED);
        int rejected = 0;
        for (int input = 0; input < INPUTS; input++) {
            long inputSeed = random.nextLong();
            Seed s = seeds.get(Math.floorMod(inputSeed, seeds.size()));
            Random r = new Random(inputSeed);
            StringBuilder what = new StringBuilder("seed 0x" + Long.toHexString(inputSeed) + " of " + s.file().getFileName());
            byte[] m = mutate(s, r, what);
            rejected += run(s.file().getFileName().toString(), m, what.toString()) ? 0 : 1;
        }
        System.out.println("dwarf fuzz: " + INPUTS + " inputs, " + rejected + " rejected with InputFormatException");
        assertTrue(rejected > 0, "some mutations must be rejected (" + INPUTS + " inputs)");
    }

    /** Runs one input; true when it decoded, false when rejected with a proper InputFormatException. */
    private static boolean run(String name, byte[] data, String what) {
        try {
            decodeEverything(name, data);
            return true;
        } catch (InputFormatException ife) {
            assertNotNull(ife.file(), what + ": no file in " + ife.getMessage());
            assertTrue(ife.offset() >= 0, what + ": negative offset in " + ife.getMessage());
            assertTrue(ife.getMessage().startsWith(name + ": "), what + ": " + ife.getMessage());
            return false;
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            fail(what + ": " + t + "\n" + trace);
            return false;
        }
    }

    static void decodeEverything(String name, byte[] data) {
        ElfFile elf = ElfFile.parse(name, ByteBuffer.wrap(data));
        DwarfFile dwarf = new DwarfFile(new ElfDebugSections(elf));
        new VariableLister(dwarf).list();
        DwarfStatistics.compute(dwarf, AddressSpaceEncodings.DEFAULTS, 1);
        for (CallFrameInfo cfi : new CallFrameInfo[] {CallFrameInfo.debugFrame(dwarf, 8), CallFrameInfo.ehFrame(dwarf, 8)}) {
            if (cfi != null) {
                for (CallFrameInfo.Fde f : cfi.fdes()) {
                    cfi.cfaAt(f, f.high() - 1);
                }
            }
        }
        for (Unit u : dwarf.units()) {
            LineTable lt = u.lineTable();
            if (lt != null) {
                lt.rows();
            }
            DieCursor c = u.cursor();
            while (c.next()) {
                int i = c.find(DwAt.RANGES);
                if (i >= 0) {
                    Lists.rangeList(u, c.listOffset(i));
                }
            }
        }
    }

    private static byte[] mutate(Seed s, Random r, StringBuilder what) {
        byte[] m = s.bytes().clone();
        int kind = r.nextInt(5);
        switch (kind) {
            case 0 -> {
                int flips = 1 + r.nextInt(8);
                for (int i = 0; i < flips; i++) {
                    int at = r.nextInt(m.length);
                    m[at] ^= (byte) (1 << r.nextInt(8));
                }
                what.append(": ").append(flips).append(" bit flips");
            }
            case 1 -> {
                int at = r.nextInt(m.length);
                m[at] = (byte) r.nextInt(256);
                what.append(": byte at 0x").append(Integer.toHexString(at));
            }
            case 2 -> {
                int len = r.nextInt(m.length);
                what.append(": truncated to ").append(len);
                return java.util.Arrays.copyOf(m, len);
            }
            default -> {
                // A lie in a length or offset field: unit lengths, list and line table headers, ELF
                // section header sizes and offsets, compression headers.
                if (s.fields().isEmpty()) {
                    return m;
                }
                int[] field = s.fields().get(r.nextInt(s.fields().size()));
                long[] lies = {0, 1, 0xff, 0xffff, 0x7fffffffL, 0xffffffffL, 0xfffffff0L, 0x10000, -1L,
                    (long) r.nextInt(1 << 20), field[1] == 8 ? 0x7fffffffffffffffL : 0x80000000L};
                long lie = lies[r.nextInt(lies.length)];
                ByteBuffer b = ByteBuffer.wrap(m).order(field[2] == 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
                if (field[1] == 8) {
                    b.putLong(field[0], lie);
                } else if (field[1] == 4) {
                    b.putInt(field[0], (int) lie);
                } else {
                    b.putShort(field[0], (short) lie);
                }
                what.append(": field at 0x").append(Integer.toHexString(field[0])).append(" := 0x").append(Long.toHexString(lie));
            }
        }
        return m;
    }

    /** File offsets of length/offset fields: {offset, width, bigEndian}. */
    private static List<int[]> lengthFields(String name, byte[] data) {
        List<int[]> out = new ArrayList<>();
        ElfFile elf = ElfFile.parse(name, ByteBuffer.wrap(data));
        int be = elf.order() == ByteOrder.BIG_ENDIAN ? 1 : 0;
        int w = elf.is64() ? 8 : 4;
        out.add(new int[] {elf.is64() ? 0x28 : 0x20, w, be});
        out.add(new int[] {elf.is64() ? 0x3c : 0x30, 2, be});
        ByteBuffer img = elf.image();
        long shoff = elf.is64() ? img.getLong(0x28) : img.getInt(0x20) & 0xffffffffL;
        int shentsize = img.getShort(elf.is64() ? 0x3a : 0x2e) & 0xffff;
        for (ElfSection s : elf.sections()) {
            int h = (int) (shoff + (long) s.index() * shentsize);
            if (!s.name().startsWith(".debug") && !s.name().startsWith(".rel")) {
                continue;
            }
            out.add(new int[] {h + (elf.is64() ? 0x18 : 0x10), w, be});
            out.add(new int[] {h + (elf.is64() ? 0x20 : 0x14), w, be});
            if (s.isCompressed()) {
                out.add(new int[] {(int) s.offset() + (elf.is64() ? 8 : 4), w, be});
                continue;
            }
            if (s.name().startsWith(".debug") && s.size() >= 4) {
                // the first unit/list/table header length, and some words inside
                out.add(new int[] {(int) s.offset(), 4, be});
                for (int k = 4; k + 4 <= s.size() && k < 64; k += 4) {
                    out.add(new int[] {(int) s.offset() + k, 4, be});
                }
            }
        }
        return out;
    }
}
