package org.gpumem.images;

/** How an image's bytes are stored in its container. */
public enum Compression {
    NONE("none"),
    ZSTD("zstd"),
    ZLIB("zlib"),
    /** The fatbin entry flag 0x2000 of older nvcc releases; recognised, not decoded. */
    NVIDIA_LZ4("lz4 (fatbin flag 0x2000, not supported)");

    private final String displayName;

    Compression(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }
}
