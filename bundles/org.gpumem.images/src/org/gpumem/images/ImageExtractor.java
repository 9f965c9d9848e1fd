package org.gpumem.images;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes images to files named after their kind and architecture ({@code sm_86.cubin},
 * {@code compute_80.ptx}, {@code gfx90a.hsaco}); a name already taken gets a counter before the
 * extension ({@code sm_75.2.cubin}). Each image's payload is written byte for byte as its
 * container stores it (decompressed), the NUL that ends embedded PTX included.
 */
public final class ImageExtractor {

    private ImageExtractor() {
    }

    /** Writes every image of {@code catalog} into {@code dir} (created if missing); returns file per image, in order. */
    public static Map<DeviceImage, Path> extractAll(Catalog catalog, Path dir) throws IOException {
        return extract(catalog.images(), dir);
    }

    public static Map<DeviceImage, Path> extract(List<DeviceImage> images, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> names = fileNames(images);
        Map<DeviceImage, Path> written = new LinkedHashMap<>();
        for (int i = 0; i < images.size(); i++) {
            Path file = dir.resolve(names.get(i));
            write(images.get(i), file);
            written.put(images.get(i), file);
        }
        return written;
    }

    /** Writes one image's bytes (decompressed) to {@code file}. */
    public static void write(DeviceImage image, Path file) throws IOException {
        ByteBuffer b = bytes(image);
        try (OutputStream out = Files.newOutputStream(file); WritableByteChannel ch = Channels.newChannel(out)) {
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
    }

    /** The bytes {@link #write} writes: the payload. */
    public static ByteBuffer bytes(DeviceImage image) {
        return image.payload();
    }

    /** Names of the files {@link #extract} would write, in order (for previews). */
    public static List<String> fileNames(List<DeviceImage> images) {
        Set<String> taken = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (DeviceImage image : images) {
            String suggested = image.suggestedFileName();
            int dot = suggested.lastIndexOf('.');
            String name = suggested;
            for (int n = 2; !taken.add(name); n++) {
                name = suggested.substring(0, dot) + "." + n + suggested.substring(dot);
            }
            names.add(name);
        }
        return names;
    }
}
