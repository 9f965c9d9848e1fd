package org.gpumem.images;

import org.gpumem.dwarf.io.Codec;

/** How an image's (or a bundle's) bytes are stored in its container. */
public enum Compression {
    NONE("none", null),
    ZSTD("zstd", Codec.ZSTD),
    ZLIB("zlib", Codec.ZLIB),
    /** A raw LZ4 block: fatbin entry flag 0x2000 (CUDA 12.x and older). */
    LZ4("lz4", Codec.LZ4);

    private final String displayName;
    private final Codec codec;

    Compression(String displayName, Codec codec) {
        this.displayName = displayName;
        this.codec = codec;
    }

    public String displayName() {
        return displayName;
    }

    /** The codec that inflates it; null for NONE. */
    public Codec codec() {
        return codec;
    }
}
