package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.Kernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs of issue 36 through the CLI, in this JVM of -Xmx512m (the IDE's heap is not the
 * command line's -Xmx4g): what each one gives now, and that the committed files are the ones
 * {@link HostileInputs} makes.
 */
class HostileInputsTest {
    @TempDir
    Path dir;

    private static byte[] finding(String name) throws IOException, URISyntaxException {
        return Files.readAllBytes(Path.of(HostileInputsTest.class.getResource("findings/" + name).toURI()));
    }

    private Path file(String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    @Test
    void theCommittedInputsAreTheOnesTheScriptMakes() throws IOException, URISyntaxException {
        for (Map.Entry<String, byte[]> e : HostileInputs.all().entrySet()) {
            assertArrayEquals(e.getValue(), finding(e.getKey()), e.getKey() + " differs from what releng/fuzz --hostile-inputs makes");
        }
    }

    /** A bomb inflates to its declared size within the budget of this heap and lists the kernels of the image inside. */
    @Test
    void bombsWithinTheBudgetOfThisHeapAreReadToTheEnd() throws IOException, URISyntaxException {
        assertTrue(Runtime.getRuntime().maxMemory() <= 512L << 20, "this test runs at -Xmx512m");
        Path fixtures = SeedCorpus.fixtures();
        List<String> bundleKernels = kernels(new CatalogReader().read(fixtures.resolve("images/hkern.hipfb")));
        List<String> cubinKernels = kernels(new CatalogReader().read(fixtures.resolve("images/keep/G/kern.compute_75.cubin")));
        for (String bomb : List.of("offload-bundle/issue36-bomb-250mb", "offload-bundle/issue36-bomb-100mb", "fatbin/issue36-bomb-150mb")) {
            Path f = file(bomb.substring(bomb.indexOf('/') + 1), finding(bomb));
            Catalog c = new CatalogReader().read(f);
            assertEquals(bomb.contains("bundle") ? bundleKernels : cubinKernels, kernels(c), bomb);
            long size = c.images().stream().mapToLong(DeviceImage::size).max().orElseThrow();
            assertTrue(size > 90_000_000, bomb + ": largest image " + size);
        }
        CliMessages.Outcome r = CliMessages.run(new String[] {"images", "--kernels", file("b.hipfb", finding("offload-bundle/issue36-bomb-250mb"))
                .toString()});
        assertEquals(0, r.status(), r.err());
        for (String k : bundleKernels) {
            assertTrue(r.out().contains(k), k + " not listed:\n" + r.out());
        }
    }

    private static List<String> kernels(Catalog c) {
        return c.images().stream().flatMap(i -> i.kernels().stream()).map(Kernel::name).distinct().sorted().toList();
    }

    @Test
    void corruptFramesAndReferencesAreOneLineInTheInputsTerms() throws IOException, URISyntaxException {
        Path elf = file("z.o", finding("elf/issue36-zstd-content-size-overflow"));
        assertOneLine(new String[] {"dwarf", elf.toString()}, "gpumem dwarf: " + elf + ": .debug_",
                ": compressed section: zstd frame 1 at +0x0 states 1099511627776 bytes of content more than the declared ");
        Path host = file("h.o", finding("elf/issue36-debug-ptx-bomb-250mb"));
        // the PTX text is a second copy of the inflated entry: it is charged to the budget too
        assertOneLine(new String[] {"dwarf", host.toString()}, "gpumem dwarf: " + host + ": ",
                ": offset 0x0: its PTX, read as text, declares 250000000 bytes after decompression; the file's decompression "
                        + "budget of " + DecompressionBudget.defaultBytes() + " bytes has " + (DecompressionBudget.defaultBytes() - 250_000_000)
                        + " left");
        Path fatbin = file("t.fatbin", finding("fatbin/issue36-zstd-table-index"));
        assertOneLine(new String[] {"images", "--kernels", fatbin.toString()}, "gpumem images: " + fatbin + ": offset 0x",
                ": fatbin entry: zstd frame 1 at +0x0 does not decode: its blocks' literals or sequences are corrupt");
        Path chunk = dir.resolve("c.gpumem");
        SnapshotTarget.files(finding("snapshot/issue36-chunk-table-index")).write(chunk);
        assertOneLine(new String[] {"snapshot", chunk.toString(), "--dump", "global:0"}, "gpumem snapshot: " + chunk + ".pages: offset 0x10: ",
                "pool 5eed5eed-p0 chunk 0: zstd frame 1 at +0x0 does not decode: its blocks' literals or sequences are corrupt");
        Path reference = dir.resolve("r.gpumem");
        SnapshotTarget.files(finding("snapshot/issue36-reference-index-minus-one")).write(reference);
        assertOneLine(new String[] {"snapshot", reference.toString()}, "gpumem snapshot: " + reference
                + ": not a gpumem snapshot model: XMI line ", ": reference '//@target/@addressSpaces.-1' of 'defaultSpace' in a Target "
                        + "names no element of the snapshot");
        // the IDE shows InputFiles.userMessage of what the catalog throws: the line the CLI printed
        InputFormatException e = assertThrows(InputFormatException.class, () -> new CatalogReader().read(fatbin).images().get(0).payload());
        assertEquals(CliMessages.run(new String[] {"images", "--kernels", fatbin.toString()}).err().strip(),
                "gpumem images: " + InputFiles.userMessage(e));
    }

    private static void assertOneLine(String[] args, String start, String part) {
        CliMessages.Outcome r = CliMessages.run(args);
        String line = r.err().strip();
        assertEquals(1, r.status(), line);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith(start) && line.contains(part), line);
    }
}
