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

    @Test
    void selectionIsJudgedPerKernel() {
        // fatbin 1 of cuda_O holds only nvcc's link stubs (sm_75, sm_86, no kernels): no image of it
        // runs on sm_90, but every kernel resolves to fatbin 2's compute_80 PTX.
        CliRun r = run("images", fixture("cuda_O"), "--select", "sm_90", "--json");
        assertEquals(0, r.status(), r.err());
        JsonObject root = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonArray kernels = root.getAsJsonArray("kernelSelections");
        assertEquals(4, kernels.size());
        for (JsonElement k : kernels) {
            assertEquals(5, k.getAsJsonObject().get("chosen").getAsInt(), k.toString());
        }
        JsonArray modules = root.getAsJsonArray("selections");
        assertTrue(modules.get(0).getAsJsonObject().get("chosen").isJsonNull(), "fatbin 1's verdicts are kept");
        CliRun none = run("images", fixture("cuda_O"), "--select", "sm_70");
        assertEquals(Main.EXIT_BAD_INPUT, none.status());
        assertTrue(none.err().contains("kernel tile_sum(float const*, float*)"), none.err());
    }

    @Test
    void extractWritesThePayloadWithItsNul(@TempDir Path dir) throws IOException {
        CliRun r = run("images", fixture("cuda_lz4"), "--extract", dir.toString());
        assertEquals(0, r.status(), r.err());
        byte[] ptx = Files.readAllBytes(dir.resolve("compute_80.ptx"));
        assertEquals(0, ptx[ptx.length - 1], "embedded PTX ends in NUL, and so does its extraction");
        assertArrayEquals(Files.readAllBytes(FIXTURES.resolve("keep/lz4/kern.compute_86.cubin")),
                Files.readAllBytes(dir.resolve("sm_86.2.cubin")));
    }

    /** The extracted PTX, NUL and all, is a module gpumem run loads: plain_c writes each thread's index. */
    @Test
    void anExtractedPtxRuns(@TempDir Path dir) throws IOException {
        CliRun r = run("images", fixture("cuda_lz4"), "--extract", dir.toString());
        assertEquals(0, r.status(), r.err());
        Path launch = dir.resolve("plain_c.json");
        Files.writeString(launch, "{\"module\": \"compute_80.ptx\", \"kernel\": \"plain_c\", \"grid\": [1], \"block\": [32],"
                + " \"device\": \"sm_80\", \"args\": [{\"buffer\": \"p\", \"type\": \"s32\", \"count\": 32}], \"outputs\": [\"p\"]}");
        Path out = dir.resolve("out");
        CliRun ran = run("run", launch.toString(), "--out", out.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        java.nio.ByteBuffer p = java.nio.ByteBuffer.wrap(Files.readAllBytes(out.resolve("p.bin"))).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int t = 0; t < 32; t++) {
            assertEquals(t, p.getInt(4 * t), "p[" + t + "]");
        }
    }

    @Test
    void aCorruptContainerIsListedAndTheJsonStaysComplete(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(FIXTURES.resolve("cuda_O"));
        // the second container's magic, at .nv_fatbin+0xc10 (file offset 0x2c68)
        bytes[0x2c68] ^= 0x55;
        Path bad = dir.resolve("cuda_O_bad");
        Files.write(bad, bytes);
        CliRun r = run("images", bad.toString(), "--json");
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        JsonObject root = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonArray containers = root.getAsJsonArray("containers");
        assertEquals(2, containers.get(0).getAsJsonObject().getAsJsonArray("images").size());
        String problem = containers.get(1).getAsJsonObject().get("problem").getAsString();
        assertEquals(bad + ": .nv_fatbin+0xc10: expected fatbin magic 0xba55ed50, found 0xba55ed05", problem);
        assertEquals(1, root.getAsJsonArray("problems").size());
        assertTrue(r.err().startsWith("gpumem images: " + bad + ": .nv_fatbin+0xc10: "), r.err());
    }

    @Test
    void embeddedDeviceCodeIsListedWithItsSection() {
        CliRun r = run("images", fixture("embedded.o"), "--json");
        assertEquals(0, r.status(), r.err());
        JsonArray containers = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("containers");
        List<String> where = new ArrayList<>();
        for (JsonElement c : containers) {
            JsonObject o = c.getAsJsonObject().getAsJsonObject("origin");
            where.add(c.getAsJsonObject().get("kind").getAsString() + " " + o.get("section").getAsString() + "+"
                    + o.get("offset").getAsLong());
        }
        assertEquals(List.of("EMBEDDED_IMAGE .data+64", "EMBEDDED_IMAGE .data+8928", "CUDA_FATBIN .rodata+4"), where);
    }

    @Test
    void hundredThousandEmptyContainersAreAllInTheJson(@TempDir Path dir) throws IOException {
        int n = 100_000;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16 * n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(0xBA55ED50).putShort((short) 1).putShort((short) 16).putLong(0);
        }
        Path file = dir.resolve("empty.fatbin");
        Files.write(file, b.array());
        CliRun r = run("images", file.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        assertEquals(n, JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("containers").size());
    }
}
