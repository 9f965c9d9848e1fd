package org.gpumem.dwarf.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.zstd.ZstdInputStream;

/**
 * The one place gpumem inflates compressed input (ELF sections, fatbin entries, offload
 * bundles). Memory follows proven sizes only: zlib and zstd output goes into a buffer that starts
 * at a small multiple of the stored size and doubles only when the data has filled it, never past
 * the declared size; an LZ4 block is measured by walking its sequences before one buffer of the
 * exact size is allocated. So a header that claims gigabytes costs at most what its data really
 * expands to, and output shorter or longer than declared is an {@link InputFormatException}
 * naming the file, section and offset of the stored bytes. Callers charge the declared size to
 * the file's {@link DecompressionBudget} first.
 */
public final class BoundedDecompression {
    /** Largest declared size of one item (what a ByteBuffer can hold). */
    public static final long MAX_ITEM_SIZE = Integer.MAX_VALUE - 64;
    private static final int INITIAL_MULTIPLE = 4;
    private static final int MIN_INITIAL = 64 << 10;
    /** An LZ4 sequence: a token, then a 2-byte offset for the match; the last one has literals only. */
    private static final int LZ4_MIN_MATCH = 4;

    private BoundedDecompression() {
    }

    /**
     * Inflates all of {@code stored}, which must expand to exactly {@code declaredSize} bytes.
     *
     * @param what   what the bytes are, for messages ({@code "fatbin entry"}, {@code "section .debug_info"})
     * @param direct whether the result lives off-heap (large debug sections) or on the heap
     * @return the bytes, position 0, limit {@code declaredSize}, little-endian
     * @throws InputFormatException when the data is corrupt, ends early, runs past the declared
     *         size, or the declared size is negative or over {@link #MAX_ITEM_SIZE}
     */
    public static ByteBuffer decompress(ByteReader stored, Codec codec, long declaredSize, String what, boolean direct) {
        if (declaredSize < 0 || declaredSize > MAX_ITEM_SIZE) {
            throw stored.fail(0, what + " declares " + Long.toUnsignedString(declaredSize)
                    + " bytes after decompression; one item can hold at most " + MAX_ITEM_SIZE);
        }
        ByteBuffer result = switch (codec) {
            case ZLIB -> inflate(stored, declaredSize, what, direct);
            case ZSTD -> unzstd(stored, declaredSize, what, direct);
            case LZ4 -> unlz4(stored, declaredSize, what, direct);
        };
        return result.order(ByteOrder.LITTLE_ENDIAN);
    }

    /** An output buffer that grows by doubling up to the declared size, as the data fills it. */
    private static final class Output {
        private final long declared;
        private final boolean direct;
        private ByteBuffer buf;

        Output(long declared, long storedSize, boolean direct) {
            this.declared = declared;
            this.direct = direct;
            long initial = Math.min(declared, Math.max(MIN_INITIAL, storedSize * INITIAL_MULTIPLE));
            this.buf = allocate((int) initial);
        }

        private ByteBuffer allocate(int n) {
            return direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
        }

        /** Room for more output; false when the declared size is reached. */
        boolean ensureRoom() {
            if (buf.hasRemaining()) {
                return true;
            }
            if (buf.capacity() >= declared) {
                return false;
            }
            ByteBuffer bigger = allocate((int) Math.min(declared, 2L * buf.capacity()));
            bigger.put(buf.flip());
            buf = bigger;
            return true;
        }

        ByteBuffer buffer() {
            return buf;
        }

        long written() {
            return buf.position();
        }

        ByteBuffer finish() {
            return buf.flip();
        }
    }

    private static ByteBuffer inflate(ByteReader stored, long declared, String what, boolean direct) {
        Output out = new Output(declared, stored.size(), direct);
        Inflater inf = new Inflater();
        try {
            inf.setInput(stored.buffer().duplicate());
            while (!inf.finished()) {
                if (!out.ensureRoom()) {
                    throw stored.fail(inf.getBytesRead(), what + ": zlib data continues past the declared " + declared + " bytes");
                }
                if (inf.inflate(out.buffer()) == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
            }
            if (!inf.finished() || out.written() != declared) {
                throw stored.fail(inf.getBytesRead(), what + ": zlib data ends after " + out.written() + " of the declared "
                        + declared + " bytes");
            }
            return out.finish();
        } catch (DataFormatException e) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base() + inf.getBytesRead(),
                    what + ": corrupt zlib data: " + e.getMessage(), e);
        } finally {
            inf.end();
        }
    }

    private static ByteBuffer unzstd(ByteReader stored, long declared, String what, boolean direct) {
        Output out = new Output(declared, stored.size(), direct);
        ByteBuffer in = stored.buffer().duplicate();
        byte[] chunk = new byte[64 << 10];
        try (InputStream z = new ZstdInputStream(new BufferInput(in))) {
            while (true) {
                int n = z.read(chunk, 0, chunk.length);
                if (n < 0) {
                    break;
                }
                int off = 0;
                while (off < n) {
                    if (!out.ensureRoom()) {
                        throw stored.fail(in.position(), what + ": zstd data continues past the declared " + declared + " bytes");
                    }
                    int k = Math.min(n - off, out.buffer().remaining());
                    out.buffer().put(chunk, off, k);
                    off += k;
                }
            }
        } catch (IOException | UncheckedIOException | MalformedInputException | IllegalArgumentException
                | IllegalStateException | IndexOutOfBoundsException e) {
            // The library's ways of saying "this is not a valid zstd stream".
            throw new InputFormatException(stored.file(), stored.section(), stored.base() + in.position(),
                    what + ": corrupt zstd data: " + e.getMessage(), e);
        }
        if (out.written() != declared) {
            throw stored.fail(in.position(), what + ": zstd data ends after " + out.written() + " of the declared "
                    + declared + " bytes");
        }
        return out.finish();
    }

    private static ByteBuffer unlz4(ByteReader stored, long declared, String what, boolean direct) {
        long size = lz4Size(stored, declared, what);
        if (size != declared) {
            throw stored.fail(stored.size(), what + ": lz4 data gives " + size + " bytes, declared " + declared);
        }
        ByteBuffer out = direct ? ByteBuffer.allocateDirect((int) size) : ByteBuffer.allocate((int) size);
        try {
            new Lz4Decompressor().decompress(stored.buffer().duplicate(), out);
        } catch (MalformedInputException e) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base() + e.getOffset(),
                    what + ": corrupt lz4 data: " + e.getMessage(), e);
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

    /** The unread bytes of a buffer as a stream; its position tells how far the consumer has read. */
    private static final class BufferInput extends InputStream {
        private final ByteBuffer b;

        BufferInput(ByteBuffer b) {
            this.b = b;
        }

        @Override
        public int read() {
            return b.hasRemaining() ? b.get() & 0xff : -1;
        }

        @Override
        public int read(byte[] dst, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (!b.hasRemaining()) {
                return -1;
            }
            int k = Math.min(len, b.remaining());
            b.get(dst, off, k);
            return k;
        }

        @Override
        public int available() {
            return b.remaining();
        }
    }
}
