package org.gpumem.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * The regression inputs of issue 36, made from the committed fixtures, the same bytes on every
 * run (releng/fuzz --hostile-inputs writes them to the findings folders, where
 * FuzzRegressionTest runs them through their target and UserMessagesTest through the CLI).
 * Frames are written by hand ({@link ZstdFrameWriter}); where an input must make aircompressor
 * throw something other than its MalformedInputException, the first flipped byte that does so
 * with the library version of the parent pom (2.0.3) is taken. Made with Java 17.
 */
final class HostileInputs {
    /** The sizes the issue reports: a 250 MB bundle entry that exhausted -Xmx512m, 100-150 MB bombs that took 2-3 s. */
    static final int BOMB_HEAP = 250_000_000;
    static final int BOMB_FATBIN = 150_000_000;
    static final int BOMB_BUNDLE = 100_000_000;
    /** A content size no int holds: aircompressor's stream reader overflowed computing its window from it. */
    static final long HUGE_CONTENT = 1L << 40;

    private HostileInputs() {
    }

    /** Writes every input to {@code FINDINGS/<target>/issue36-*}. */
    public static void main(String[] args) throws IOException {
        Path findings = Path.of(args[0]);
        for (Map.Entry<String, byte[]> e : all().entrySet()) {
            Path f = findings.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.write(f, e.getValue());
            System.out.printf("%-60s %,10d bytes%n", e.getKey(), e.getValue().length);
        }
    }

