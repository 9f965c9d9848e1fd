package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.airlift.compress.zstd.ZstdCompressor;

/** Truncated and corrupt containers, lying sizes and decompression bombs end in InputFormatException. */
class BadInputTest {
    private static final int BOMB_SIZE = 64 << 20;

    private static byte[] zstd(byte[] data) {
        ZstdCompressor c = new ZstdCompressor();
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        int n = c.compress(data, 0, data.length, out, 0, out.length);
        return Arrays.copyOf(out, n);
    }

    /** A fatbin with one PTX entry as nvcc lays it out (64-byte entry header). */
    static byte[] fatbin(byte[] stored, long flags, long compressedSize, long uncompressedSize, long paddedOverride) {
        int padded = (stored.length + 7) & ~7;
        long paddedField = paddedOverride >= 0 ? paddedOverride : padded;
        ByteBuffer b = ByteBuffer.allocate(16 + 64 + padded).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(FatbinParser.MAGIC).putShort((short) 1).putShort((short) 16).putLong(64 + padded);
        b.putShort((short) FatbinParser.KIND_PTX).putShort((short) 0x101).putInt(64).putLong(paddedField)
                .putInt((int) compressedSize).putInt(0).putShort((short) 0).putShort((short) 9).putInt(80)
                .putInt(0).putInt(0).putLong(flags).putLong(0).putLong(uncompressedSize);
        b.put(stored);
        return b.array();
    }

    /** Reads every image's bytes and kernels; the first problem the catalog lists is thrown as found. */
    static void readEverything(Catalog c) {
        if (!c.problems().isEmpty()) {
            throw c.problems().get(0);
        }
        for (DeviceImage i : c.images()) {
            i.payload();
            i.kernels();
        }
    }

    private static InputFormatException fails(String name, byte[] data, long limit) {
        return assertThrows(InputFormatException.class,
                () -> readEverything(new CatalogReader(limit).read(name, ByteBuffer.wrap(data))));
    }

    @Test
    void wellFormedSyntheticFatbinReads() {
        byte[] ptx = ".version 9.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n\0".getBytes();
        byte[] stored = zstd(ptx);
        Catalog c = new CatalogReader().read("ok.fatbin", ByteBuffer.wrap(fatbin(stored, 0x8011, stored.length, ptx.length, -1)));
        assertEquals("k", c.images().get(0).kernels().get(0).name());
        assertEquals(NvidiaTarget.parse("compute_80"), c.images().get(0).target());
    }

    @Test
    void decompressionBombWithTruthfulSizeIsRefusedByTheLimit() {
        byte[] stored = zstd(new byte[BOMB_SIZE]);
        InputFormatException e = fails("bomb.fatbin", fatbin(stored, 0x8011, stored.length, BOMB_SIZE, -1), 16 << 20);
        assertTrue(e.getMessage().contains("limit") || e.getMessage().contains("stored bytes"), e.getMessage());
        assertEquals("bomb.fatbin", e.file());
    }

    @Test
    void decompressionBombDeclaringASmallSizeStopsAtTheDeclaredSize() {
        byte[] stored = zstd(new byte[BOMB_SIZE]);
        InputFormatException e = fails("bomb.fatbin", fatbin(stored, 0x8011, stored.length, 4096, -1), 1L << 30);
        assertTrue(e.getMessage().contains("4096"), e.getMessage());
    }

    @Test
    void declaredSizeLargerThanTheDataIsAnError() {
        byte[] ptx = ".version 9.0\n.target sm_80\n\0".getBytes();
        byte[] stored = zstd(ptx);
        InputFormatException e = fails("short.fatbin", fatbin(stored, 0x8011, stored.length, ptx.length + 100, -1), 1L << 30);
        assertTrue(e.getMessage().contains("declared"), e.getMessage());
    }

    @Test
    void hugeDeclaredSizeIsRefusedBeforeAllocating() {
        byte[] stored = zstd(new byte[100]);
        fails("huge.fatbin", fatbin(stored, 0x8011, stored.length, 1L << 40, -1), CatalogReader.DEFAULT_MAX_IMAGE_SIZE);
        fails("negative.fatbin", fatbin(stored, 0x8011, stored.length, -1L, -1), CatalogReader.DEFAULT_MAX_IMAGE_SIZE);
    }

