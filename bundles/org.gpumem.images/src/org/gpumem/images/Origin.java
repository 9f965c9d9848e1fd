package org.gpumem.images;

/**
 * Where an image's bytes are.
 *
 * @param file        the file as the caller named it
 * @param section     the ELF section holding the container ({@code .nv_fatbin}, {@code .hip_fatbin}...),
 *                    or null when the container is the file itself
 * @param offset      offset of the image's stored bytes: in {@code section} (or the file); for an
 *                    image inside a compressed bundle, in the decompressed bundle (see {@code path})
 * @param fileOffset  offset of the stored bytes in the file, or -1 when they exist only after
 *                    decompressing an enclosing container
 * @param path        the nesting, outermost first, e.g. {@code fatbin 2 / entry 3} or
 *                    {@code CCOB v3 (zstd) / bundle entry 1}
 */
public record Origin(String file, String section, long offset, long fileOffset, String path) {

    /** One line: {@code app: .nv_fatbin+0x5a0 (fatbin 2 / entry 1)}. */
    public String describe() {
        String where = section != null ? section + "+0x" + Long.toHexString(offset) : "offset 0x" + Long.toHexString(offset);
        return file + ": " + where + (path.isEmpty() ? "" : " (" + path + ")");
    }
}
