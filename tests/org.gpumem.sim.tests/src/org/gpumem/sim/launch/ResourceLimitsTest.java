package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.sim.ptx.PtxException;
import org.gpumem.sim.ptx.PtxLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Absurd resource sizes are refused where they are written: the PTX declaration (file:line and
 * its name) or the launch file's field, not later at launch.
 */
class ResourceLimitsTest {
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    @TempDir
    Path dir;

    private static String loadError(String ptx) {
        return assertThrows(PtxException.class, () -> PtxLoader.load("r.ptx", HEADER + ptx)).getMessage();
    }

    @Test
    void sharedLocalAndRegisterDeclarationsBeyondTheLimitsNameTheDeclaration() {
        assertEquals("r.ptx:4: .shared variable huge is 300000 bytes, more than the 232448 bytes of shared memory a CTA can have",
                loadError(".shared .align 4 .b8 huge[300000];\n"));
        assertEquals("r.ptx:6: .shared variable tile is 240000 bytes, more than the 232448 bytes of shared memory a CTA can have",
                loadError(".visible .entry k()\n{\n .shared .align 4 .f32 tile[60000];\n ret;\n}\n"));
        assertEquals("r.ptx:6: .local variable depot is 600000 bytes, more than the 524288 bytes of local memory a thread can have",
                loadError(".visible .entry k()\n{\n .local .align 8 .b8 depot[600000];\n ret;\n}\n"));
        assertEquals("r.ptx:7: .local variable b brings the local memory of k to 600000 bytes, more than the 524288 bytes a thread can have",
                loadError(".visible .entry k()\n{\n .local .align 8 .b8 a[300000];\n .local .align 8 .b8 b[300000];\n ret;\n}\n"));
        assertEquals("r.ptx:6: too many registers: %r<70000> brings k to 70000 registers; a function may declare at most 65536",
                loadError(".visible .entry k()\n{\n .reg .b32 %r<70000>;\n ret;\n}\n"));
    }

    private Path module(String name, String ptx) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, HEADER + ptx);
        return f;
    }

    private String launchError(String json) throws IOException {
        Path f = dir.resolve("launch.json");
        Files.writeString(f, json);
        return assertThrows(LaunchFileException.class, () -> PreparedLaunch.prepare(new LaunchFileReader().read(f))).getMessage();
    }

    @Test
    void launchSizesBeyondTheLimitsNameTheField() throws IOException {
        module("s.ptx", ".shared .align 4 .b8 tile[200000];\n.visible .entry k()\n{\n ret;\n}\n");
        String launch = dir.resolve("launch.json").toString();
        assertEquals(launch + ": field sharedBytes: the CTA needs 300000 bytes of shared memory (static 200000 + dynamic 100000),"
                + " more than the 232448 a block may have on sm_90",
                launchError("{\"module\": \"s.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1], \"sharedBytes\": 100000}"));
        assertEquals(launch + ": field sharedBytes: 300000 is out of range [0, 232448]",
                launchError("{\"module\": \"s.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1], \"sharedBytes\": 300000}"));
        assertEquals(launch + ": field grid: 4294967294 CTAs, more than 2147483647",
                launchError("{\"module\": \"s.ptx\", \"kernel\": \"k\", \"grid\": [2147483647, 2], \"block\": [1]}"));
        assertEquals(launch + ": field block[2]: 65 is out of range [1, 64]",
                launchError("{\"module\": \"s.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1, 1, 65]}"));
        module("r.ptx", ".visible .entry k()\n{\n .reg .b32 %r<65000>;\n ret;\n}\n");
        // the declared registers, then the special registers every function has
        long registers = 65000 + org.gpumem.sim.ptx.Specials.COUNT;
        assertEquals(launch + ": field block: a CTA of 1024 threads with " + registers + " registers per thread needs "
                + registers * 1024 * 8 + " bytes of register file per frame, more than 268435456",
                launchError("{\"module\": \"r.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1024]}"));
    }
}
