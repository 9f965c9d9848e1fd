package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

/**
 * NVIDIA's and AMD's shipped libraries from the cache releng/fetch-realworld fills (never
 * committed): every one catalogs without a problem, and the compressed images of a sample decode
 * to their declared sizes with their kernels readable. Skipped, saying so, when the cache is
 * absent. releng/realworld compares the same libraries with independent tools.
 */
class RealLibrariesTest {
    private static final Path CACHE = Path.of(System.getProperty("gpumem.realworld",
            System.getenv().getOrDefault("GPUMEM_REALWORLD", System.getProperty("user.home") + "/.cache/gpumem/realworld")));
    /** One image in this many is decompressed; all are catalogued. */
    private static final int SAMPLE = 25;

    private static List<Path> libraries() throws IOException {
        assumeTrue(Files.isDirectory(CACHE), "no real-library cache at " + CACHE + " (fill it with releng/fetch-realworld)");
        try (Stream<Path> s = Files.walk(CACHE)) {
            return s.filter(p -> p.getFileName().toString().contains(".so") && Files.isRegularFile(p)
                    && !Files.isSymbolicLink(p) && size(p) > 100_000).sorted().toList();
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void everyLibraryCatalogsWithoutProblemsAndItsCompressedImagesDecode() throws IOException {
        int compressed = 0;
        int undecodable = 0;
        int libraries = 0;
        for (Path lib : libraries()) {
            Catalog c = new CatalogReader().read(lib);
            assertTrue(c.problems().isEmpty(), lib + ": " + c.problems());
            int n = 0;
            for (DeviceImage i : c.images()) {
                if (i.isCompressed() && n++ % SAMPLE == 0) {
                    try {
                        assertEquals(i.size(), i.payload().remaining(), i.toString());
                        i.kernels();
                        compressed++;
                    } catch (InputFormatException e) {
                        // cuFFT's kind-8 entries: flag 0x10000, payloads that are not the flagged lz4
                        assertEquals(ImageFormat.OTHER, i.format(), e.getMessage());
                        assertTrue(e.getMessage().contains("0x10000 is not documented"), e.getMessage());
                        undecodable++;
                    }
                }
            }
            libraries++;
        }
        assertTrue(libraries >= 20 && compressed > 500, libraries + " libraries, " + compressed + " compressed images decoded, "
                + undecodable + " with the undocumented flag");
    }
}
