package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.junit.jupiter.api.Test;

/**
 * Device code stored as vendor libraries store it (fixtures of make-embedded-fixtures.sh): LZ4
 * entries, a fatbin at an unaligned offset of .rodata, raw code objects and cubins in .data, and
 * one bad container among good ones.
 */
class VendorLayoutTest {

    private static byte[] array(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    @Test
    void lz4EntriesDecodeToTheCubinsNvccKept() throws IOException {
        Catalog c = Fixtures.read("cuda_lz4");
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        List<DeviceImage> images = c.images();
        assertEquals(5, images.size());
        for (DeviceImage i : images) {
            assertEquals(Compression.LZ4, i.compression(), i.toString());
            assertTrue(i.storedSize() < i.size(), i.toString());
            assertEquals(i.size(), i.payload().remaining(), i.toString());
        }
        assertArrayEquals(Fixtures.bytes("keep/lz4/kern.compute_75.cubin"), array(images.get(2).payload()));
        assertArrayEquals(Fixtures.bytes("keep/lz4/kern.compute_86.cubin"), array(images.get(3).payload()));
        DeviceImage ptx = images.get(4);
        assertEquals(ImageFormat.PTX, ptx.format());
        String text = ImageScanner.text(ptx.payload());
        assertEquals(Fixtures.entryNames(Files.readString(Fixtures.path("keep/lz4/kern.compute_80.ptx"))),
                Fixtures.entryNames(text));
        assertEquals(4, ptx.kernels().size());
    }

    @Test
    void deviceCodeOutsideItsSectionsIsFoundWhereItIs() throws IOException {
        Catalog c = Fixtures.read("embedded.o");
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        List<Container> containers = c.containers();
        assertEquals(3, containers.size(), "code object, cubin, fatbin; not the fake fatbin magic nor the x86-64 header");
        ElfFile elf = ElfFile.open(Fixtures.path("embedded.o"));

        Container codeObject = containers.get(0);
        assertEquals(Container.Kind.EMBEDDED_IMAGE, codeObject.kind());
        assertEquals(".data", codeObject.origin().section());
        DeviceImage hsaco = codeObject.images().get(0);
        assertEquals(ImageFormat.AMDGPU_CODE_OBJECT, hsaco.format());
        assertEquals(AmdgpuTarget.parse("gfx90a"), hsaco.target());
        byte[] unbundled = Fixtures.bytes("unbundled/hkern.hipfb/hipv4-amdgcn-amd-amdhsa--gfx90a.hsaco");
        assertArrayEquals(unbundled, array(hsaco.payload()));
        assertEquals(Fixtures.lines("expected/hip-kernels.txt"), List.copyOf(Fixtures.kernelNames(hsaco)));

        DeviceImage cubin = containers.get(1).images().get(0);
        assertEquals(ImageFormat.CUBIN, cubin.format());
        assertArrayEquals(Fixtures.bytes("keep/O/kern.compute_86.cubin"), array(cubin.payload()));

        Container fatbin = containers.get(2);
        assertEquals(Container.Kind.CUDA_FATBIN, fatbin.kind());
        assertEquals(".rodata", fatbin.origin().section());
        assertEquals(4, fatbin.origin().offset(), "after the 4 bytes before it, not 8-aligned");
        ElfSection rodata = elf.section(".rodata");
        assertEquals(rodata.offset() + 4, fatbin.origin().fileOffset());
        byte[] kept = Fixtures.bytes("keep/O/kern.fatbin");
        assertEquals(kept.length, fatbin.size());
        assertEquals(3, fatbin.images().size());
        assertArrayEquals(Fixtures.bytes("keep/O/kern.compute_75.cubin"), array(fatbin.images().get(0).payload()));
        assertArrayEquals(Fixtures.bytes("keep/O/kern.compute_86.cubin"), array(fatbin.images().get(1).payload()));
    }

    @Test
    void aCorruptEntryIsListedWithItsReasonAndTheRestStaysReadable() throws IOException {
        byte[] file = Fixtures.bytes("cuda_O");
        Catalog good = Fixtures.read("cuda_O");
        Container first = good.containers().get(0);
        DeviceImage firstEntry = first.images().get(0);
        byte[] bad = file.clone();
        // the entry's header size (offset 4 of its header, which ends where its payload starts)
        int header = (int) firstEntry.origin().fileOffset() - 64;
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(header + 4, 7);
        Catalog c = new CatalogReader().read("cuda_O", ByteBuffer.wrap(bad));
        assertEquals(good.containers().size(), c.containers().size());
        Container broken = c.containers().get(0);
        assertNotNull(broken.problem());
        assertEquals(".nv_fatbin", broken.problem().section());
        assertEquals(firstEntry.origin().offset() - 64 + 4, broken.problem().offset());
        assertTrue(broken.problem().getMessage().contains("entry header size 7"), broken.problem().getMessage());
        assertEquals(1, c.problems().size());
        List<DeviceImage> rest = c.containers().get(1).images();
        assertEquals(good.containers().get(1).images().size(), rest.size());
        for (DeviceImage i : rest) {
            assertNull(i.problem());
            i.payload();
        }
    }

    @Test
    void unknownEntryKindsAndBinaryOptionsAreListedAsSuch() {
        ByteBuffer b = ByteBuffer.allocate(16 + 104 + 16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(FatbinParser.MAGIC).putShort((short) 1).putShort((short) 16).putLong(104 + 16);
        b.putShort((short) 8).putShort((short) 0x101).putInt(104).putLong(16).putInt(0).putInt(64)
                .putShort((short) 61).putShort((short) 1).putInt(50).putInt(0).putInt(0).putLong(0x11).putLong(0).putLong(0);
        b.putInt(72).putInt(6).put(new byte[] {0, 2, 9, 0, 0, 4}).position(16 + 104);
        b.put("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
        Catalog c = new CatalogReader().read("kinds.fatbin", b.flip());
        DeviceImage i = c.images().get(0);
        assertEquals(ImageFormat.OTHER, i.format());
        assertEquals("kind 8 v1.61", i.formatVersion());
        assertNull(i.ptxasOptions());
        assertEquals("00020900 0004", i.optionsHex());
        assertEquals(16, i.payload().remaining());
    }

    @Test
    void manyEmptyContainersAreEachListed() {
        int n = 100_000;
        ByteBuffer b = ByteBuffer.allocate(16 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(FatbinParser.MAGIC).putShort((short) 1).putShort((short) 16).putLong(0);
        }
        Catalog c = new CatalogReader().read("empty.fatbin", b.flip());
        assertEquals(n, c.containers().size());
        assertEquals(16L * (n - 1), c.containers().get(n - 1).origin().offset());
        assertTrue(c.images().isEmpty());
    }
}