    @Test
    void lyingPayloadAndCompressedSizes() {
        byte[] stored = zstd(new byte[100]);
        InputFormatException e = fails("pad.fatbin", fatbin(stored, 0x8011, stored.length, 100, 1L << 33), 1L << 30);
        assertTrue(e.getMessage().contains("extends past"), e.getMessage());
        fails("csize.fatbin", fatbin(stored, 0x8011, stored.length + 4000, 100, -1), 1L << 30);
        fails("corrupt.fatbin", fatbin(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 1, 2, 3, 4, 5}, 0x8011, 9, 100, -1), 1L << 30);
    }

    @Test
    void cataloguingDoesNotDecompress() {
        byte[] corrupt = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 1, 2, 3, 4, 5};
        Catalog c = new CatalogReader().read("lazy.fatbin", ByteBuffer.wrap(fatbin(corrupt, 0x8011, 9, 100, -1)));
        DeviceImage image = c.images().get(0);
        assertEquals(100, image.size());
        assertEquals(9, image.storedSize());
        InputFormatException e = assertThrows(InputFormatException.class, image::payload);
        assertEquals("lazy.fatbin", e.file());
        assertTrue(e.offset() >= 16 + 64 && e.offset() <= 16 + 64 + corrupt.length, "inside the stored bytes: " + e.getMessage());
    }

    @Test
    void corruptLz4EntryFailsAtItsStoredBytes() {
        byte[] stored = new byte[] {(byte) 0x1f, 'a', 9, 0, 1, 2, 3, 4};
        Catalog c = new CatalogReader().read("lz4.fatbin", ByteBuffer.wrap(fatbin(stored, 0x2011, 8, 100, -1)));
        assertEquals(Compression.LZ4, c.images().get(0).compression());
        InputFormatException e = assertThrows(InputFormatException.class, () -> c.images().get(0).payload());
        assertEquals("lz4.fatbin: offset 0x52: fatbin entry: lz4 match offset 9 reaches before the start of the output "
                + "(1 bytes so far)", e.getMessage());
    }

    private static byte[] ccob(int version, byte[] plain, byte[] compressed, long declared) {
        int header = version == 3 ? 32 : 24;
        ByteBuffer b = ByteBuffer.allocate(header + compressed.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes()).putShort((short) version).putShort((short) 1);
        if (version == 3) {
            b.putLong(header + compressed.length).putLong(declared);
        } else {
            b.putInt(header + compressed.length).putInt((int) declared);
        }
        b.putLong(0).put(compressed);
        return b.array();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void compressedBundleBuiltHereReadsAndItsLiesFail(int version) throws IOException {
        byte[] plain = Fixtures.bytes("hkern.hipfb");
        byte[] compressed = zstd(plain);
        Catalog ok = new CatalogReader().read("ok.ccob", ByteBuffer.wrap(ccob(version, plain, compressed, plain.length)));
        assertEquals(2, ok.images().size());
        fails("long.ccob", ccob(version, plain, compressed, plain.length + 1), 1L << 30);
        fails("short.ccob", ccob(version, plain, compressed, plain.length - 1), 1L << 30);
        fails("limit.ccob", ccob(version, plain, compressed, plain.length), 1000);
        byte[] bomb = zstd(new byte[BOMB_SIZE]);
        fails("bomb.ccob", ccob(version, null, bomb, 65536), 1L << 30);
        byte[] truncated = Arrays.copyOf(ccob(version, plain, compressed, plain.length), 40 + compressed.length / 2);
        fails("truncated.ccob", truncated, 1L << 30);
    }

    @Test
    void corruptBundleHeaders() throws IOException {
        byte[] b = Fixtures.bytes("hkern.hipfb");
        byte[] count = b.clone();
        ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).putLong(24, 1L << 40);
        InputFormatException e = fails("count.hipfb", count, 1L << 30);
        assertEquals(24, e.offset());
        byte[] offset = b.clone();
        ByteBuffer.wrap(offset).order(ByteOrder.LITTLE_ENDIAN).putLong(32 + 24 + 30, 1L << 40);
        fails("offset.hipfb", offset, 1L << 30);
    }

    @Test
    void corruptMagicInTheSecondFatbinNamesSectionAndOffset() throws IOException {
        byte[] file = Fixtures.bytes("cuda_O");
        Catalog c = Fixtures.read("cuda_O");
        Container second = c.containers().get(1);
        byte[] bad = file.clone();
        bad[(int) second.origin().fileOffset()] ^= 0x55;
        InputFormatException e = fails("cuda_O", bad, 1L << 30);
        assertEquals(".nv_fatbin", e.section());
        assertEquals(second.origin().offset(), e.offset());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuda_O", "cuda_G", "kern_rdc.o", "hip_app", "hip_app_z", "hip_v2.o", "hkern.hipfb",
            "keep/G/kern.compute_75.cubin", "vadd.spv"})
    void truncatedFilesFailCleanly(String fixture) throws IOException {
        byte[] file = Fixtures.bytes(fixture);
        for (int len = 0; len < file.length; len += Math.max(1, file.length / 97)) {
            byte[] cut = Arrays.copyOf(file, len);
            try {
                readEverything(new CatalogReader().read(fixture, ByteBuffer.wrap(cut)));
            } catch (InputFormatException expected) {
                assertEquals(fixture, expected.file().substring(0, Math.min(expected.file().length(), fixture.length())));
            }
        }
    }
}
