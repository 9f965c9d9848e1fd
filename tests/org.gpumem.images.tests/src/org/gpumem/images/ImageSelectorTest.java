package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The selection rules, on the real fixtures where they contain the case and on images made up
 * here where they do not (two cubins of one major version, code objects differing only in features).
 */
class ImageSelectorTest {

    /** What a device gets from the main fatbin (the kernels' module) of a fixture, as kind:arch, or "none". */
    private static String chosen(String fixture, String device) throws IOException {
        Catalog c = Fixtures.read(fixture);
        Container main = c.containers().get(c.containers().size() - 1);
        return ImageSelector.select(main, GpuTarget.parse(device)).chosen()
                .map(i -> i.format() + ":" + i.suggestedFileName()).orElse("none");
    }

    @ParameterizedTest(name = "{0} on {1} -> {2}")
    @CsvSource({
        // same major, minor <= device: the cubin runs natively
        "cuda_O, sm_86, CUBIN:sm_86.cubin",
        "cuda_O, sm_89, CUBIN:sm_86.cubin",
        "cuda_O, sm_75, CUBIN:sm_75.cubin",
        "cuda_O, 7.7, CUBIN:sm_75.cubin",
        // no cubin of the device's major with minor <= device: highest PTX <= device
        "cuda_O, sm_80, PTX:compute_80.ptx",
        "cuda_O, sm_90, PTX:compute_80.ptx",
        "cuda_O, sm_120, PTX:compute_80.ptx",
        "kern_rdc.o, sm_100, PTX:compute_80.ptx",
        // a cubin of another major never runs, and PTX newer than the device never runs
        "cuda_O, sm_70, none",
        "cuda_O, 6.1, none",
        // an arch-specific cubin only on exactly its capability
        "cuda_arch, sm_90, CUBIN:sm_90a.cubin",
        "cuda_arch, sm_90a, CUBIN:sm_90a.cubin",
        "cuda_arch, 10.0, PTX:compute_90.ptx",
        "cuda_arch, sm_86, CUBIN:sm_80.cubin",
        "cuda_arch, sm_75, none",
        // AMDGPU: processor and features
        "hip_app, gfx90a, AMDGPU_CODE_OBJECT:gfx90a.hsaco",
        "hip_app, gfx90a:xnack+, AMDGPU_CODE_OBJECT:gfx90a.hsaco",
        "hip_app, gfx90a:sramecc-:xnack-, AMDGPU_CODE_OBJECT:gfx90a.hsaco",
        "hip_app, gfx1100, AMDGPU_CODE_OBJECT:gfx1100.hsaco",
        "hip_app, gfx906, none",
        "hip_app_z, gfx90a:xnack+, AMDGPU_CODE_OBJECT:gfx90a_xnack+.hsaco",
        "hip_app_z, gfx90a, AMDGPU_CODE_OBJECT:gfx90a_xnack+.hsaco",
        "hip_app_z, gfx90a:xnack-, none",
        "hip_v2.o, gfx90a:sramecc+:xnack-, AMDGPU_CODE_OBJECT:gfx90a_sramecc+_xnack-.hsaco",
        "hip_v2.o, gfx90a:xnack-, AMDGPU_CODE_OBJECT:gfx90a_sramecc+_xnack-.hsaco",
        "hip_v2.o, gfx90a:sramecc-, none",
        "hip_v2.o, gfx90a:xnack+, none",
    })
    void onFixtures(String fixture, String device, String expected) throws IOException {
        assertEquals(expected, chosen(fixture, device));
    }

    @Test
    void noMatchListsWhatTheFileContains() throws IOException {
        Catalog c = Fixtures.read("cuda_O");
        Selection s = ImageSelector.select(c.containers().get(1), GpuTarget.parse("sm_70"));
        assertFalse(s.chosen().isPresent());
        for (DeviceImage i : c.containers().get(1).images()) {
            assertTrue(s.explanation().contains(i.describe()), s.explanation());
        }
        for (Selection.Verdict v : s.verdicts()) {
            assertFalse(v.usable());
            assertFalse(v.reason().isEmpty());
        }
    }

    @Test
    void explanationSaysWhy() throws IOException {
        Catalog c = Fixtures.read("cuda_O");
        Selection s = ImageSelector.select(c.containers().get(1), GpuTarget.parse("sm_89"));
        assertTrue(s.explanation().contains("minor 6 <= 9"), s.explanation());
        Selection ptx = ImageSelector.select(c.containers().get(1), GpuTarget.parse("sm_90"));
        assertTrue(ptx.explanation().contains("JIT"), ptx.explanation());
    }

    @Test
    void oneSelectionPerModule() throws IOException {
        List<Selection> s = ImageSelector.select(Fixtures.read("cuda_O"), GpuTarget.parse("sm_86"));
        assertEquals(2, s.size());
        assertTrue(s.stream().allMatch(x -> x.chosen().isPresent()));
    }

    private static DeviceImage made(ImageFormat format, String target) {
        return new DeviceImage(format, GpuTarget.parse(target), null, 1, 1, Compression.NONE, false,
                new Origin("made-up", null, 0, 0, target), null, null, null, () -> ByteBuffer.allocate(1), i -> List.of());
    }

    private static String pick(String device, String... images) {
        List<DeviceImage> list = new ArrayList<>();
        for (String i : images) {
            String[] kt = i.split(" ");
            list.add(made(ImageFormat.valueOf(kt[0]), kt[1]));
        }
        return ImageSelector.select("made-up", list, GpuTarget.parse(device)).chosen().map(DeviceImage::suggestedFileName).orElse("none");
    }

    @Test
    void closestCubinOfTheSameMajorFirst() {
        assertEquals("sm_86.cubin", pick("sm_89", "CUBIN sm_80", "CUBIN sm_86", "PTX compute_89"));
        assertEquals("sm_80.cubin", pick("sm_80", "CUBIN sm_86", "CUBIN sm_80"));
        assertEquals("sm_90a.cubin", pick("sm_90", "CUBIN sm_90", "CUBIN sm_90a"));
        assertEquals("sm_90.cubin", pick("sm_90", "CUBIN sm_90", "CUBIN sm_100a"));
    }

    @Test
    void highestPtxNotNewerThanTheDevice() {
        assertEquals("compute_86.ptx", pick("sm_89", "PTX compute_70", "PTX compute_86", "PTX compute_90"));
        assertEquals("none", pick("sm_60", "PTX compute_70", "PTX compute_86"));
        assertEquals("compute_90.ptx", pick("sm_100", "PTX compute_90a", "PTX compute_90"));
        assertEquals("compute_90a.ptx", pick("sm_90", "PTX compute_90a", "PTX compute_80"));
    }

    @Test
    void exactAmdgpuFeaturesBeatAny() {
        assertEquals("gfx90a_xnack+.hsaco", pick("gfx90a:xnack+", "AMDGPU_CODE_OBJECT gfx90a", "AMDGPU_CODE_OBJECT gfx90a:xnack+"));
        assertEquals("gfx90a.hsaco", pick("gfx90a:xnack-", "AMDGPU_CODE_OBJECT gfx90a:xnack+", "AMDGPU_CODE_OBJECT gfx90a"));
        assertEquals("none", pick("gfx942", "AMDGPU_CODE_OBJECT gfx90a", "CUBIN sm_90"));
    }

    @Test
    void nvidiaCodeIsNotForAmdDevicesAndTheReverse() {
        assertEquals("none", pick("sm_86", "AMDGPU_CODE_OBJECT gfx90a"));
        assertEquals("none", pick("gfx90a", "CUBIN sm_86", "PTX compute_80"));
    }
}
