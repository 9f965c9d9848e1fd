package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import io.airlift.compress.zstd.ZstdCompressor;

/**
 * Zstd frames (RFC 8878) written block by block, for inputs whose frames and blocks must be
 * valid while their sizes or contents are not what a compressor makes: bombs of RLE blocks that
 * expand 32768-fold, frames without a content size, blocks of every type. {@link #compress}
 * is aircompressor's compressor, for frames with compressed blocks.
 */
final class ZstdFrameWriter {
    static final int MAX_BLOCK = 128 << 10;
    private static final byte[] MAGIC = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd};
    /** Window descriptor of a 128 KiB window (exponent 7: 2^(10+7)). */
    private static final int WINDOW_128K = 7 << 3;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /**
     * Starts a frame; {@code contentSize} -1 writes none (then the window descriptor says 128 KiB),
     * otherwise an 8-byte content size with the same window.
     */
    ZstdFrameWriter frame(long contentSize) {
        out.writeBytes(MAGIC);
        out.write(contentSize < 0 ? 0 : 0xc0);
        out.write(WINDOW_128K);
        if (contentSize >= 0) {
            for (int i = 0; i < 8; i++) {
                out.write((int) (contentSize >>> (8 * i)));
            }
        }
        return this;
    }

    /** Writes raw bytes as it comes: a frame header or block the caller built. */
    ZstdFrameWriter bytes(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    /** A block header: 21-bit size, 2-bit type (0 raw, 1 RLE, 2 compressed, 3 reserved), last flag. */
    ZstdFrameWriter blockHeader(int type, int size, boolean last) {
        int h = size << 3 | type << 1 | (last ? 1 : 0);
        out.write(h);
        out.write(h >>> 8);
        out.write(h >>> 16);
        return this;
    }

    /** Raw blocks holding {@code data}; {@code last} marks the final one as the frame's last. */
    ZstdFrameWriter raw(byte[] data, boolean last) {
        for (int p = 0; p < data.length || p == 0; p += MAX_BLOCK) {
            int n = Math.min(MAX_BLOCK, data.length - p);
            blockHeader(0, n, last && p + n >= data.length);
            out.write(data, p, n);
            if (data.length == 0) {
                break;
            }
        }
        return this;
    }

    /** RLE blocks: {@code size} bytes of {@code value}, 4 stored bytes per 128 KiB. */
    ZstdFrameWriter rle(long size, int value, boolean last) {
        for (long p = 0; p < size || p == 0; p += MAX_BLOCK) {
            int n = (int) Math.min(MAX_BLOCK, size - p);
            blockHeader(1, n, last && p + n >= size);
            out.write(value);
            if (size == 0) {
                break;
            }
        }
        return this;
    }

    byte[] toBytes() {
        return out.toByteArray();
    }

    /** One frame stating its size: {@code prefix} in raw blocks, then {@code fill} bytes of {@code value} in RLE blocks. */
    static byte[] bomb(byte[] prefix, long fill, int value) {
        ZstdFrameWriter w = new ZstdFrameWriter().frame(prefix.length + fill);
        if (fill == 0) {
            return w.raw(prefix, true).toBytes();
        }
        if (prefix.length > 0) {
            w.raw(prefix, false);
        }
        return w.rle(fill, value, true).toBytes();
    }

    /** aircompressor's zstd of {@code data} (the library gpumem reads with; version pinned in the parent pom). */
    static byte[] compress(byte[] data) {
        ZstdCompressor c = new ZstdCompressor();
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0, out.length));
    }
}
