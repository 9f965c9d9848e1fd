package org.gpumem.images;

import java.util.List;
import java.util.function.Supplier;

/**
 * A container of device images in a file: a CUDA fatbin, a clang offload bundle (plain or
 * compressed), or the file itself when it is a single image (a cubin, a PTX file...).
 */
public final class Container {

    public enum Kind {
        /** A CUDA fatbin (magic 0xBA55ED50) in {@code .nv_fatbin}, {@code __nv_relfatbin} or a .fatbin file. */
        CUDA_FATBIN("CUDA fatbin"),
        /** A {@code __CLANG_OFFLOAD_BUNDLE__}. */
        OFFLOAD_BUNDLE("clang offload bundle"),
        /** A compressed offload bundle ("CCOB"); its images appear once it is decompressed. */
        COMPRESSED_OFFLOAD_BUNDLE("compressed clang offload bundle"),
        /** The file is itself one image. */
        SINGLE_IMAGE("single image");

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

    Container(Kind kind, Origin origin, long size, String version, Compression compression,
            Supplier<List<DeviceImage>> reader) {
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
     * The images in the container. Headers are read when the catalog is built; a compressed
     * offload bundle is decompressed (bounded) on the first call.
     */
    public List<DeviceImage> images() {
        List<DeviceImage> i = images;
        if (i == null) {
            i = List.copyOf(reader.get());
            images = i;
        }
        return i;
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
