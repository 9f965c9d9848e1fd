package org.gpumem.dwarf.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;

import org.gpumem.dwarf.info.DwarfFixtures;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

import io.airlift.compress.zstd.ZstdCompressor;

/** SHF_COMPRESSED sections whose headers claim more than their data gives, or more than the file may inflate. */
class CompressedSectionLimitsTest {
    private static final int ELFCOMPRESS_ZLIB = 1;
    private static final int ELFCOMPRESS_ZSTD = 2;

    /** An ELF64 file with sections null, .shstrtab and a compressed .debug_info (Elf64_Chdr + {@code data}). */
    static byte[] elfWithCompressedDebugInfo(int type, long claimedSize, byte[] data) {
        byte[] names = "\0.shstrtab\0.debug_info\0".getBytes(StandardCharsets.US_ASCII);
        int infoAt = 64 + names.length;
        int infoSize = 24 + data.length;
        int shoff = (infoAt + infoSize + 7) & ~7;
        ByteBuffer b = ByteBuffer.allocate(shoff + 3 * 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}).putLong(0);
        b.putShort((short) ElfFile.ET_REL).putShort((short) ElfFile.EM_X86_64).putInt(1).putLong(0).putLong(0).putLong(shoff)
                .putInt(0).putShort((short) 64).putShort((short) 0).putShort((short) 0).putShort((short) 64)
                .putShort((short) 3).putShort((short) 1);
        b.put(names);
        b.putInt(type).putInt(0).putLong(claimedSize).putLong(1).put(data);
        b.position(shoff + 64);
        b.putInt(1).putInt(ElfSection.SHT_STRTAB).putLong(0).putLong(0).putLong(64).putLong(names.length).putInt(0).putInt(0)
                .putLong(1).putLong(0);
        b.putInt(11).putInt(ElfSection.SHT_PROGBITS).putLong(ElfSection.SHF_COMPRESSED).putLong(0).putLong(infoAt)
                .putLong(infoSize).putInt(0).putInt(0).putLong(8).putLong(0);
        return b.array();
    }

    private static byte[] zlib(byte[] data) {
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 1024];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
    }

    private static byte[] zstd(byte[] data) {
        ZstdCompressor c = new ZstdCompressor();
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0, out.length));
    }

    private static InputFormatException inflating(byte[] elf, DecompressionBudget budget) {
        ElfFile f = ElfFile.parse("claims.o", ByteBuffer.wrap(elf), budget);
        return assertThrows(InputFormatException.class, () -> f.data(f.section(".debug_info")));
    }

    @Test
    void aClaimOverTheFilesBudgetFailsBeforeAnythingIsAllocated() {
        byte[] data = new byte[1_900_000];
        new Random(13).nextBytes(data);
        byte[] elf = elfWithCompressedDebugInfo(ELFCOMPRESS_ZLIB, 2_000_000_000L, data);
        InputFormatException e = inflating(elf, new DecompressionBudget(1L << 30));
        assertEquals("claims.o: .debug_info+0x18: compressed section declares 2000000000 bytes after decompression; "
                + "the file's decompression budget of 1073741824 bytes has 1073741824 left (raise it with "
                + "--decompression-budget)", e.getMessage());
    }

    @Test
    void aClaimTheDataCannotFillIsRefusedFromItsHeadersAlone() {
        byte[] zlib = zlib(new byte[4 << 20]);
        DecompressionBudget budget = new DecompressionBudget(1L << 30);
        InputFormatException e = inflating(elfWithCompressedDebugInfo(ELFCOMPRESS_ZLIB, 900_000_000L, zlib), budget);
        // deflate expands at most 1032-fold: the stored size alone rules the claim out
        assertTrue(e.getMessage().endsWith("compressed section: zlib data of " + zlib.length + " bytes inflates to at most "
                + zlib.length * 1032L + " bytes, not the declared 900000000"), e.getMessage());
        assertEquals(900_000_000L, budget.used(), "the claim is charged once");
        byte[] zstd = zstd(new byte[4 << 20]);
        e = inflating(elfWithCompressedDebugInfo(ELFCOMPRESS_ZSTD, 900_000_000L, zstd), new DecompressionBudget(1L << 30));
        assertTrue(e.getMessage().endsWith("compressed section: zstd data ends after 4194304 of the declared 900000000 bytes "
                + "(by its frame headers)"), e.getMessage());
    }

    @Test
    void aClaimTheDataCouldFillButDoesNotEndsWhereTheDataEnds() {
        byte[] zlib = zlib(new byte[4 << 20]);
        InputFormatException e = inflating(elfWithCompressedDebugInfo(ELFCOMPRESS_ZLIB, 4_200_000, zlib), DecompressionBudget.ofDefault());
        assertTrue(e.getMessage().endsWith("compressed section: zlib data ends after 4194304 of the declared 4200000 bytes"),
                e.getMessage());
    }

    @Test
    void dataLongerThanTheClaimStopsAtTheClaim() {
        byte[] zlib = zlib(new byte[1 << 20]);
        InputFormatException e = inflating(elfWithCompressedDebugInfo(ELFCOMPRESS_ZLIB, 1000, zlib), DecompressionBudget.ofDefault());
        assertTrue(e.getMessage().endsWith("zlib data continues past the declared 1000 bytes"), e.getMessage());
    }

    @Test
    void theBudgetIsSharedByTheFilesSections() throws Exception {
        DecompressionBudget small = new DecompressionBudget(1000);
        ElfFile f = ElfFile.open(DwarfFixtures.root().resolve("amdgpu/spaces.cl.clang22.zlib.o"), small);
        InputFormatException e = null;
        for (ElfSection s : f.sections()) {
            if (s.isCompressed()) {
                try {
                    f.data(s);
                } catch (InputFormatException x) {
                    e = x;
                    break;
                }
            }
        }
        assertTrue(e != null && e.getMessage().contains("decompression budget of 1000 bytes"), String.valueOf(e));
        assertTrue(small.used() <= 1000, small.used() + " charged");
    }
}
