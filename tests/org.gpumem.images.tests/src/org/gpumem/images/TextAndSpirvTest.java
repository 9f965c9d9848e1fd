package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

/** OpenCL C text and SPIR-V modules (vadd.spv is clang's compilation of vadd.cl). */
class TextAndSpirvTest {

    private static List<String> names(DeviceImage i) {
        return i.kernels().stream().map(Kernel::name).toList();
    }

    @Test
    void openClKernelsAreTheSpirvEntryPoints() throws IOException {
        DeviceImage cl = Fixtures.read("vadd.cl").images().get(0);
        assertEquals(ImageFormat.OPENCL_C, cl.format());
        DeviceImage spv = Fixtures.read("vadd.spv").images().get(0);
        assertEquals(ImageFormat.SPIRV, spv.format());
        assertEquals(names(spv), names(cl));
        assertEquals(2, names(cl).size());
    }

    @Test
    void bigEndianSpirvIsRecognised() throws IOException {
        byte[] le = Fixtures.bytes("vadd.spv");
        ByteBuffer in = ByteBuffer.wrap(le).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer be = ByteBuffer.allocate(le.length).order(ByteOrder.BIG_ENDIAN);
        while (in.remaining() >= 4) {
            be.putInt(in.getInt());
        }
        be.flip();
        Catalog c = new CatalogReader().read("vadd-be.spv", be);
        assertEquals("SPIR-V module (big-endian)", c.fileKind());
        assertEquals(names(Fixtures.read("vadd.spv").images().get(0)), names(c.images().get(0)));
    }

    @Test
    void commentedOutKernelsAreNotKernels() {
        String src = "// __kernel void old(global int *p) {}\n/* kernel void older(int x) {} */\n"
                + "__kernel __attribute__((reqd_work_group_size(64,1,1))) void live(global int *p) { p[0] = 1; }\n";
        Catalog c = new CatalogReader().read("k.cl", ByteBuffer.wrap(src.getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of("live"), names(c.images().get(0)));
    }

    /**
     * PTX entries are found in one pass over the payload's bytes, without copies (a decompressed
     * entry may be as large as the budget): the same names as the pattern over the text with its
     * comments removed, on text made of the pieces that matter to both (comments, strings, escapes,
     * near-misses of the directive, UTF-8).
     */
    @Test
    void ptxEntriesInOnePassAreThePatternsMatches() {
        java.util.regex.Pattern entry = java.util.regex.Pattern.compile("\\.entry\\s+([A-Za-z_$%][A-Za-z0-9_$]*)");
        String[] pieces = {".entry", " ", "\t", "\n", "//", "/*", "*/", "\"", "\\", "k1", "$x", "%r", "_9", ".", "e", "ntry",
            ".entr", "(", "\u00e9", "0"};
        java.util.Random random = new java.util.Random(36);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder ptx = new StringBuilder();
            for (int k = random.nextInt(24); k >= 0; k--) {
                ptx.append(pieces[random.nextInt(pieces.length)]);
            }
            String text = ptx.toString();
            List<String> expected = new java.util.ArrayList<>();
            java.util.regex.Matcher m = entry.matcher(ImageScanner.stripComments(text));
            while (m.find()) {
                expected.add(m.group(1));
            }
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            assertEquals(expected, ImageScanner.ptxEntries(ImageScanner.chars(ByteBuffer.wrap(utf8))), text);
        }
    }

    @Test
    void unknownFilesAreRefusedWithTheirName() {
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> new CatalogReader().read("notes.txt", ByteBuffer.wrap("hello world\n".getBytes(StandardCharsets.UTF_8))));
        assertEquals("notes.txt", e.file());
    }
}
