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

    @Test
    void unknownFilesAreRefusedWithTheirName() {
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> new CatalogReader().read("notes.txt", ByteBuffer.wrap("hello world\n".getBytes(StandardCharsets.UTF_8))));
        assertEquals("notes.txt", e.file());
    }
}
