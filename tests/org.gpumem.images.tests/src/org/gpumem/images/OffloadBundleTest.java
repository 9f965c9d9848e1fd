package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The clang HIP fixtures against clang-offload-bundler's own listing and unbundled code objects. */
class OffloadBundleTest {

    private static byte[] array(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"hip_app", "hip_app_z", "hip_v2.o", "hkern.hipfb"})
    void entriesMatchTheBundlersListAndBytes(String fixture) throws IOException {
        Catalog c = Fixtures.read(fixture);
        List<String> expectedIds = new ArrayList<>();
        for (String id : Fixtures.lines("bundles/" + fixture + ".txt")) {
            if (!id.startsWith("host-")) {
                expectedIds.add(id);
            }
        }
        List<String> ids = new ArrayList<>();
        for (DeviceImage i : c.images()) {
            ids.add(i.bundleEntryId());
            assertEquals(ImageFormat.AMDGPU_CODE_OBJECT, i.format());
            byte[] unbundled = Files.readAllBytes(Fixtures.path("unbundled/" + fixture + "/" + i.bundleEntryId().replace(':', '_') + ".hsaco"));
            assertArrayEquals(unbundled, array(ImageExtractor.bytes(i)), i.toString());
            assertEquals(unbundled.length, i.size());
            assertEquals(new TreeSet<>(Fixtures.lines("expected/hip-kernels.txt")), Fixtures.kernelNames(i));
            assertFalse(i.hasDebugInfo());
            String tail = i.bundleEntryId().substring(i.bundleEntryId().lastIndexOf("--") + 2);
            assertEquals(tail, i.target().name(), "target id of " + i.bundleEntryId());
        }
        assertEquals(new TreeSet<>(expectedIds), new TreeSet<>(ids));
    }

    @Test
    void codeObjectBuiltWithDashGHasDebugInfo() throws IOException {
        List<DeviceImage> images = Fixtures.read("hkern_g.hipfb").images();
        assertEquals(1, images.size());
        assertTrue(images.get(0).hasDebugInfo());
        assertEquals(new TreeSet<>(Fixtures.lines("expected/hip-kernels.txt")), Fixtures.kernelNames(images.get(0)));
    }

    @Test
    void compressedBundleVersions() throws IOException {
        Container v3 = Fixtures.read("hip_app_z").containers().get(0);
        assertEquals(Container.Kind.COMPRESSED_OFFLOAD_BUNDLE, v3.kind());
        assertEquals("3", v3.version());
        assertEquals(Compression.ZSTD, v3.compression());
        Container v2 = Fixtures.read("hip_v2.o").containers().get(0);
        assertEquals("2", v2.version());
        assertEquals(".hip_fatbin", v2.origin().section());
        Container plain = Fixtures.read("hip_app").containers().get(0);
        assertEquals(Container.Kind.OFFLOAD_BUNDLE, plain.kind());
        assertNull(plain.version());
    }

    @Test
    void imagesInsideCompressedBundleHaveNoFileOffset() throws IOException {
        for (DeviceImage i : Fixtures.read("hip_app_z").images()) {
            assertEquals(-1, i.origin().fileOffset());
            assertTrue(i.origin().path().contains("CCOB v3"));
        }
        byte[] file = Fixtures.bytes("hip_app");
        for (DeviceImage i : Fixtures.read("hip_app").images()) {
            byte[] at = java.util.Arrays.copyOfRange(file, (int) i.origin().fileOffset(), (int) (i.origin().fileOffset() + i.size()));
            assertArrayEquals(array(i.payload()), at);
        }
    }

    @Test
    void standaloneCodeObjectTakesTargetFromItsMetadata() throws IOException {
        for (String fixture : Fixtures.HIP) {
            try (var files = Files.list(Fixtures.path("unbundled/" + fixture))) {
                for (var f : files.toList()) {
                    DeviceImage i = new CatalogReader().read(f).images().get(0);
                    assertEquals(ImageFormat.AMDGPU_CODE_OBJECT, i.format());
                    String id = f.getFileName().toString().replace(".hsaco", "").replace('_', ':');
                    assertEquals(id.substring(id.lastIndexOf("--") + 2), i.target().name());
                }
            }
        }
    }
}