    /** Each input by {@code <target>/issue36-<what>}. */
    static Map<String, byte[]> all() throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        out.put("elf/issue36-zstd-content-size-overflow", elfWithHugeContentSize());
        out.put("fatbin/issue36-zstd-table-index", fatbinWithCorruptTable());
        out.put("fatbin/issue36-bomb-150mb", fatbinBomb(BOMB_FATBIN));
        out.put("elf/issue36-debug-ptx-bomb-250mb", hostWithPtxBomb(BOMB_HEAP));
        out.put("offload-bundle/issue36-bomb-250mb", bundleBomb(BOMB_HEAP));
        out.put("offload-bundle/issue36-bomb-100mb", bundleBomb(BOMB_BUNDLE));
        out.put("snapshot/issue36-chunk-table-index", snapshotWithCorruptChunk());
        out.put("snapshot/issue36-reference-index-minus-one", snapshotWithNegativeIndex());
        return out;
    }

    private static Path fixture(String path) {
        return SeedCorpus.fixtures().resolve(path);
    }

    /**
     * amdgpu/spaces.cl.clang22.zstd.o with the frame header of its first zstd section saying:
     * single segment, an 8-byte content size of 2^40.
     */
    static byte[] elfWithHugeContentSize() throws IOException {
        Path path = fixture("amdgpu/spaces.cl.clang22.zstd.o");
        byte[] file = Files.readAllBytes(path);
        ElfFile elf = ElfFile.open(path);
        for (ElfSection s : elf.sections()) {
            if (s.isCompressed()) {
                // Elf64_Chdr (24 bytes), then the frame: magic, descriptor, content size
                int frame = (int) s.offset() + 24;
                file[frame + 4] = (byte) 0xe0;
                ByteBuffer.wrap(file, frame + 5, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(HUGE_CONTENT);
                return file;
            }
        }
        throw new IllegalStateException(path + " has no compressed section");
    }

    /** The .nv_fatbin of images/cuda_G with one byte of its first zstd entry flipped where aircompressor's table decoding fails. */
    static byte[] fatbinWithCorruptTable() throws IOException {
        Path path = fixture("images/cuda_G");
        ElfFile elf = ElfFile.open(path);
        ElfSection section = elf.section(".nv_fatbin");
        ByteBuffer data = elf.data(section);
        byte[] fatbin = new byte[data.remaining()];
        data.get(fatbin);
        Catalog c = new CatalogReader().read(".nv_fatbin", ByteBuffer.wrap(fatbin));
        DeviceImage image = c.images().get(0);
        int at = (int) image.origin().offset();
        flipWhereTheLibraryBreaks(fatbin, at, (int) image.storedSize(), image.size());
        return fatbin;
    }

    /** A fatbin with the cubin of keep/G/kern.compute_75.cubin followed by zeros up to {@code size} bytes, one zstd frame. */
    static byte[] fatbinBomb(int size) throws IOException {
        byte[] cubin = Files.readAllBytes(fixture("images/keep/G/kern.compute_75.cubin"));
        byte[] stored = ZstdFrameWriter.bomb(cubin, size - cubin.length, 0);
        return Containers.fatbin(Containers.FATBIN_CUBIN, Containers.FATBIN_ZSTD, stored, size);
    }

    /**
     * A host object whose .nv_fatbin holds one PTX entry flagged as a debug build: a real module's
     * first lines (cuda-ptx/spaces.G.ptx up to its first .entry) and spaces up to {@code size} bytes,
     * one zstd frame. {@code gpumem dwarf} reads it as text to assemble its DWARF.
     */
    static byte[] hostWithPtxBomb(int size) throws IOException {
        String ptx = Files.readString(fixture("cuda-ptx/spaces.G.ptx"), StandardCharsets.UTF_8);
        byte[] head = ptx.substring(0, ptx.indexOf(".entry")).getBytes(StandardCharsets.UTF_8);
        byte[] stored = ZstdFrameWriter.bomb(head, size - head.length, ' ');
        byte[] fatbin = Containers.fatbin(Containers.FATBIN_PTX, Containers.FATBIN_ZSTD | Containers.FATBIN_DEBUG, stored, size);
        return Containers.elf(".nv_fatbin", 2, fatbin);
    }

    /**
     * A compressed offload bundle of {@code size} bytes: images/hkern.hipfb with its last entry
     * (a gfx90a code object) grown with zeros to the end, one zstd frame.
     */
    static byte[] bundleBomb(int size) throws IOException {
        byte[] plain = Files.readAllBytes(fixture("images/hkern.hipfb"));
        ByteBuffer b = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
        long count = b.getLong(24);
        int p = 32;
        int lastSizeField = -1;
        long lastOffset = -1;
        for (long i = 0; i < count; i++) {
            long offset = b.getLong(p);
            if (offset > lastOffset) {
                lastOffset = offset;
                lastSizeField = p + 8;
            }
            p += 24 + (int) b.getLong(p + 16);
        }
        b.putLong(lastSizeField, size - lastOffset);
        return Containers.ccob(1, ZstdFrameWriter.bomb(plain, size - plain.length, 0), size);
    }

    /**
     * The first seed snapshot whose first chunk holds the first 4000 bytes of cuda-ptx/spaces.G.ptx
     * (text, so its frame has Huffman-coded literals), with one byte flipped where aircompressor's
     * table decoding fails.
     */
    static byte[] snapshotWithCorruptChunk() throws IOException {
        SnapshotEdits.Seed seed = SnapshotEdits.seeds().get(0);
        SnapshotEdits.PoolRecord pool = seed.pools().get(0);
        SnapshotEdits.ChunkRecord chunk = pool.chunks().get(0);
        byte[] text = java.util.Arrays.copyOf(Files.readAllBytes(fixture("cuda-ptx/spaces.G.ptx")), 4000);
        byte[] packed = ZstdFrameWriter.compress(text);
        flipWhereTheLibraryBreaks(packed, 0, packed.length, text.length);
        java.util.List<SnapshotEdits.ChunkRecord> chunks = new java.util.ArrayList<>(pool.chunks());
        chunks.set(0, new SnapshotEdits.ChunkRecord(chunk.poolOffset(), packed, text.length));
        java.util.List<SnapshotEdits.PoolRecord> pools = new java.util.ArrayList<>(seed.pools());
        pools.set(0, new SnapshotEdits.PoolRecord(pool.key(), pool.size(), chunks));
        return sameTag(SnapshotEdits.encode(seed.xmi(), SnapshotEdits.pageFile(seed.chunkSize(), pools)));
    }

    /** The first seed snapshot with its first reference to an address space made to index -1. */
    static byte[] snapshotWithNegativeIndex() {
        SnapshotEdits.Seed seed = SnapshotEdits.seeds().get(0);
        String xmi = seed.xmi().replaceFirst("\"//@target/@addressSpaces\\.\\d+\"", "\"//@target/@addressSpaces.-1\"");
        return sameTag(SnapshotEdits.encode(xmi, SnapshotEdits.pageFile(seed.chunkSize(), seed.pools())));
    }

    /** The snapshot with its per-save tag (in pool keys, model and index alike) set to one value, so the input is the same every run. */
    private static byte[] sameTag(byte[] encoded) {
        String text = new String(encoded, StandardCharsets.ISO_8859_1);
        Matcher m = Pattern.compile("key=\"([0-9a-f]{8})-p").matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no pool key in the seed snapshot");
        }
        return text.replace(m.group(1) + "-p", "5eed5eed-p").getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Flips (xor 0xff) the first byte of {@code bytes[from, from+length)} behind the frame header
     * whose flip makes aircompressor's decoder throw something other than MalformedInputException.
     */
    private static void flipWhereTheLibraryBreaks(byte[] bytes, int from, int length, long size) {
        byte[] output = new byte[(int) size];
        for (int i = from + 6; i < from + length; i++) {
            bytes[i] ^= (byte) 0xff;
            if (throwsOtherThanMalformed(bytes, from, length, output)) {
                return;
            }
            bytes[i] ^= (byte) 0xff;
        }
        throw new IllegalStateException("no flip makes the library throw another exception");
    }

    private static boolean throwsOtherThanMalformed(byte[] bytes, int from, int length, byte[] output) {
        try {
            new ZstdDecompressor().decompress(bytes, from, length, output, 0, output.length);
            return false;
        } catch (MalformedInputException refused) {
            return false;
        } catch (RuntimeException other) {
            return true;
        }
    }
}
