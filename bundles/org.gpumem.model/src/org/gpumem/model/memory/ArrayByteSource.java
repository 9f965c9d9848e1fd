package org.gpumem.model.memory;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/** A pool held in one array (small pools: shared memory of a CTA, parameters, constants). */
public final class ArrayByteSource implements ByteSource {

    private final byte[] bytes;
    private final boolean writable;
    /** Counts writes; null when {@link #version} comes from the owner of the array. */
    private final AtomicLong writes;
    private final LongSupplier version;

    private ArrayByteSource(byte[] bytes, boolean writable) {
        this.bytes = bytes;
        this.writable = writable;
        this.writes = new AtomicLong();
        this.version = writes::get;
    }

    private ArrayByteSource(byte[] bytes, boolean writable, LongSupplier version) {
        this.bytes = bytes;
        this.writable = writable;
        this.writes = null;
        this.version = version;
    }

    /** A read-only view of {@code bytes} (not copied; the caller must not change them). */
    public static ArrayByteSource readOnly(byte[] bytes) {
        return new ArrayByteSource(bytes, false);
    }

    /** A writable pool of {@code size} zero bytes. */
    public static ArrayByteSource zeroed(int size) {
        return new ArrayByteSource(new byte[size], true);
    }

    /**
     * A live view of {@code bytes}, which their owner changes (not copied). The owner also
     * supplies {@link #version()}: it knows when the bytes change, so writes through this view do
     * not advance it.
     */
    public static ArrayByteSource live(byte[] bytes, boolean writable, LongSupplier version) {
        return new ArrayByteSource(bytes, writable, version);
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
        if (writes != null) {
            writes.incrementAndGet();
        }
    }

    @Override
    public long version() {
        return version.getAsLong();
    }
}
