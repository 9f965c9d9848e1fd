package org.gpumem.host.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

import org.gpumem.sim.memory.GlobalMemory;

/**
 * A program's device memory: a sparse file that the program's libcudart maps at {@code base}
 * and that this class maps for the simulator's global memory, so both see the same bytes at
 * the same addresses. The file lies in /dev/shm when that has room, else in the session's
 * folder. gpumem maps it in windows of {@link #WINDOW} bytes (an allocation crossing a window
 * boundary gets a mapping of its own), which keeps the number of mappings small.
 */
public final class SharedMemoryFile implements GlobalMemory.Backing, AutoCloseable {
    static final long WINDOW = 256L << 20;

    private final Path path;
    private final FileChannel file;
    private final long base;
    private final long size;
    private final Map<Long, MappedByteBuffer> windows = new HashMap<>();

    private SharedMemoryFile(Path path, FileChannel file, long base, long size) {
        this.path = path;
        this.file = file;
        this.base = base;
        this.size = size;
    }

    /** Creates the file of {@code size} bytes for addresses from {@code base} in /dev/shm or {@code fallback}. */
    public static SharedMemoryFile create(Path fallback, String name, long base, long size) throws IOException {
        Path shm = Path.of("/dev/shm");
        Path dir = Files.isDirectory(shm) && Files.isWritable(shm) && Files.getFileStore(shm).getUsableSpace() >= size
                ? shm : fallback;
        Path path = Files.createTempFile(dir, name, ".mem");
        FileChannel file = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            file.truncate(0);
            file.write(ByteBuffer.wrap(new byte[1]), size - 1); // sparse: no block is allocated before a write
        } catch (IOException e) {
            file.close();
            Files.deleteIfExists(path);
            throw e;
        }
        return new SharedMemoryFile(path, file, base, size);
    }

    public Path path() {
        return path;
    }

    public long base() {
        return base;
    }

    public long size() {
        return size;
    }

    @Override
    public synchronized ByteBuffer map(long address, int length) {
        long offset = address - base;
        if (offset < 0 || offset + length > size) {
            throw new IllegalArgumentException("0x" + Long.toHexString(address) + " + " + length + " lies outside device memory");
        }
        try {
            long window = offset / WINDOW;
            if ((offset + length - 1) / WINDOW != window) {
                return file.map(FileChannel.MapMode.READ_WRITE, offset, length).order(ByteOrder.LITTLE_ENDIAN);
            }
            MappedByteBuffer w = windows.get(window);
            if (w == null) {
                long from = window * WINDOW;
                w = file.map(FileChannel.MapMode.READ_WRITE, from, Math.min(WINDOW, size - from));
                windows.put(window, w);
            }
            return w.slice((int) (offset - window * WINDOW), length).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new IllegalStateException("cannot map device memory " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long limit() {
        return base + size;
    }

    /** Closes and deletes the file; the mappings stay valid until they are collected. */
    @Override
    public void close() throws IOException {
        file.close();
        Files.deleteIfExists(path);
    }
}
