package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The nvcc fixtures: every fatbin entry listed right, cubins extracted byte-identical to nvcc --keep, PTX with the same entries. */
class CudaFatbinTest {
    private static final Pattern KEPT_CUBIN = Pattern.compile(".*\\.compute_(\\d+a?)\\.cubin");

    private static byte[] array(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuda_O", "cuda_G", "cuda_arch", "kern_rdc.o"})
    void cubinsAreByteIdenticalToTheKeptOnes(String fixture) throws IOException {
        Catalog c = Fixtures.read(fixture);
        List<Path> kept;
        try (Stream<Path> s = Files.list(Fixtures.keepDir(fixture))) {
            kept = s.filter(p -> p.toString().endsWith(".cubin")).sorted().toList();
        }
        Set<Path> matched = new HashSet<>();
        List<DeviceImage> cubins = c.images().stream().filter(i -> i.format() == ImageFormat.CUBIN).toList();
        assertEquals(kept.size(), cubins.size(), "one fatbin cubin per kept cubin");
        for (DeviceImage image : cubins) {
            byte[] extracted = array(ImageExtractor.bytes(image));
            assertEquals(image.size(), extracted.length);
            Path same = null;
            for (Path k : kept) {
                if (!matched.contains(k) && java.util.Arrays.equals(Files.readAllBytes(k), extracted)) {
                    same = k;
                    break;
                }
            }
            assertNotNull(same, image + " equals no kept cubin");
            matched.add(same);
            Matcher m = KEPT_CUBIN.matcher(same.getFileName().toString());
            assertTrue(m.matches());
            assertEquals(NvidiaTarget.parse("sm_" + m.group(1)), image.target(), "arch of " + same);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuda_O", "cuda_G", "cuda_arch", "kern_rdc.o"})
    void embeddedPtxDefinesTheKeptEntries(String fixture) throws IOException {
        Catalog c = Fixtures.read(fixture);
        List<DeviceImage> ptx = c.images().stream().filter(i -> i.format() == ImageFormat.PTX).toList();
        assertEquals(1, ptx.size());
        DeviceImage image = ptx.get(0);
        NvidiaTarget t = (NvidiaTarget) image.target();
        String keptText = Files.readString(Fixtures.keepDir(fixture).resolve("kern." + t.computeName() + ".ptx"));
        String extracted = StandardCharsets.UTF_8.decode(ImageExtractor.bytes(image)).toString();
        assertEquals(Fixtures.entryNames(keptText), Fixtures.entryNames(extracted));
        assertEquals(Fixtures.entryNames(keptText), Fixtures.kernelNames(image));
        assertEquals(new TreeSet<>(Fixtures.lines("expected/cuda-entries.txt")), Fixtures.kernelNames(image));
        Matcher version = Pattern.compile("\\.version (\\d+\\.\\d+)").matcher(keptText);
        assertTrue(version.find());
        assertEquals(version.group(1), image.formatVersion());
        assertEquals(Compression.ZSTD, image.compression(), "nvcc 13 compresses embedded PTX");
        assertEquals(image.size(), image.payload().remaining());
        assertTrue(image.storedSize() < image.size());
    }

    @Test
    void cudaOListsTwoContainersWithTheirEntries() throws IOException {
        Catalog c = Fixtures.read("cuda_O");
        assertEquals(2, c.containers().size());
        for (Container k : c.containers()) {
            assertEquals(Container.Kind.CUDA_FATBIN, k.kind());
            assertEquals(".nv_fatbin", k.origin().section());
        }
        List<String> described = new ArrayList<>();
        for (DeviceImage i : c.images()) {
            described.add(i.format() + " " + i.suggestedFileName() + " " + i.compression());
            assertFalse(i.hasDebugInfo());
            assertNull(i.sourceName());
        }
        assertEquals(List.of("CUBIN sm_75.cubin NONE", "CUBIN sm_86.cubin NONE", "CUBIN sm_75.cubin NONE",
                "CUBIN sm_86.cubin NONE", "PTX compute_80.ptx ZSTD"), described);
        Path keep = Fixtures.keepDir("cuda_O");
        List<DeviceImage> second = c.containers().get(1).images();
        assertEquals(Files.size(keep.resolve("kern.compute_75.cubin")), second.get(0).size());
        assertEquals(Files.size(keep.resolve("kern.compute_86.cubin")), second.get(1).size());
        assertEquals(Files.size(keep.resolve("cuda_O_dlink.compute_75.cubin")), c.containers().get(0).images().get(0).size());
        assertEquals(new TreeSet<>(Fixtures.lines("expected/cuda-entries.txt")), Fixtures.kernelNames(second.get(0)));
    }

    @Test
    void kernelIndexSaysWhereEachKernelIs() throws IOException {
        Catalog c = Fixtures.read("cuda_O");
        var index = c.kernels();
        assertEquals(new TreeSet<>(Fixtures.lines("expected/cuda-entries.txt")),
                new TreeSet<>(index.keySet().stream().map(Kernel::name).toList()));
        for (var e : index.entrySet()) {
            List<String> where = e.getValue().stream().map(DeviceImage::suggestedFileName).toList();
            assertEquals(List.of("sm_75.cubin", "sm_86.cubin", "compute_80.ptx"), where, e.getKey().name());
        }
        assertEquals(3, c.imagesDefining("tile_sum(float const*, float*)").size());
    }

    @Test
    void standaloneFatbinFileFromNvccKeep() throws IOException {
        Catalog kept = Fixtures.read("keep/O/kern.fatbin");
        assertEquals("CUDA fatbin", kept.fileKind());
        List<DeviceImage> embedded = Fixtures.read("cuda_O").containers().get(1).images();
        assertEquals(embedded.size(), kept.images().size());
        for (int i = 0; i < embedded.size(); i++) {
            assertEquals(embedded.get(i).describe(), kept.images().get(i).describe());
            assertArrayEquals(array(embedded.get(i).payload()), array(kept.images().get(i).payload()));
        }
    }

    @Test
    void debugBuildIsCompressedAndFlagged() throws IOException {
        Catalog c = Fixtures.read("cuda_G");
        for (DeviceImage i : c.images()) {
            assertTrue(i.hasDebugInfo(), i.toString());
            assertEquals(Compression.ZSTD, i.compression(), i.toString());
            assertEquals("kern.cu", i.sourceName());
        }
        DeviceImage ptx = c.images().stream().filter(i -> i.format() == ImageFormat.PTX).findFirst().orElseThrow();
        assertNotNull(ptx.ptxasOptions());
        assertTrue(List.of(ptx.ptxasOptions().split(" ")).contains("-g"), ptx.ptxasOptions());
    }

    @Test
    void fileOffsetsPointAtTheStoredBytes() throws IOException {
        byte[] file = Fixtures.bytes("cuda_O");
        for (DeviceImage i : Fixtures.read("cuda_O").images()) {
            if (i.format() == ImageFormat.CUBIN) {
                byte[] stored = java.util.Arrays.copyOfRange(file, (int) i.origin().fileOffset(), (int) (i.origin().fileOffset() + i.size()));
                assertArrayEquals(array(i.payload()), stored);
            }
        }
    }

    @Test
    void rdcObjectUsesRelfatbin() throws IOException {
        Catalog c = Fixtures.read("kern_rdc.o");
        assertEquals("__nv_relfatbin", c.containers().get(0).origin().section());
        assertTrue(c.fileKind().contains("relocatable"));
    }

    @Test
    void archSpecificCubinIsRecognisedInFatbinAndStandalone() throws IOException {
        DeviceImage inFatbin = Fixtures.read("cuda_arch").containers().get(1).images().get(0);
        assertEquals(NvidiaTarget.parse("sm_90a"), inFatbin.target());
        DeviceImage standalone = Fixtures.read("keep/arch/kern.compute_90a.cubin").images().get(0);
        assertEquals(NvidiaTarget.parse("sm_90a"), standalone.target());
        DeviceImage plain = Fixtures.read("keep/arch/kern.compute_80.cubin").images().get(0);
        assertEquals(NvidiaTarget.parse("sm_80"), plain.target());
    }

    @Test
    void standaloneCubinAndPtx() throws IOException {
        Catalog cubin = Fixtures.read("keep/G/kern.compute_86.cubin");
        assertEquals(Container.Kind.SINGLE_IMAGE, cubin.containers().get(0).kind());
        DeviceImage image = cubin.images().get(0);
        assertEquals(ImageFormat.CUBIN, image.format());
        assertEquals(NvidiaTarget.parse("sm_86"), image.target());
        assertTrue(image.hasDebugInfo());
        assertEquals(new TreeSet<>(Fixtures.lines("expected/cuda-entries.txt")), Fixtures.kernelNames(image));

        DeviceImage ptx = Fixtures.read("keep/O/kern.compute_80.ptx").images().get(0);
        assertEquals(ImageFormat.PTX, ptx.format());
        assertEquals(NvidiaTarget.parse("compute_80"), ptx.target());
        assertFalse(ptx.hasDebugInfo());
        assertTrue(Fixtures.read("keep/G/kern.compute_80.ptx").images().get(0).hasDebugInfo());
    }

    @Test
    void extractionNamesFilesAfterKindAndArch(@TempDir Path dir) throws IOException {
        Catalog c = Fixtures.read("cuda_O");
        var written = ImageExtractor.extractAll(c, dir);
        List<String> names = written.values().stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("sm_75.cubin", "sm_86.cubin", "sm_75.2.cubin", "sm_86.2.cubin", "compute_80.ptx"), names);
        assertArrayEquals(Files.readAllBytes(Fixtures.keepDir("cuda_O").resolve("kern.compute_86.cubin")),
                Files.readAllBytes(dir.resolve("sm_86.2.cubin")));
    }
}
