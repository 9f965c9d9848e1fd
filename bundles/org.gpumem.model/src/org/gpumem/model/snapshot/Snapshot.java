package org.gpumem.model.snapshot;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ExtensibleURIConverterImpl;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.resource.impl.URIHandlerImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFileException;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.model.GpumemPackage;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;

/**
 * A snapshot opened read-only: the {@link MemoryState} of {@code FILE} with every pool reading
 * its bytes lazily from {@code FILE.pages}. Needs no simulator. Close it to release the page file.
 *
 * <p>Bad files raise {@link InputFormatException} naming the file, the part (XMI, index, chunk)
 * and the offset.
 */
public final class Snapshot implements Closeable {

    /** File name extension of snapshot model files. */
    public static final String EXTENSION = "gpumem";
    private static final String EXPECTED = "a gpumem snapshot (FILE.gpumem, written by gpumem, with FILE.gpumem.pages beside it)";

    private final Path file;
    private final MemoryState state;
    private final FileChannel pages;
    private final Path pagesPath;

    private Snapshot(Path file, MemoryState state, FileChannel pages, Path pagesPath) {
        this.file = file;
        this.state = state;
        this.pages = pages;
        this.pagesPath = pagesPath;
    }

    public Path file() {
        return file;
    }

    /** The saved state; its pools' sources are read-only. */
    public MemoryState state() {
        return state;
    }

    @Override
    public void close() throws IOException {
        pages.close();
    }

