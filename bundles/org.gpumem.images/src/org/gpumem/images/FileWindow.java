package org.gpumem.images;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Reads small ranges of a file (container and entry headers) through positional reads into one
 * reused buffer, so that building a catalog does not fault the pages of a memory-mapped
 * library into the process: a 280 MB section of 26,000 fatbins then costs a few MiB of memory,
 * not its size. Each load fills a fresh buffer, so the slices handed out earlier stay valid. Used by
 * one thread while a catalog is read.
 */
final class FileWindow {
    private static final int MIN_WINDOW = 64 << 10;

    private final String file;
    private final FileChannel channel;
    private final long fileSize;
    private ByteBuffer window = ByteBuffer.allocate(0);
    private long windowStart;

    FileWindow(String file, FileChannel channel, long fileSize) {
        this.file = file;
        this.channel = channel;
        this.fileSize = fileSize;
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    /** {@code length} bytes at {@code fileOffset} (little-endian, position 0); the caller checked the range. */
    ByteBuffer get(long fileOffset, int length) {
        if (fileOffset < windowStart || fileOffset + length > windowStart + window.limit()) {
            load(fileOffset, Math.max(length, MIN_WINDOW));
        }
        int at = (int) (fileOffset - windowStart);
        return window.slice(at, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    private void load(long fileOffset, int length) {
        int n = (int) Math.min(length, fileSize - fileOffset);
        window = ByteBuffer.allocate(n);
        fill(window, fileOffset);
        window.flip();
        windowStart = fileOffset;
    }

    private void fill(ByteBuffer b, long fileOffset) {
        try {
            long at = fileOffset;
            while (b.hasRemaining()) {
                int k = channel.read(b, at);
                if (k < 0) {
                    throw new IOException("file ends at 0x" + Long.toHexString(at) + " though it was 0x"
                            + Long.toHexString(fileSize) + " bytes when opened");
                }
                at += k;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }
}
