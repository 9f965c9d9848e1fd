package org.gpumem.model.snapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.security.SecureRandom;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.memory.ByteSource;

import io.airlift.compress.zstd.ZstdCompressor;

/**
 * Saves a stopped {@link MemoryState}: a copy of the model as XMI in {@code FILE} and the pool
 * bytes, sparse and zstd-compressed, in {@code FILE.pages}. The live state is not changed.
 * Pools are read through their {@link ByteSource}s chunk by chunk, skipping what
 * {@link ByteSource#nextPopulated} reports as empty, so a mostly empty multi-GiB pool is cheap.
 */
public final class SnapshotWriter {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SnapshotWriter() {
    }

    /** Summary of a saved snapshot. */
    public record Saved(Path model, Path pages, int pools, long chunks, long rawBytes, long storedBytes) {
    }

    /**
     * Saves {@code state} as {@code file} and its page file, atomically: both are written beside
     * their final names and forced to disk, the previous page file is kept as
     * {@code FILE.gpumem.pages.prev}, then the page file and the model are renamed into place (the
     * model's rename is the commit). Pool keys carry a tag new to each save, so a model and a page
     * file of different saves never pass for each other: a crash between the two renames leaves
     * the previous model with its pages in the {@code .prev} file, which {@link Snapshot#open}
     * falls back to. A failure while writing (a full disk) leaves the previous snapshot as it was.
     */
    public static Saved save(MemoryState state, Path file) throws IOException {
        EcoreUtil.Copier copier = new EcoreUtil.Copier();
        MemoryState copy = (MemoryState) copier.copy(state);
        copier.copyReferences();

        List<Pool> originals = new ArrayList<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                originals.add(pool);
            }
        }
        Path pages = pagesFile(file);
        Path tmpPages = pages.resolveSibling(pages.getFileName() + ".tmp");
        Path tmpModel = file.resolveSibling(file.getFileName() + ".tmp");
        String tag = Long.toHexString(RANDOM.nextLong() | Long.MIN_VALUE).substring(0, 8);
        long[] totals;
        try {
            totals = writePages(originals, copier, tag, tmpPages);
            writeModel(copy, tmpModel);
        } catch (IOException | RuntimeException | Error e) {
            deleteAfterFailure(tmpPages, e);
            deleteAfterFailure(tmpModel, e);
            throw e;
        }
        Path previous = previousPagesFile(file);
        // After an interrupted save the current model reads the .prev file: it stays as it is.
        if (!Files.exists(previous) || !previous.equals(Snapshot.pagesInUse(file))) {
            Files.deleteIfExists(previous);
            if (Files.exists(pages)) {
                keepAsPrevious(pages, previous);
            }
        }
        syncDirectory(file);
        move(tmpPages, pages);
        syncDirectory(file);
        move(tmpModel, file);
        syncDirectory(file);
        Files.deleteIfExists(previous);
        return new Saved(file, pages, originals.size(), totals[0], totals[1], totals[2]);
    }

    /** Writes and forces the page file; returns chunks, raw bytes and stored bytes. */
    private static long[] writePages(List<Pool> originals, EcoreUtil.Copier copier, String tag, Path tmpPages)
            throws IOException {
        long chunks = 0;
        long raw = 0;
        long stored = 0;
        try (FileChannel out = FileChannel.open(tmpPages, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            ByteBuffer header = le(PageFile.HEADER_SIZE).put(PageFile.MAGIC).putInt(PageFile.VERSION).putInt(PageFile.CHUNK_SIZE);
            writeFully(out, header.flip());
            ZstdCompressor compressor = new ZstdCompressor();
            byte[] chunk = new byte[PageFile.CHUNK_SIZE];
            byte[] packed = new byte[compressor.maxCompressedLength(PageFile.CHUNK_SIZE)];
            ByteBuffer index = le(1024);
            index.putInt(originals.size());
            for (int p = 0; p < originals.size(); p++) {
                Pool original = originals.get(p);
                Pool saved = (Pool) copier.get(original);
                String key = tag + "-p" + p;
                saved.setKey(key);
                ByteSource source = original.getSource();
                long size = original.getSize();
                if (source != null && source.size() != size) {
                    throw new IOException("pool " + key + ": model size " + size + " but its source has " + source.size() + " bytes");
                }
                List<long[]> entries = new ArrayList<>();
                long next = source == null ? size : source.nextPopulated(0);
                while (next < size) {
                    long start = next - next % PageFile.CHUNK_SIZE;
                    int len = (int) Math.min(PageFile.CHUNK_SIZE, size - start);
                    source.read(start, chunk, 0, len);
                    if (!allZero(chunk, len)) {
                        int n = compressor.compress(chunk, 0, len, packed, 0, packed.length);
                        long at = out.position();
                        writeFully(out, ByteBuffer.wrap(packed, 0, n));
                        entries.add(new long[] {start, at, n, len});
                        chunks++;
                        raw += len;
                        stored += n;
                    }
                    next = source.nextPopulated(start + len);
                }
                byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
                index = ensure(index, 16 + keyBytes.length + entries.size() * PageFile.CHUNK_ENTRY_SIZE);
                index.putInt(keyBytes.length).put(keyBytes).putLong(size).putInt(entries.size());
                for (long[] e : entries) {
                    index.putLong(e[0]).putLong(e[1]).putInt((int) e[2]).putInt((int) e[3]);
                }
            }
            long indexOffset = out.position();
            writeFully(out, index.flip());
            ByteBuffer trailer = le(PageFile.TRAILER_SIZE).putLong(indexOffset).put(PageFile.INDEX_MAGIC);
            writeFully(out, trailer.flip());
            out.force(true);
        }
        return new long[] {chunks, raw, stored};
    }

    private static void writeModel(MemoryState copy, Path tmpModel) throws IOException {
        Resource resource = Snapshot.newResourceSet().createResource(URI.createFileURI(tmpModel.toAbsolutePath().toString()));
        resource.getContents().add(copy);
        try (FileChannel channel = FileChannel.open(tmpModel, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            OutputStream os = Channels.newOutputStream(channel);
            resource.save(os, Map.of(org.eclipse.emf.ecore.xmi.XMLResource.OPTION_ENCODING, "UTF-8"));
            os.flush();
            channel.force(true);
        }
    }

    /** A second name for the current page file (a hard link, or a copy where links are not supported). */
    private static void keepAsPrevious(Path pages, Path previous) throws IOException {
        try {
            Files.createLink(previous, pages);
        } catch (UnsupportedOperationException | FileSystemException noLink) {
            try {
                Files.copy(pages, previous, StandardCopyOption.COPY_ATTRIBUTES);
                try (FileChannel c = FileChannel.open(previous, StandardOpenOption.WRITE)) {
                    c.force(true);
                }
            } catch (IOException | RuntimeException copyFailed) {
                // Neither way worked: both reasons go to the user.
                copyFailed.addSuppressed(noLink);
                throw copyFailed;
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Forces the directory entry changes (renames, links) to disk; file systems that cannot are left as they are. */
    private static void syncDirectory(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (UnsupportedOperationException | FileSystemException e) {
            // Directories cannot be opened for syncing here (other platforms, in-memory file systems).
        }
    }

    /**
     * Deletes a temporary file of a save that failed with {@code failure}; when that fails too,
     * the reason goes with the save's (a stale temporary file is overwritten by the next save).
     */
    private static void deleteAfterFailure(Path p, Throwable failure) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** The page file of the previous save, kept until the model of the new one is in place. */
    static Path previousPagesFile(Path file) {
        Path pages = pagesFile(file);
        return pages.resolveSibling(pages.getFileName() + ".prev");
    }

    /** The page file that belongs to a snapshot model file. */
    public static Path pagesFile(Path file) {
        return file.resolveSibling(file.getFileName() + PageFile.SUFFIX);
    }

    private static boolean allZero(byte[] bytes, int len) {
        for (int i = 0; i < len; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static ByteBuffer le(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer ensure(ByteBuffer buffer, int more) {
        if (buffer.remaining() >= more) {
            return buffer;
        }
        ByteBuffer bigger = le(Math.max(buffer.capacity() * 2, buffer.position() + more));
        buffer.flip();
        return bigger.put(buffer);
    }

    private static void writeFully(FileChannel out, ByteBuffer data) throws IOException {
        while (data.hasRemaining()) {
            out.write(data);
        }
    }
}
