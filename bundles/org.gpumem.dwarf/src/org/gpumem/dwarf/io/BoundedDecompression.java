package org.gpumem.dwarf.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * The one place gpumem inflates compressed input (ELF sections, fatbin entries, offload
 * bundles, snapshot page chunks). Memory follows the declared size, which the caller has
 * checked and charged to the file's {@link DecompressionBudget}, and nothing is allocated before
 * the data has shown that it can fill it: zstd frames are walked through their headers first
 * ({@link ZstdFrames}: frame content sizes that disagree with the declared size, or blocks that
 * cannot hold it, are refused there), zlib data must be long enough for deflate's largest
 * ratio to reach the declared size, and an LZ4 block is measured by walking its sequences.
 * Then one heap buffer of exactly the declared size receives the output, so the peak is the
 * declared size plus the decoder's own tables, never a doubled copy. The heap, not direct
 * memory: the JVM limits both to the same size by default, and a heap buffer reuses memory the
 * heap already has, where each direct one maps fresh pages (a 256 MiB direct buffer took 1.3 to
 * 2.4 s here against 0.05 to 0.2 s on the heap).
 * <p>Whatever a decoding library throws on the bytes it is given (aircompressor's
 * {@code MalformedInputException}, but also index, arithmetic and state exceptions from inside
 * its tables, or zlib's {@link DataFormatException}) means the bytes are not valid data of that
 * format: it becomes an {@link InputFormatException} naming the file, section and offset and
 * saying in the format's own terms what does not decode, never the library's text. Output
 * shorter or longer than declared is reported the same way.
 */
public final class BoundedDecompression {
    /** Largest declared size of one item (what a ByteBuffer can hold). */
    public static final long MAX_ITEM_SIZE = Integer.MAX_VALUE - 64;
    /**
     * Deflate's largest expansion: a length-258 match coded in one bit with a one-bit distance
     * code gives 258 bytes per 2 bits. Data shorter than declared / this cannot be the item.
     */
    private static final long DEFLATE_MAX_RATIO = 1032;
    /** An LZ4 sequence: a token, then a 2-byte offset for the match; the last one has literals only. */
    private static final int LZ4_MIN_MATCH = 4;

    private BoundedDecompression() {
    }

    /**
     * Inflates all of {@code stored}, which must expand to exactly {@code declaredSize} bytes.
     *
     * @param what what the bytes are, for messages ({@code "fatbin entry"}, {@code "section .debug_info"})
     * @return the bytes, position 0, limit {@code declaredSize}, little-endian
     * @throws InputFormatException when the data is corrupt, ends early, runs past the declared
     *         size, or the declared size is negative or over {@link #MAX_ITEM_SIZE}
     */
    public static ByteBuffer decompress(ByteReader stored, Codec codec, long declaredSize, String what) {
        if (declaredSize < 0 || declaredSize > MAX_ITEM_SIZE) {
            throw stored.fail(0, what + " declares " + Long.toUnsignedString(declaredSize)
                    + " bytes after decompression; one item can hold at most " + MAX_ITEM_SIZE);
        }
        ByteBuffer result = switch (codec) {
            case ZLIB -> inflate(stored, (int) declaredSize, what);
            case ZSTD -> unzstd(stored, (int) declaredSize, what);
            case LZ4 -> unlz4(stored, (int) declaredSize, what);
        };
        return result.order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer inflate(ByteReader stored, int declared, String what) {
        checkZlibHeader(stored, what);
        long most = stored.size() * DEFLATE_MAX_RATIO;
        if (most < declared) {
            throw stored.fail(stored.size(), what + ": zlib data of " + stored.size() + " bytes inflates to at most " + most
                    + " bytes, not the declared " + declared);
        }
        ByteBuffer out = ByteBuffer.allocate(declared);
        Inflater inf = new Inflater();
        try {
            inf.setInput(stored.buffer().duplicate());
            while (!inf.finished() && out.hasRemaining()) {
                if (inf.inflate(out) == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
            }
            if (!inf.finished() && !out.hasRemaining() && inf.inflate(ByteBuffer.allocate(1)) > 0) {
                throw stored.fail(inf.getBytesRead(), what + ": zlib data continues past the declared " + declared + " bytes");
            }
            if (out.hasRemaining()) {
                throw stored.fail(inf.getBytesRead(), what + ": zlib data ends after " + out.position() + " of the declared "
                        + declared + " bytes");
            }
            if (!inf.finished()) {
                throw stored.fail(inf.getBytesRead(), what + ": zlib data is cut off after its " + declared
                        + " bytes of output (the deflate stream's end or its Adler-32 checksum is missing)");
            }
            return out.flip();
        } catch (DataFormatException e) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base() + inf.getBytesRead(),
                    what + ": zlib data does not inflate after " + out.position() + " bytes of output: " + deflateProblem(e), e);
        } finally {
            inf.end();
        }
    }

    /** The two header bytes of RFC 1950, checked here so that their faults are named as such. */
    private static void checkZlibHeader(ByteReader stored, String what) {
        if (stored.size() < 2) {
            throw stored.fail(0, what + ": zlib data of " + stored.size() + " bytes has no room for its 2-byte header");
        }
        ByteBuffer b = stored.buffer();
        int cmf = b.get(0) & 0xff;
        int flg = b.get(1) & 0xff;
        if ((cmf & 15) != 8) {
            throw stored.fail(0, what + ": zlib compression method " + (cmf & 15) + " (only 8, deflate, exists)");
        }
        if ((cmf >>> 4) > 7) {
            throw stored.fail(0, what + ": zlib window of 2^" + ((cmf >>> 4) + 8) + " bytes (deflate allows up to 2^15)");
        }
        if ((cmf * 256 + flg) % 31 != 0) {
            throw stored.fail(1, what + ": zlib header check bits do not match (0x" + Integer.toHexString(cmf * 256 + flg)
                    + " is not a multiple of 31)");
        }
        if ((flg & 0x20) != 0) {
            throw stored.fail(1, what + ": zlib data needs a preset dictionary, which gpumem does not have");
        }
    }

    /**
     * What zlib's complaint says about the deflate data, in a sentence of gpumem's: zlib's
     * messages are a fixed set (inflate.c), mapped here so that none reaches the user verbatim.
     */
    private static String deflateProblem(DataFormatException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (m.contains("data check")) {
            return "the Adler-32 checksum after the data does not match it";
        }
        if (m.contains("distance") && m.contains("far back")) {
            return "a match reaches back before the start of the data";
        }
        if (m.contains("block type")) {
            return "a deflate block has the reserved block type 3";
        }
        if (m.contains("stored block")) {
            return "a stored deflate block's length and its complement disagree";
        }
        if (m.contains("distance") || m.contains("literal") || m.contains("length") || m.contains("code")) {
            return "a deflate block's Huffman codes are invalid";
        }
        return "the deflate stream is corrupt";
    }

    private static ByteBuffer unzstd(ByteReader stored, int declared, String what) {
        List<ZstdFrames.Frame> frames = ZstdFrames.walk(stored, declared, what);
        ByteBuffer out = ByteBuffer.allocate(declared);
        ByteBuffer in = decodable(stored.buffer());
        ZstdDecompressor decoder = new ZstdDecompressor();
        for (int f = 0; f < frames.size(); f++) {
            ZstdFrames.Frame frame = frames.get(f);
            int room = out.remaining();
            String frameName = "zstd frame " + (f + 1) + " at +0x" + Integer.toHexString(frame.start());
            ByteBuffer o = out.slice();
            if (frame.contentSize() > room) {
                throw stored.fail(frame.start(), what + ": " + frameName + " states " + frame.contentSize()
                        + " bytes of content, but the frames before it left " + room + " of the declared " + declared);
            }
            if (frame.contentSize() >= 0) {
                o.limit((int) frame.contentSize());
            }
            ByteBuffer i = in.duplicate().limit(frame.end()).position(frame.start());
            try {
                decoder.decompress(i, o);
            } catch (RuntimeException e) {
                // Every way the library refuses these bytes: MalformedInputException, and the
                // index, arithmetic and state exceptions its table decoding throws on bad tables.
                throw new InputFormatException(stored.file(), stored.section(), stored.base() + frame.start(),
                        what + ": " + frameName + " does not decode: its blocks' literals or sequences are corrupt"
                                + (frame.contentSize() >= 0 ? ", or give more than the frame's " + frame.contentSize() + " bytes"
                                        : ", or give more than the " + room + " bytes left of the declared " + declared), e);
            }
            int produced = o.position();
            if (frame.contentSize() >= 0 && produced != frame.contentSize()) {
                throw stored.fail(frame.start(), what + ": " + frameName + " gives " + produced + " bytes, its header states "
                        + frame.contentSize());
            }
            out.position(out.position() + produced);
        }
        if (out.hasRemaining()) {
            throw stored.fail(stored.size(), what + ": zstd data ends after " + out.position() + " of the declared " + declared
                    + " bytes");
        }
        return out.flip();
    }

    /**
     * {@code b} itself when the decoder can address it (off-heap, or a heap buffer whose array is
     * visible), else a heap copy (a read-only view of decompressed bytes holding a compressed
     * section of its own).
     */
    private static ByteBuffer decodable(ByteBuffer b) {
        if (b.isDirect() || b.hasArray()) {
            return b.duplicate();
        }
        ByteBuffer copy = ByteBuffer.allocate(b.remaining());
        copy.put(b.duplicate()).flip();
        return copy;
    }

    private static ByteBuffer unlz4(ByteReader stored, int declared, String what) {
        long size = lz4Size(stored, declared, what);
        if (size != declared) {
            throw stored.fail(stored.size(), what + ": lz4 data gives " + size + " bytes, declared " + declared);
        }
        ByteBuffer out = ByteBuffer.allocate(declared);
        try {
            new Lz4Decompressor().decompress(decodable(stored.buffer()), out);
        } catch (RuntimeException e) {
            // lz4Size has walked every sequence, so this is what it cannot see (none known); the
            // library's refusal is still about these bytes, not a fault of gpumem's.
            throw new InputFormatException(stored.file(), stored.section(), stored.base(),
                    what + ": lz4 sequences do not decode", e);
        }
        if (out.position() != size) {
            throw stored.fail(0, what + ": lz4 data gives " + out.position() + " bytes, declared " + declared);
        }
        return out.flip();
    }

    /**
     * The decompressed size of a raw LZ4 block, from its sequences (token, literal length,
     * literals, 2-byte offset, match length) without producing output; checks that every offset
     * reaches back into what was produced, and stops as soon as the size passes {@code limit}.
     */
    static long lz4Size(ByteReader stored, long limit, String what) {
        ByteBuffer b = stored.buffer();
        int n = b.limit();
        int p = 0;
        long produced = 0;
        while (p < n) {
            int token = b.get(p++) & 0xff;
            long[] length = {token >>> 4};
            p = lz4Length(stored, p, length, "literal", what);
            long literals = length[0];
            if (literals > n - p) {
                throw stored.fail(p, what + ": lz4 sequence of " + literals + " literals runs past the end of the data");
            }
            p += (int) literals;
            produced += literals;
            if (p == n) {
                break;
            }
            if (p + 2 > n) {
                throw stored.fail(p, what + ": lz4 match offset runs past the end of the data");
            }
            int offset = (b.get(p) & 0xff) | (b.get(p + 1) & 0xff) << 8;
            if (offset == 0 || offset > produced) {
                throw stored.fail(p, what + ": lz4 match offset " + offset + " reaches before the start of the output ("
                        + produced + " bytes so far)");
            }
            p += 2;
            length[0] = token & 15;
            p = lz4Length(stored, p, length, "match", what);
            long match = length[0] + LZ4_MIN_MATCH;
            produced += match;
            if (produced > limit) {
                throw stored.fail(p, what + ": lz4 data continues past the declared " + limit + " bytes");
            }
        }
        return produced;
    }

    /**
     * Adds the extension bytes of an LZ4 length whose 4-bit field in the token is 15 (each byte
     * adds its value; 255 means another follows) to {@code length[0]}; returns the position after them.
     */
    private static int lz4Length(ByteReader stored, int p, long[] length, String kind, String what) {
        if (length[0] != 15) {
            return p;
        }
        ByteBuffer b = stored.buffer();
        int add;
        do {
            if (p >= b.limit()) {
                throw stored.fail(p, what + ": lz4 " + kind + " length runs past the end of the data");
            }
            add = b.get(p++) & 0xff;
            length[0] += add;
        } while (add == 255);
        return p;
    }
}
