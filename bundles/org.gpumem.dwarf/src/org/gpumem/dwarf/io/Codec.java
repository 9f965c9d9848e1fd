package org.gpumem.dwarf.io;

/** A compression format gpumem inflates: ELF SHF_COMPRESSED sections, fatbin entries, offload bundles. */
public enum Codec {
    /** zlib (RFC 1950), as in ELFCOMPRESS_ZLIB and CCOB method 0. */
    ZLIB("zlib"),
    /** Zstandard frames (ELFCOMPRESS_ZSTD, fatbin flag 0x8000, CCOB method 1). */
    ZSTD("zstd"),
    /** A raw LZ4 block without frame (fatbin flag 0x2000 of CUDA 12.x and older). */
    LZ4("lz4");

    private final String displayName;

    Codec(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }
}
