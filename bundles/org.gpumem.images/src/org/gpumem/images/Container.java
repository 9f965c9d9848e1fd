package org.gpumem.images;

import java.util.List;
import java.util.function.Supplier;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A container of device images in a file: a CUDA fatbin, a clang offload bundle (plain or
 * compressed), or the file itself when it is a single image (a cubin, a PTX file...).
 */
public final class Container {

    public enum Kind {
        /**
         * A CUDA fatbin (magic 0xBA55ED50) in {@code .nv_fatbin}, {@code __nv_relfatbin}, a .fatbin
         * file, or found by scanning another allocated section ({@code .ldata}, {@code .rodata}).
         */
        CUDA_FATBIN("CUDA fatbin"),
        /** A {@code __CLANG_OFFLOAD_BUNDLE__}. */
        OFFLOAD_BUNDLE("clang offload bundle"),
        /** A compressed offload bundle ("CCOB"); its images appear once it is decompressed. */
        COMPRESSED_OFFLOAD_BUNDLE("compressed clang offload bundle"),
        /** The file is itself one image. */
        SINGLE_IMAGE("single image"),
        /** A cubin or AMDGPU code object stored as a plain ELF inside a host section, outside any container. */
        EMBEDDED_IMAGE("embedded ELF image");

        private final String displayName;

        Kind(String displayName) {
            this.displayName = displayName;
        }

        public String displayName() {
            return displayName;
        }
    }

    private final Kind kind;
    private final Origin origin;
    private final long size;
    private final String version;
    private final Compression compression;
    private final Supplier<List<DeviceImage>> reader;
    private volatile List<DeviceImage> images;
    private volatile InputFormatException problem;

    Container(Kind kind, Origin origin, long size, String version, Compression compression,
            Supplier<List<DeviceImage>> reader) {
        this(kind, origin, size, version, compression, reader, null);
    }

    /** @param problem why the container could not be read (wholly or from some entry on), or null */
    Container(Kind kind, Origin origin, long size, String version, Compression compression,
            Supplier<List<DeviceImage>> reader, InputFormatException problem) {
        this.problem = problem;
        this.kind = kind;
        this.origin = origin;
        this.size = size;
        this.version = version;
        this.compression = compression;
        this.reader = reader;
    }

    public Kind kind() {
        return kind;
    }

    /** Where the container starts. */
    public Origin origin() {
        return origin;
    }

    /** Bytes the container occupies (header included). */
    public long size() {
        return size;
    }

    /** The container format version (fatbin 1, CCOB 2 or 3); null when the format has none. */
    public String version() {
        return version;
    }

    /** Compression of the container as a whole (compressed offload bundles), else NONE. */
    public Compression compression() {
        return compression;
    }

    /**
     * The images in the container that could be read. Headers are read when the catalog is built;
     * a compressed offload bundle is decompressed (bounded) on the first call, and when that
     * fails the list is empty and {@link #problem()} says why.
     */
    public List<DeviceImage> images() {
        List<DeviceImage> i = images;
        if (i == null) {
            synchronized (this) {
                i = images;
                if (i == null) {
                    try {
                        i = List.copyOf(reader.get());
                    } catch (InputFormatException e) {
                        problem = e;
                        i = List.of();
                    }
                    images = i;
                }
            }
        }
        return i;
    }

    /**
     * Why the container, or its entries from some point on, could not be read (the images before
     * that point are still listed); null when it was read whole. For a compressed bundle this is
     * known once {@link #images()} was called.
     */
    public InputFormatException problem() {
        images();
        return problem;
    }

    public String describe() {
        return kind.displayName() + (version != null ? " v" + version : "") + ", " + size + " bytes at "
                + origin.describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
