package org.gpumem.model.memory;

/**
 * The bytes of one memory pool, read on demand. A pool in the model never holds its contents as
 * EMF attributes: it reads through a {@code ByteSource}, so a multi-GiB pool costs nothing until a
 * view asks for a range of it. The simulator implements this over its live storage, a snapshot
 * over its side file.
 *
 * <p>Offsets are pool offsets, {@code 0 <= offset < size()}. Implementations must be safe for
 * concurrent reads; whether writes may run concurrently with reads is up to the implementation
 * (the simulator writes only while its threads are stopped or running, never while a view reads
 * a stopped state).
 */
public interface ByteSource {

    /** Number of bytes in the pool. */
    long size();

    /**
     * Copies {@code len} bytes starting at pool offset {@code offset} into
     * {@code dst[off .. off+len)}.
     *
     * @throws IndexOutOfBoundsException if the range does not lie within {@code [0, size())}
     *         or within {@code dst}
     * @throws RuntimeException an implementation-specific unchecked exception for bytes that
     *         exist in the pool's range but cannot be read (e.g. unallocated global memory of a
     *         simulator); such a source should report them as empty through {@link #nextPopulated}
     */
    void read(long offset, byte[] dst, int off, int len);

    /** Whether {@link #write} is supported. */
    default boolean isWritable() {
        return false;
    }

    /**
     * Copies {@code src[off .. off+len)} into the pool at {@code offset} and advances
     * {@link #version()}.
     *
     * @throws IndexOutOfBoundsException if the range does not lie within the pool or {@code src}
     * @throws UnsupportedOperationException if the source is read-only
     */
    default void write(long offset, byte[] src, int off, int len) {
        throw new UnsupportedOperationException("memory pool is read-only");
    }

    /**
     * A counter that changes whenever the contents change (by {@link #write} or by the owner of
     * the storage, e.g. a simulator step). A view remembers the value it painted and repaints when
     * it differs; a source whose contents never change returns a constant.
     */
    default long version() {
        return 0;
    }

    /**
     * The smallest offset {@code >= offset} at which the pool may hold a non-zero byte, or
     * {@link #size()} if every byte from {@code offset} on is known to be zero. Sparse storage
     * answers from its page table so that a snapshot of a mostly empty 4 GiB pool does not read
     * 4 GiB; the default claims that everything may be populated.
     */
    default long nextPopulated(long offset) {
        return Math.min(Math.max(offset, 0), size());
    }

    /**
     * Throws a clear {@link IndexOutOfBoundsException} unless {@code [offset, offset+len)} lies
     * within a pool of {@code size} bytes and {@code [off, off+len)} within an array of
     * {@code arrayLength}.
     */
    static void checkRange(long size, long offset, int arrayLength, int off, int len) {
        if (off < 0 || len < 0 || off > arrayLength - len) {
            throw new IndexOutOfBoundsException("array range [" + off + ", " + off + "+" + len
                    + ") outside an array of " + arrayLength + " bytes");
        }
        if (offset < 0 || offset > size - len) {
            throw new IndexOutOfBoundsException("pool range [0x" + Long.toHexString(offset) + ", +"
                    + len + ") outside a pool of 0x" + Long.toHexString(size) + " bytes");
        }
    }
}
