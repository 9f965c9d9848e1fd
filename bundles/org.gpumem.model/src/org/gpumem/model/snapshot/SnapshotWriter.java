package org.gpumem.model.snapshot;

import java.io.IOException;
import java.io.OutputStream;
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

    private SnapshotWriter() {
    }

    /** Summary of a saved snapshot. */
    public record Saved(Path model, Path pages, int pools, long chunks, long rawBytes, long storedBytes) {
    }

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
                String key = "p" + p;
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
        }

        Resource resource = Snapshot.newResourceSet().createResource(URI.createFileURI(tmpModel.toAbsolutePath().toString()));
        resource.getContents().add(copy);
        try (OutputStream os = Files.newOutputStream(tmpModel)) {
            resource.save(os, Map.of(org.eclipse.emf.ecore.xmi.XMLResource.OPTION_ENCODING, "UTF-8"));
        }
        Files.move(tmpPages, pages, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmpModel, file, StandardCopyOption.REPLACE_EXISTING);
        return new Saved(file, pages, originals.size(), chunks, raw, stored);
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
