package org.gpumem.model.snapshot;

import java.nio.charset.StandardCharsets;

/**
 * Layout of a snapshot's page file ({@code NAME.gpumem.pages}), little-endian:
 *
 * <pre>
 *   header   "GPUMEMPG"  u32 version (1)  u32 chunk size
 *   chunks   zstd frames, each the compressed bytes of one chunk of one pool
 *   index    u32 pool count, then per pool:
 *              u32 key length, key (UTF-8), u64 pool size, u32 chunk count,
 *              per chunk: u64 pool offset, u64 file offset, u32 compressed length, u32 raw length
 *   trailer  u64 index offset  "GPUMEMIX"
 * </pre>
 *
 * Only chunks holding a non-zero byte are stored; everything else of a pool reads as zero.
 * Chunks are independent, so a reader decompresses only the chunks a view asks for.
 */
final class PageFile {

    static final byte[] MAGIC = "GPUMEMPG".getBytes(StandardCharsets.US_ASCII);
    static final byte[] INDEX_MAGIC = "GPUMEMIX".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int HEADER_SIZE = 16;
    static final int TRAILER_SIZE = 16;
    static final int CHUNK_ENTRY_SIZE = 24;
    /** Default chunk size: 64 KiB. */
    static final int CHUNK_SIZE = 64 * 1024;
    /** Largest chunk a reader accepts, so a hostile header cannot make it allocate more. */
    static final int MAX_CHUNK_SIZE = 16 * 1024 * 1024;
    static final String SUFFIX = ".pages";

    private PageFile() {
    }
}
