package org.gpumem.dwarf.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.zip.DeflaterOutputStream;

import org.junit.jupiter.api.Test;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdCompressor;

/**
 * Bytes that are not what their codec says: every refusal is an {@link InputFormatException}
 * at the file, section and offset, saying in the format's terms what is wrong; none carries a
 * decoding library's text, whatever the library threw (issue 36: ArithmeticException from a
 * frame header, IndexOutOfBoundsException from a Huffman table).
 */
class BoundedDecompressionTest {
    /** What a JVM exception's text looks like: class names, index and arithmetic messages. */
    private static final Pattern JVM_TEXT = Pattern.compile("Index -?\\d+ out of bounds|out of bounds for length|integer overflow"
            + "|Exception|java\\.|[a-z]+\\.[a-z]+\\.[A-Z]\\w+|Invalid magic prefix|Not enough input bytes|Input is corrupted");
    private static final byte[] MAGIC = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd};

    private static ByteBuffer decompress(byte[] stored, Codec codec, long declared) {
        return BoundedDecompression.decompress(new ByteReader("t.o", ".sec", ByteBuffer.wrap(stored)), codec, declared, "item");
    }

    private static InputFormatException refused(byte[] stored, Codec codec, long declared) {
        InputFormatException e = assertThrows(InputFormatException.class, () -> decompress(stored, codec, declared));
        assertFalse(JVM_TEXT.matcher(e.getMessage()).find(), e.getMessage());
        assertEquals("t.o", e.file());
        assertEquals(".sec", e.section());
        return e;
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof byte[] b) {
                out.writeBytes(b);
            } else if (p instanceof Character c) {
                out.write(c);
            } else {
                out.write((Integer) p);
            }
        }
        return out.toByteArray();
    }

    /** A block header: 21-bit size, 2-bit type, last flag (little-endian, 3 bytes). */
    private static byte[] block(int type, int size, boolean last) {
        int h = size << 3 | type << 1 | (last ? 1 : 0);
        return new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)};
    }

    private static byte[] zstd(byte[] data) {
        ZstdCompressor c = new ZstdCompressor();
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0, out.length));
    }

    private static byte[] zlib(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
            z.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] text(int lines) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            s.append("\tld.global.u32 %r").append(i % 97).append(", [%rd").append(i % 13).append("+").append(i * 4).append("];\n");
        }
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aFrameHeaderStatingMoreThanAnIntIsRefusedFromTheHeader() {
        // single segment, 8-byte content size 2^40: aircompressor's stream reader overflowed on it
        byte[] stored = bytes(MAGIC, 0xe0, new byte[] {0, 0, 0, 0, 0, 1, 0, 0}, block(0, 1, true), 'x');
        InputFormatException e = refused(stored, Codec.ZSTD, 1);
        assertEquals("t.o: .sec+0x4: item: zstd frame 1 at +0x0 states 1099511627776 bytes of content more than the declared "
                + "1 bytes", e.getMessage());
    }

    @Test
    void everyByteFlipOfACompressedFrameDecodesOrIsRefusedInTheFormatsTerms() {
        byte[] plain = text(400);
        byte[] stored = zstd(plain);
        int libraryNonMalformed = 0;
        for (int i = 4; i < stored.length; i++) {
            byte[] bad = stored.clone();
            bad[i] ^= (byte) 0xff;
            try {
                decompress(bad, Codec.ZSTD, plain.length);
            } catch (InputFormatException e) {
                assertFalse(JVM_TEXT.matcher(e.getMessage()).find(), "flip at " + i + ": " + e.getMessage());
                if (e.getCause() != null && !(e.getCause() instanceof MalformedInputException)) {
                    libraryNonMalformed++;
                    assertTrue(e.getMessage().startsWith("t.o: .sec+0x0: item: zstd frame 1 at +0x0 does not decode: "), e.getMessage());
                }
            }
        }
        // the library's table decoders throw index exceptions on some of these flips: they are covered here
        assertTrue(libraryNonMalformed > 0, "no flip reached an exception other than MalformedInputException");
    }

    @Test
    void framesFollowOneAnother() {
        byte[] a = text(300);
        byte[] b = "second frame".getBytes(StandardCharsets.US_ASCII);
        byte[] expected = bytes(a, b);
        ByteBuffer out = decompress(bytes(zstd(a), zstd(b)), Codec.ZSTD, expected.length);
        byte[] got = new byte[out.remaining()];
        out.get(got);
        assertArrayEquals(expected, got);
    }

    @Test
    void rawAndRleBlocksWithoutAContentSizeDecodeToTheirSizes() {
        // window descriptor 0 (1 KiB), no content size: raw "ab", then RLE 'z' x 5
        byte[] stored = bytes(MAGIC, 0x00, 0x00, block(0, 2, false), 'a', 'b', block(1, 5, true), 'z');
        ByteBuffer out = decompress(stored, Codec.ZSTD, 7);
        byte[] got = new byte[7];
        out.get(got);
        assertArrayEquals("abzzzzz".getBytes(StandardCharsets.US_ASCII), got);
        assertEquals("t.o: .sec+0x0: item: zstd data ends after at most 7 of the declared 100 bytes (by its block headers)",
                refused(stored, Codec.ZSTD, 100).getMessage());
        assertEquals("t.o: .sec+0x0: item: zstd frame 1 at +0x0 does not decode: its blocks' literals or sequences are corrupt, "
                + "or give more than the 6 bytes left of the declared 6", refused(stored, Codec.ZSTD, 6).getMessage());
    }

    @Test
    void aStatedFrameAfterAnUnstatedOneMustFitWhatIsLeft() {
        byte[] first = bytes(MAGIC, 0x00, 0x00, block(1, 5, true), 'z');
        byte[] second = zstd("abc".getBytes(StandardCharsets.US_ASCII));
        InputFormatException e = refused(bytes(first, second), Codec.ZSTD, 3);
        assertEquals("t.o: .sec+0x0: item: zstd frame 1 at +0x0 does not decode: its blocks' literals or sequences are corrupt, "
                + "or give more than the 3 bytes left of the declared 3", e.getMessage());
        e = refused(bytes(first, second), Codec.ZSTD, 7);
        assertEquals("t.o: .sec+0xa: item: zstd frame 2 at +0xa states 3 bytes of content, but the frames before it left 2 of "
                + "the declared 7", e.getMessage());
    }

    @Test
    void headerFaultsAreNamedWithTheirPlace() {
        assertEquals("t.o: .sec+0x0: item: zstd frame 1 at +0x0 starts with 0x4034b50, not the zstd magic number 0xfd2fb528",
                refused(bytes(new byte[] {'P', 'K', 3, 4, 0}), Codec.ZSTD, 1).getMessage());
        byte[] one = zstd("abc".getBytes(StandardCharsets.US_ASCII));
        assertTrue(refused(bytes(one, 0, 0, 0, 0, 0), Codec.ZSTD, 3).getMessage().endsWith(
                "item: zstd frame 2 at +0x" + Integer.toHexString(one.length) + " starts with 0x0 after the end of the frame before it, "
                        + "not the zstd magic number 0xfd2fb528"));
        assertEquals("t.o: .sec+0x6: item: zstd frame 1 at +0x0, block 1 at +0x6 has the reserved block type 3",
                refused(bytes(MAGIC, 0x00, 0x00, block(3, 1, true), 0), Codec.ZSTD, 1).getMessage());
        assertEquals("t.o: .sec+0x6: item: zstd frame 1 at +0x0, block 1 at +0x6 has 131073 bytes, over the zstd block maximum of "
                + "131072", refused(bytes(MAGIC, 0x00, 0x00, block(1, (128 << 10) + 1, true), 0), Codec.ZSTD, 1).getMessage());
        assertEquals("t.o: .sec+0x9: item: zstd frame 1 at +0x0, block 1 at +0x6: the block's data needs 5 bytes, the stored data "
                + "ends after 1", refused(bytes(MAGIC, 0x00, 0x00, block(0, 5, true), 'a'), Codec.ZSTD, 5).getMessage());
        assertEquals("t.o: .sec+0x4: item: zstd frame 1 at +0x0 needs zstd dictionary 7, and gpumem has no dictionaries",
                refused(bytes(MAGIC, 0x01, 0x00, 7, block(1, 1, true), 0), Codec.ZSTD, 1).getMessage());
        // exponent 17: a 128 MiB window, for a compressed block
        assertEquals("t.o: .sec+0x4: item: zstd frame 1 at +0x0 needs a window of 134217728 bytes; gpumem decodes zstd frames "
                + "with windows up to 8388608 bytes",
                refused(bytes(MAGIC, 0x00, 17 << 3, block(2, 3, true), 0, 0, 0), Codec.ZSTD, 1).getMessage());
        assertEquals("t.o: .sec+0x0: item: no zstd frame (the stored data is empty)", refused(new byte[0], Codec.ZSTD, 1).getMessage());
    }

    @Test
    void zlibFaultsAreNamedInDeflatesTerms() {
        byte[] plain = text(200);
        byte[] good = zlib(plain);
        assertEquals(plain.length, decompress(good, Codec.ZLIB, plain.length).remaining());
        assertEquals("t.o: .sec+0x0: item: zlib compression method 7 (only 8, deflate, exists)",
                refused(bytes(0x77, 0x9c, 0), Codec.ZLIB, 1).getMessage());
        assertEquals("t.o: .sec+0x1: item: zlib header check bits do not match (0x789d is not a multiple of 31)",
                refused(bytes(0x78, 0x9d, 0), Codec.ZLIB, 1).getMessage());
        byte[] badSum = good.clone();
        badSum[badSum.length - 1] ^= 1;
        assertTrue(refused(badSum, Codec.ZLIB, plain.length).getMessage().endsWith(
                "item: zlib data does not inflate after " + plain.length + " bytes of output: the Adler-32 checksum after the data "
                        + "does not match it"));
        // BFINAL=1, BTYPE=3 right after the header
        assertEquals("t.o: .sec+0x3: item: zlib data does not inflate after 0 bytes of output: a deflate block has the reserved "
                + "block type 3", refused(bytes(0x78, 0x9c, 0x07, 0, 0, 0, 0, 0), Codec.ZLIB, 1).getMessage());
        assertEquals("t.o: .sec+0x" + Integer.toHexString(good.length) + ": item: zlib data of " + good.length
                + " bytes inflates to at most " + good.length * 1032L + " bytes, not the declared 1000000000",
                refused(good, Codec.ZLIB, 1_000_000_000).getMessage());
        for (int i = 2; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= (byte) 0xa5;
            try {
                decompress(bad, Codec.ZLIB, plain.length);
            } catch (InputFormatException e) {
                assertFalse(JVM_TEXT.matcher(e.getMessage()).find(), "flip at " + i + ": " + e.getMessage());
            }
        }
    }
}
