package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImagesCommandTest {
    private static final Path FIXTURES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("images");

    private static String fixture(String name) {
        return FIXTURES.resolve(name).toString();
    }

    @Test
    void listsContainersImagesAndKernels() {
        CliRun r = run("images", fixture("cuda_G"), "--kernels");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("CUDA fatbin v1"), r.out());
        assertTrue(r.out().contains("PTX compute_80"), r.out());
        assertTrue(r.out().contains("options: -g"), r.out());
        assertTrue(r.out().contains("void demo::scale<float>(float*, float, int)  [_ZN4demo5scaleIfEEvPT_S1_i]"), r.out());
        assertTrue(r.out().contains("debug info"), r.out());
    }

    @Test
    void jsonIsOneDocumentWithEveryImage() {
        CliRun r = run("images", fixture("hip_app_z"), "--json", "--kernels", "--select", "gfx90a:xnack+");
        assertEquals(0, r.status(), r.err());
        JsonObject root = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonArray containers = root.getAsJsonArray("containers");
        assertEquals(1, containers.size());
        JsonObject c = containers.get(0).getAsJsonObject();
        assertEquals("COMPRESSED_OFFLOAD_BUNDLE", c.get("kind").getAsString());
        List<String> targets = new ArrayList<>();
        for (JsonElement i : c.getAsJsonArray("images")) {
            targets.add(i.getAsJsonObject().get("target").getAsString());
            assertEquals(2, i.getAsJsonObject().getAsJsonArray("kernels").size());
        }
        assertEquals(List.of("gfx1100", "gfx90a:xnack+"), targets);
        JsonObject selection = root.getAsJsonArray("selections").get(0).getAsJsonObject();
        assertEquals(2, selection.get("chosen").getAsInt());
    }

    @Test
    void extractWritesKeptCubinsByteForByte(@TempDir Path dir) throws IOException {
        CliRun r = run("images", fixture("cuda_O"), "--extract", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertArrayEquals(Files.readAllBytes(FIXTURES.resolve("keep/O/kern.compute_75.cubin")),
                Files.readAllBytes(dir.resolve("sm_75.2.cubin")));
        assertTrue(Files.readString(dir.resolve("compute_80.ptx")).contains(".entry plain_c"));
        assertTrue(Files.exists(dir.resolve("sm_86.cubin")));
    }

    @Test
    void selectExplainsTheChoice() {
        CliRun r = run("images", fixture("cuda_O"), "--select", "sm_89");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("device sm_89 gets cubin sm_86"), r.out());
    }

    @Test
    void noMatchingImageIsAnErrorListingTheContents() {
        CliRun r = run("images", fixture("hip_app"), "--select", "gfx906");
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertTrue(r.err().contains("no image in"), r.err());
        assertTrue(r.err().contains("gfx90a") && r.err().contains("gfx1100"), r.err());
    }

    @Test
    void badInputIsOneLineWithoutStackTrace(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(FIXTURES.resolve("hkern.hipfb"));
        Path bad = dir.resolve("bad.hipfb");
        Files.write(bad, java.util.Arrays.copyOf(bytes, 200));
        CliRun r = run("images", bad.toString());
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("gpumem images: " + bad), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void unknownDeviceSpellingIsAUsageError() {
        CliRun r = run("images", fixture("cuda_O"), "--select", "sm_xx");
        assertEquals(2, r.status());
    }
}
