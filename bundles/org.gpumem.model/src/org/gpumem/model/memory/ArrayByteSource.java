package org.gpumem.model.memory;

import java.util.concurrent.atomic.AtomicLong;

/** A pool held in one array (small pools: shared memory of a CTA, parameters, constants). */
public final class ArrayByteSource implements ByteSource {

    private final byte[] bytes;
    private final boolean writable;
    private final AtomicLong version = new AtomicLong();

    private ArrayByteSource(byte[] bytes, boolean writable) {
        this.bytes = bytes;
        this.writable = writable;
    }

    /** A read-only view of {@code bytes} (not copied; the caller must not change them). */
    public static ArrayByteSource readOnly(byte[] bytes) {
        return new ArrayByteSource(bytes, false);
    }

    /** A writable pool of {@code size} zero bytes. */
    public static ArrayByteSource zeroed(int size) {
        return new ArrayByteSource(new byte[size], true);
    }

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public void read(long offset, byte[] dst, int off, int len) {
        ByteSource.checkRange(bytes.length, offset, dst.length, off, len);
        System.arraycopy(bytes, (int) offset, dst, off, len);
    }

    @Override
    public boolean isWritable() {
        return writable;
    }

    @Override
    public void write(long offset, byte[] src, int off, int len) {
        if (!writable) {
            ByteSource.super.write(offset, src, off, len);
        }
        ByteSource.checkRange(bytes.length, offset, src.length, off, len);
        System.arraycopy(src, off, bytes, (int) offset, len);
        version.incrementAndGet();
    }

    @Override
    public long version() {
        return version.get();
    }
}
