package org.gpumem.model.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.gpumem.dwarf.io.BoundedDecompression;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.Codec;
import org.gpumem.model.memory.ByteSource;

/**
 * A pool of an opened snapshot: reads decompress the chunks they touch (a few recent chunks are
 * cached); bytes in no chunk read as zero. Read-only.
 */
final class SnapshotByteSource implements ByteSource {

    private static final int CACHED_CHUNKS = 8;

    private final FileChannel channel;
    private final String fileName;
    private final String key;
    private final long size;
    private final long[] poolOffsets;
    private final long[] fileOffsets;
    private final int[] packedLengths;
    private final int[] rawLengths;
    private final Map<Integer, byte[]> cache = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> eldest) {
            return size() > CACHED_CHUNKS;
        }
    };

    SnapshotByteSource(FileChannel channel, String fileName, String key, long size, long[] poolOffsets, long[] fileOffsets,
            int[] packedLengths, int[] rawLengths) {
        this.channel = channel;
        this.fileName = fileName;
        this.key = key;
        this.size = size;
        this.poolOffsets = poolOffsets;
        this.fileOffsets = fileOffsets;
        this.packedLengths = packedLengths;
        this.rawLengths = rawLengths;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long offset, byte[] dst, int off, int len) {
        ByteSource.checkRange(size, offset, dst.length, off, len);
        Arrays.fill(dst, off, off + len, (byte) 0);
        int c = Arrays.binarySearch(poolOffsets, offset);
        if (c < 0) {
            c = Math.max(0, -c - 2);
        }
        long end = offset + len;
        for (; c < poolOffsets.length && poolOffsets[c] < end; c++) {
            long chunkEnd = poolOffsets[c] + rawLengths[c];
            if (chunkEnd <= offset) {
                continue;
            }
            byte[] data = chunk(c);
            long from = Math.max(offset, poolOffsets[c]);
            long to = Math.min(end, chunkEnd);
            System.arraycopy(data, (int) (from - poolOffsets[c]), dst, off + (int) (from - offset), (int) (to - from));
        }
    }

    @Override
    public long nextPopulated(long offset) {
        if (offset >= size) {
            return size;
        }
        long from = Math.max(offset, 0);
        int c = Arrays.binarySearch(poolOffsets, from);
        if (c < 0) {
            c = Math.max(0, -c - 2);
        }
        for (; c < poolOffsets.length; c++) {
            if (poolOffsets[c] + rawLengths[c] > from) {
                return Math.max(from, poolOffsets[c]);
            }
        }
        return size;
    }

    private synchronized byte[] chunk(int c) {
        byte[] cached = cache.get(c);
        if (cached != null) {
            return cached;
        }
        ByteBuffer packed;
        try {
            packed = Snapshot.readAt(channel, fileName, fileOffsets[c], packedLengths[c]);
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + ": reading pool " + key + " chunk " + c, e);
        }
        // The index's raw length is the declared size: at most the page file's chunk size (checked on open).
        ByteBuffer inflated = BoundedDecompression.decompress(ByteReader.withBase(fileName, null, packed, fileOffsets[c]), Codec.ZSTD,
                rawLengths[c], "pool " + key + " chunk " + c);
        byte[] raw = new byte[inflated.remaining()];
        inflated.get(raw);
        cache.put(c, raw);
        return raw;
    }
}