    /**
     * The page file that the snapshot {@code file} opens with: its page file, or the previous one
     * after an interrupted save; null when {@code file} does not open.
     */
    static Path pagesInUse(Path file) {
        try (Snapshot s = open(file)) {
            return s.pagesPath;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A resource set that reads and writes gpumem models, also outside OSGi. */
    public static ResourceSet newResourceSet() {
        ResourceSet resources = new ResourceSetImpl();
        resources.getPackageRegistry().put(GpumemPackage.eNS_URI, GpumemPackage.eINSTANCE);
        resources.getResourceFactoryRegistry().getExtensionToFactoryMap().put("*", new XMIResourceFactoryImpl());
        return resources;
    }

    /**
     * Opens {@code file} and its page file; the model is checked against the model's invariants
     * first ({@link InvalidSnapshotException} lists what is broken).
     */
    public static Snapshot open(Path file) throws IOException {
        String name = file.toString();
        InputFiles.requireReadableFile(file, EXPECTED);
        MemoryState state = loadModel(file, name);
        Path pagesPath = SnapshotWriter.pagesFile(file);
        InputFiles.requireReadableFile(pagesPath, "the page file of snapshot " + file.getFileName() + " beside it");
        FileChannel channel;
        try {
            channel = FileChannel.open(pagesPath, StandardOpenOption.READ);
        } catch (IOException e) {
            throw InputFiles.failure(pagesPath, e);
        }
        try {
            attachPages(state, channel, pagesPath.toString());
            return new Snapshot(file, state, channel, pagesPath);
        } catch (InputFormatException e) {
            channel.close();
            Snapshot previous = openPrevious(file, state);
            if (previous == null) {
                throw e;
            }
            return previous;
        } catch (RuntimeException | IOException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * The model with the page file of the save before the last one: a save interrupted between
     * renaming its page file and its model into place left the old model with its old pages
     * there (see {@link SnapshotWriter#save}). Null when there is no such file or it does not fit.
     */
    private static Snapshot openPrevious(Path file, MemoryState state) throws IOException {
        Path previous = SnapshotWriter.previousPagesFile(file);
        if (!Files.isRegularFile(previous)) {
            return null;
        }
        FileChannel channel = FileChannel.open(previous, StandardOpenOption.READ);
        try {
            attachPages(state, channel, previous.toString());
            return new Snapshot(file, state, channel, previous);
        } catch (RuntimeException | IOException e) {
            channel.close();
            return null;
        }
    }

    private static MemoryState loadModel(Path file, String name) throws IOException {
        ResourceSet resources = newResourceSet();
        // A model names packages and other resources by URI; EMF would fetch those (even over
        // the network). A snapshot is one self-contained file: nothing else is ever loaded.
        resources.setURIConverter(new ExtensibleURIConverterImpl(List.of(new NothingElse()), List.of()));
        Resource resource = new SnapshotResource(URI.createFileURI(file.toAbsolutePath().toString()));
        resources.getResources().add(resource);
        Map<Object, Object> options = new HashMap<>();
        options.put(XMLResource.OPTION_USE_PACKAGE_NS_URI_AS_LOCATION, Boolean.FALSE);
        Map<String, Boolean> features = new HashMap<>();
        // Snapshot files may come from elsewhere: no DTDs, no external entities.
        features.put("http://apache.org/xml/features/disallow-doctype-decl", Boolean.TRUE);
        features.put("http://xml.org/sax/features/external-general-entities", Boolean.FALSE);
        features.put("http://xml.org/sax/features/external-parameter-entities", Boolean.FALSE);
        options.put(XMLResource.OPTION_PARSER_FEATURES, features);
        try (InputStream in = Files.newInputStream(file)) {
            resource.load(in, options);
        } catch (FileSystemException e) {
            throw InputFiles.failure(file, e);
        } catch (IOException e) {
            // EMF reports what it could not load as an IOException holding its first diagnostic.
            throw new InputFileException(name, "not a gpumem snapshot model: " + XmiProblems.describe(e), e);
        }
        if (!resource.getErrors().isEmpty()) {
            throw new InputFileException(name, XmiProblems.describe(resource.getErrors().get(0)), null);
        }
        if (resource.getContents().size() != 1 || !(resource.getContents().get(0) instanceof MemoryState state)) {
            throw new InputFormatException(name, null, 0, "the model's root is not a MemoryState");
        }
        SnapshotValidator.validate(name, resource, state);
        return state;
    }

    /** Refuses to open any URI: snapshot models may not pull in other files or packages. */
    private static final class NothingElse extends URIHandlerImpl {
        @Override
        public boolean canHandle(URI uri) {
            return true;
        }

        @Override
        public InputStream createInputStream(URI uri, Map<?, ?> options) throws IOException {
            throw new IOException("a snapshot may not refer to " + uri + "; it must be one self-contained file");
        }
    }

    private static void attachPages(MemoryState state, FileChannel channel, String name) throws IOException {
        long fileSize = channel.size();
        if (fileSize < PageFile.HEADER_SIZE + PageFile.TRAILER_SIZE) {
            throw new InputFormatException(name, null, 0, "page file of " + fileSize + " bytes is too short");
        }
        ByteReader header = new ByteReader(name, "header", readAt(channel, name, 0, PageFile.HEADER_SIZE));
        byte[] magic = header.bytes(8);
        if (!Arrays.equals(magic, PageFile.MAGIC)) {
            throw header.fail(0, "not a gpumem page file (magic " + new String(magic, StandardCharsets.ISO_8859_1) + ")");
        }
        long version = header.u32();
        if (version != PageFile.VERSION) {
            throw header.fail(8, "page file version " + version + " (this gpumem reads " + PageFile.VERSION + ")");
        }
        long chunkSize = header.u32();
        if (chunkSize == 0 || chunkSize > PageFile.MAX_CHUNK_SIZE) {
            throw header.fail(12, "chunk size " + chunkSize);
        }
        ByteReader trailer = new ByteReader(name, "trailer", readAt(channel, name, fileSize - PageFile.TRAILER_SIZE, PageFile.TRAILER_SIZE));
        long indexOffset = trailer.u64();
        if (!Arrays.equals(trailer.bytes(8), PageFile.INDEX_MAGIC)) {
            throw new InputFormatException(name, null, fileSize - 8, "index marker missing (truncated page file?)");
        }
        long indexEnd = fileSize - PageFile.TRAILER_SIZE;
        if (indexOffset < PageFile.HEADER_SIZE || indexOffset > indexEnd) {
            throw new InputFormatException(name, null, fileSize - PageFile.TRAILER_SIZE, "index offset 0x" + Long.toHexString(indexOffset)
                    + " outside the file");
        }
        if (indexEnd - indexOffset > Integer.MAX_VALUE) {
            throw new InputFormatException(name, null, indexOffset, "index of " + (indexEnd - indexOffset) + " bytes");
        }
        ByteReader index = new ByteReader(name, "index", readAt(channel, name, indexOffset, (int) (indexEnd - indexOffset)));

        Map<String, Pool> pools = new HashMap<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                if (pool.getKey() == null || pools.put(pool.getKey(), pool) != null) {
                    throw new InputFormatException(name, null, 0, "pool key " + pool.getKey() + " missing or repeated in the model");
                }
                if (pool.getSize() < 0) {
                    throw new InputFormatException(name, null, 0, "pool " + pool.getKey() + " has negative size");
                }
            }
        }
        long count = index.u32();
        if (count != pools.size()) {
            throw index.fail(0, "index lists " + count + " pools, the model has " + pools.size());
        }
        for (long p = 0; p < count; p++) {
            long at = index.position();
            long keyLength = index.u32();
            if (keyLength > index.remaining()) {
                throw index.fail(at, "pool key of " + keyLength + " bytes");
            }
            String key = new String(index.bytes(keyLength), StandardCharsets.UTF_8);
            Pool pool = pools.remove(key);
            if (pool == null) {
                throw index.fail(at, "pool " + key + " is not in the model (or listed twice)");
            }
            long size = index.u64();
            if (size != pool.getSize()) {
                throw index.fail(at, "pool " + key + " has " + size + " bytes here but " + pool.getSize() + " in the model");
            }
            long chunks = index.u32();
            if (chunks > index.remaining() / PageFile.CHUNK_ENTRY_SIZE) {
                throw index.fail(at, "pool " + key + ": " + chunks + " chunks do not fit the index");
            }
            long[] poolOffsets = new long[(int) chunks];
            long[] fileOffsets = new long[(int) chunks];
            int[] packedLengths = new int[(int) chunks];
            int[] rawLengths = new int[(int) chunks];
            for (int c = 0; c < chunks; c++) {
                long entry = index.position();
                poolOffsets[c] = index.u64();
                fileOffsets[c] = index.u64();
                long packed = index.u32();
                long raw = index.u32();
                boolean ordered = c == 0 || Long.compareUnsigned(poolOffsets[c], poolOffsets[c - 1] + rawLengths[c - 1]) >= 0;
                if (!ordered || poolOffsets[c] < 0 || raw == 0 || raw > chunkSize || poolOffsets[c] > size - raw) {
                    throw index.fail(entry, "pool " + key + " chunk " + c + ": bytes 0x" + Long.toHexString(poolOffsets[c]) + "+"
                            + raw + " out of order or outside the pool");
                }
                if (fileOffsets[c] < PageFile.HEADER_SIZE || packed == 0 || packed > indexOffset
                        || fileOffsets[c] > indexOffset - packed) {
                    throw index.fail(entry, "pool " + key + " chunk " + c + ": data at 0x" + Long.toHexString(fileOffsets[c])
                            + "+" + packed + " outside the chunk area");
                }
                packedLengths[c] = (int) packed;
                rawLengths[c] = (int) raw;
            }
            pool.setSource(new SnapshotByteSource(channel, name, key, size, poolOffsets, fileOffsets, packedLengths, rawLengths));
        }
        if (!pools.isEmpty()) {
            throw new InputFormatException(name, "index", 0, "pools missing from the index: " + pools.keySet());
        }
    }

    static ByteBuffer readAt(FileChannel channel, String name, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                throw new InputFormatException(name, null, position + buffer.position(), "unexpected end of file");
            }
        }
        return buffer.flip().order(ByteOrder.LITTLE_ENDIAN);
    }
}
