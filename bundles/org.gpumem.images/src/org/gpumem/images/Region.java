package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Bytes that may hold containers: an ELF section, a whole file, or a decompressed bundle.
 * Headers are read through the catalog's {@link FileWindow} while it is open (positional reads),
 * payloads are slices of the mapped file, so cataloguing touches only header bytes.
 *
 * @param file       the file as the caller named it
 * @param section    the section name (or {@code file[decompressed ...]}), null for the file itself
 * @param data       all the bytes (a slice of the mapping, or a decompressed buffer)
 * @param fileOffset where {@code data} starts in the file, -1 when it exists only in memory
 * @param window     positional reads of the file, or null
 */
record Region(String file, String section, ByteBuffer data, long fileOffset, FileWindow window) {

    Region {
        data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    long size() {
        return data.limit();
    }

    /** {@code length} header bytes at {@code at}; errors name this region at that offset. */
    ByteReader headers(long at, long length) {
        check(at, length);
        ByteBuffer b = window != null && fileOffset >= 0 && window.isOpen() ? window.get(fileOffset + at, (int) length)
                : data.slice((int) at, (int) length).order(ByteOrder.LITTLE_ENDIAN);
        return ByteReader.withBase(file, section, b, at);
    }

    /** Bytes at {@code at} as a slice of {@link #data} (payloads, read only when asked). */
    ByteReader slice(long at, long length) {
        check(at, length);
        return ByteReader.withBase(file, section, data.slice((int) at, (int) length).order(ByteOrder.LITTLE_ENDIAN), at);
    }

    /** The file offset of {@code at}, or -1 when the region is not in the file. */
    long fileOffsetOf(long at) {
        return fileOffset < 0 ? -1 : fileOffset + at;
    }

    /** The first offset at or after {@code from} that holds a non-zero byte (containers are zero-padded); {@link #size()} if none. */
    long skipZeros(long from) {
        long p = from;
        int chunk = 256;
        while (p < size()) {
            // small reads first: the next container usually follows at once
            int n = (int) Math.min(chunk, size() - p);
            chunk = Math.min(2 * chunk, 64 << 10);
            ByteBuffer b = headers(p, n).buffer();
            for (int i = 0; i < n; i++) {
                if (b.get(i) != 0) {
                    return p + i;
                }
            }
            p += n;
        }
        return p;
    }

    InputFormatException fail(long at, String problem) {
        return new InputFormatException(file, section, at, problem);
    }

    private void check(long at, long length) {
        if (at < 0 || length < 0 || at > size() || length > size() - at) {
            throw fail(Math.max(0, Math.min(at, size())), "range 0x" + Long.toHexString(Math.max(at, 0)) + "+0x"
                    + Long.toHexString(Math.max(length, 0)) + " runs past the end (0x" + Long.toHexString(size()) + " bytes)");
        }
    }
}
