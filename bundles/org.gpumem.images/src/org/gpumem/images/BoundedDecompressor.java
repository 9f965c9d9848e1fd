package org.gpumem.images;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Decompresses a stored image into a buffer of exactly its declared size. The declared size is
 * checked against the catalog's limit and against what the stored bytes could plausibly expand
 * to before anything is allocated; output that is shorter or longer than declared is an error.
 * So a lying header or a decompression bomb ends in {@link InputFormatException}, never in an
 * OutOfMemoryError.
 */
final class BoundedDecompressor {
    /**
     * Largest ratio of declared to stored size that either format can produce: zstd's densest
     * encoding is an RLE block, 4 bytes for 128 KiB (32768:1); zlib stays under 1032:1. A larger
     * declared size is a lie, rejected before allocating; real data never comes close.
     */
    static final int MAX_RATIO = 32768;

    private final long limit;

    BoundedDecompressor(long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    /**
     * Decompresses all of {@code stored} (its errors name file, section and offset of the stored
     * bytes) that must expand to {@code declaredSize} bytes.
     */
    ByteBuffer decompress(ByteReader stored, Compression compression, long declaredSize, String what) {
        checkDeclared(stored, declaredSize, what);
        byte[] in = stored.at(0).bytes(stored.size());
        byte[] out = new byte[(int) declaredSize];
        switch (compression) {
            case ZSTD -> unzstd(stored, in, out, what);
            case ZLIB -> inflate(stored, in, out, what);
            case NONE -> throw new IllegalArgumentException("not compressed");
            default -> throw stored.fail(0, what + ": " + compression.displayName() + " compression is not supported");
        }
        return ByteBuffer.wrap(out).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    void checkDeclared(ByteReader stored, long declaredSize, String what) {
        if (declaredSize < 0 || declaredSize > limit) {
            throw stored.fail(0, what + " declares " + Long.toUnsignedString(declaredSize)
                    + " bytes after decompression, over the limit of " + limit);
        }
        if (declaredSize > (long) stored.size() * MAX_RATIO + 4096) {
            throw stored.fail(0, what + " declares " + declaredSize + " bytes after decompression from only "
                    + stored.size() + " stored bytes");
        }
    }

    private static void unzstd(ByteReader stored, byte[] in, byte[] out, String what) {
        int n;
        try {
            n = new io.airlift.compress.zstd.ZstdDecompressor().decompress(in, 0, in.length, out, 0, out.length);
        } catch (RuntimeException e) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base(),
                    what + ": corrupt zstd data or more than the declared " + out.length + " bytes: " + e.getMessage(), e);
        }
        if (n != out.length) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base(),
                    what + ": zstd data gives " + n + " bytes, declared " + out.length);
        }
    }

    private static void inflate(ByteReader stored, byte[] in, byte[] out, String what) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(in);
            int n = 0;
            while (n < out.length && !inf.finished()) {
                int k = inf.inflate(out, n, out.length - n);
                if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
                n += k;
            }
            if (n != out.length || !inf.finished()) {
                throw new InputFormatException(stored.file(), stored.section(), stored.base() + inf.getTotalIn(),
                        what + ": zlib data " + (n != out.length ? "gives " + n + " bytes" : "continues past the")
                                + " declared " + out.length + " bytes");
            }
        } catch (DataFormatException e) {
            throw new InputFormatException(stored.file(), stored.section(), stored.base() + inf.getTotalIn(),
                    what + ": corrupt zlib data: " + e.getMessage(), e);
        } finally {
            inf.end();
        }
    }
}
