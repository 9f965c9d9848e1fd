package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;

class DwarfCommandTest {
    private static Path fixtures() {
        return Path.of(System.getProperty("gpumem.fixtures"));
    }

    /** Symbol values the cubin's .rela.debug_info relocations add, from the committed readelf -r listing. */
    private static Map<String, Long> relocatedSymbols(Path cubin) throws Exception {
        Map<String, Long> values = new HashMap<>();
        Pattern entry = Pattern.compile("^[0-9a-f]+\\s+[0-9a-f]+\\s+(?:unrecognized: )?\\S+\\s+([0-9a-f]+)\\s+(\\S+) \\+ ([0-9a-f]+)$");
        boolean inInfo = false;
        for (String line : Files.readAllLines(cubin.resolveSibling(cubin.getFileName() + ".relocs.txt"))) {
            if (line.startsWith("Relocation section")) {
                inInfo = line.contains("'.rela.debug_info'");
                continue;
            }
            Matcher m = entry.matcher(line.trim());
            if (inInfo && m.matches()) {
                values.put(m.group(2), Long.parseLong(m.group(1), 16) + Long.parseLong(m.group(3), 16));
            }
        }
        return values;
    }

    private static Path images(String name) {
        return fixtures().resolve("images").resolve(name);
    }

    @Test
    void aHostExecutableListsItsDeviceImagesDwarfAndStatsCountTheSame() {
        String exe = images("cuda_fnptr_G").toString();
        CliRun listing = run("dwarf", "--json", exe);
        assertEquals(0, listing.status(), listing.err());
        JsonObject doc = JsonParser.parseString(listing.out()).getAsJsonObject();
        int listed = doc.getAsJsonArray("variables").size();
        for (JsonElement e : doc.getAsJsonArray("variables")) {
            assertEquals(2, e.getAsJsonObject().get("image").getAsInt(), e.toString());
        }
        CliRun stats = run("dwarf", "--stats", "--json", exe);
        assertEquals(0, stats.status(), stats.err());
        JsonObject counts = JsonParser.parseString(stats.out()).getAsJsonObject();
        // the DW_TAG_subroutine_type of binary_op has two formal parameters: types, not variables
        assertEquals(listed, counts.get("variables").getAsInt() + counts.get("parameters").getAsInt());
        assertEquals(7, listed);
    }

    @Test
    void theDecompressionBudgetIsAFlag() {
        String packed = fixtures().resolve("amdgpu/spaces.cl.clang22.zlib.o").toString();
        assertEquals(0, run("dwarf", "--stats", packed).status());
        CliRun small = run("dwarf", "--stats", "--decompression-budget", "1000", packed);
        assertEquals(Main.EXIT_BAD_INPUT, small.status());
        assertTrue(small.err().contains("decompression budget of 1000 bytes"), small.err());
    }

    @Test
    void imageAndSelectPickTheDeviceImages() {
        String exe = images("cuda_G").toString();
        CliRun one = run("dwarf", "--json", "--image", "5", exe);
        assertEquals(0, one.status(), one.err());
        for (JsonElement e : JsonParser.parseString(one.out()).getAsJsonObject().getAsJsonArray("variables")) {
            assertEquals(5, e.getAsJsonObject().get("image").getAsInt());
        }
        CliRun text = run("dwarf", "--select", "sm_86", exe);
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().lines().allMatch(l -> l.startsWith("image 4 (cubin sm_86")), text.out());
        CliRun missing = run("dwarf", "--image", "1", exe);
        assertEquals(Main.EXIT_BAD_INPUT, missing.status());
        assertTrue(missing.err().contains("no device image 1 with DWARF"), missing.err());
    }

    @Test
    void jsonListsCubinVariablesWithSpacesAndRelocatedAddresses() throws Exception {
        Path cubin = fixtures().resolve("cuda/spaces.sm_90.cubin");
        CliRun r = run("dwarf", "--json", cubin.toString());
        assertEquals(0, r.status(), r.err());
        JsonObject doc = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(cubin.toString(), doc.get("file").getAsString());
        Map<String, JsonObject> byName = new HashMap<>();
        for (JsonElement e : doc.getAsJsonArray("variables")) {
            JsonObject v = e.getAsJsonObject();
            for (String key : List.of("unit", "function", "name", "type", "decl", "addressSpace", "location")) {
                assertTrue(v.has(key), key + " in " + v);
            }
            byName.put(v.get("name").getAsString(), v);
        }
        JsonObject table = byName.get("deviceTable");
        assertEquals("spaces.cu:2", table.get("decl").getAsString());
        assertEquals("float[16]", table.get("type").getAsString());
        assertEquals(5, table.getAsJsonObject("addressSpace").get("id").getAsInt());
        assertEquals("global", table.getAsJsonObject("addressSpace").get("name").getAsString());
        assertEquals("memory", table.getAsJsonObject("location").get("kind").getAsString());
        long expected = relocatedSymbols(cubin).get("deviceTable");
        assertTrue(expected != 0, "the fixture's deviceTable relocation is non-zero");
        assertEquals("DW_OP_addr 0x" + Long.toHexString(expected), table.getAsJsonObject("location").get("ops").getAsString());
        assertEquals("shared", byName.get("tile").getAsJsonObject("addressSpace").get("name").getAsString());
        assertEquals("register", byName.get("tid").getAsJsonObject("location").get("kind").getAsString());
        assertEquals("list", byName.get("i").getAsJsonObject("location").get("kind").getAsString());
        assertEquals("spacesKernel", byName.get("perThread").get("function").getAsString());
    }

    @Test
    void ptxInputIsListedWithSymbolicAddresses() {
        CliRun r = run("dwarf", fixtures().resolve("cuda/spaces.sm_75.ptx").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("var tile : float[64]"), r.out());
        assertTrue(r.out().contains("[shared(8)]"), r.out());
        assertTrue(r.out().contains("_ZZ12spacesKernelPfPKfiE4tile (unplaced)"), r.out());
        assertTrue(r.out().contains("spaces.cu:") && !r.out().contains("?:"), r.out());
    }

    @Test
    void statsCountEveryDieOfTheLlvmDump() throws Exception {
        Path file = fixtures().resolve("dwarf-forms/forms.dwarf5.o");
        long dies = Files.readAllLines(file.resolveSibling(file.getFileName() + ".dwarfdump.txt")).stream()
                .filter(l -> l.matches("^0x[0-9a-f]{8}:\\s+DW_TAG_\\w+.*")).count();
        CliRun r = run("dwarf", "--stats", file.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("DIEs: " + dies + "\n"), r.out());
        assertTrue(r.out().matches("(?s).*time: [0-9.]+ s.*"), r.out());
    }

    @Test
    void badInputIsOneLineWithFileAndOffset() throws Exception {
        Path bad = Files.createTempFile("gpumem-dwarf", ".o");
        byte[] elf = Files.readAllBytes(fixtures().resolve("dwarf-forms/forms.dwarf5.o"));
        Files.write(bad, java.util.Arrays.copyOf(elf, 100));
        try {
            CliRun r = run("dwarf", bad.toString());
            assertEquals(Main.EXIT_BAD_INPUT, r.status());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("gpumem dwarf: " + bad + ": "), r.err());
        } finally {
            Files.delete(bad);
        }
    }
}
