package org.gpumem.model.memory;

import java.util.Arrays;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writable sparse storage: pages are allocated on the first write that touches them and read as
 * zeros until then, so a pool of any size costs memory only for the pages written. Concurrent
 * reads are safe; writes to one page must not race with each other.
 */
public final class PagedByteSource implements ByteSource {

    /** Default page size: 4 KiB. */
    public static final int DEFAULT_PAGE_SIZE = 4096;

    private final long size;
    private final int pageSize;
    private final int pageShift;
    private final ConcurrentSkipListMap<Long, byte[]> pages = new ConcurrentSkipListMap<>();
    private final AtomicLong version = new AtomicLong();

    public PagedByteSource(long size) {
        this(size, DEFAULT_PAGE_SIZE);
    }

    /** @param pageSize a power of two */
    public PagedByteSource(long size, int pageSize) {
        if (size < 0) {
            throw new IllegalArgumentException("negative pool size " + size);
        }
        if (pageSize <= 0 || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("page size " + pageSize + " is not a power of two");
        }
        this.size = size;
        this.pageSize = pageSize;
        this.pageShift = Integer.numberOfTrailingZeros(pageSize);
    }

    @Override
    public long size() {
        return size;
    }

    public int pageSize() {
        return pageSize;
    }

    /** Number of pages that hold storage (were written at least once). */
    public int allocatedPages() {
        return pages.size();
    }

    @Override
    public void read(long offset, byte[] dst, int off, int len) {
        ByteSource.checkRange(size, offset, dst.length, off, len);
        while (len > 0) {
            long index = offset >>> pageShift;
            int inPage = (int) (offset & (pageSize - 1));
            int n = Math.min(len, pageSize - inPage);
            byte[] page = pages.get(index);
            if (page == null) {
                Arrays.fill(dst, off, off + n, (byte) 0);
            } else {
                System.arraycopy(page, inPage, dst, off, n);
            }
            offset += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public boolean isWritable() {
        return true;
    }

    @Override
    public void write(long offset, byte[] src, int off, int len) {
        ByteSource.checkRange(size, offset, src.length, off, len);
        while (len > 0) {
            long index = offset >>> pageShift;
            int inPage = (int) (offset & (pageSize - 1));
            int n = Math.min(len, pageSize - inPage);
            byte[] page = pages.computeIfAbsent(index, i -> new byte[pageSize]);
            System.arraycopy(src, off, page, inPage, n);
            offset += n;
            off += n;
            len -= n;
        }
        version.incrementAndGet();
    }

    @Override
    public long version() {
        return version.get();
    }

    @Override
    public long nextPopulated(long offset) {
        if (offset >= size) {
            return size;
        }
        long from = Math.max(offset, 0);
        Long index = pages.ceilingKey(from >>> pageShift);
        if (index == null) {
            return size;
        }
        return Math.max(from, index << pageShift);
    }
}
