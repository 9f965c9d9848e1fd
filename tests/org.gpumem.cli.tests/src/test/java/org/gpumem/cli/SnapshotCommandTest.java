package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotCommandTest {

    @TempDir
    Path dir;

    private Path file;
    private final byte[] laneBytes = new byte[8];

    @BeforeEach
    void saveState() throws IOException {
        Target target = BuiltinTargets.amdgpu("gfx90a", 64);
        MemoryState state = new MemoryStateBuilder(target).name("cli", "k.hip:k").launch(2, 1, 1, 64, 1, 1).build();
        AddressSpace privateLane = AddressSpaces.require(target, "private_lane");
        Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(64 + 5);
        for (int i = 0; i < laneBytes.length; i++) {
            laneBytes[i] = (byte) (0xa0 + i);
        }
        AddressResolver.write(lane, privateLane, 2, laneBytes, 0, laneBytes.length);
        file = dir.resolve("s.gpumem");
        SnapshotWriter.save(state, file);
    }

    @Test
    void summaryNamesTargetSpacesContextsAndPools() {
        CliRun r = run("snapshot", file.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("amdgcn gfx90a wave64"), r.out());
        assertTrue(r.out().contains("private_lane") && r.out().contains("interleaved -> scratch (4 B x 64 lanes)"), r.out());
        assertTrue(r.out().contains("2 work-group 2 subgroup 128 lane"), r.out());
        assertTrue(r.out().contains("lds (per work-group)") && r.out().contains("2 pool(s)"), r.out());
    }

    @Test
    void dumpReadsThroughTheLanesViewAndListsAliases() {
        CliRun r = run("snapshot", file.toString(), "--dump", "private_lane:2", "--group", "1", "--subgroup", "0", "--lane", "5",
                "--length", "8");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("a0 a1 a2 a3 a4 a5 a6 a7"), r.out());
        // lane offset 2 of lane 5 in a wave64: (2 / 4) * 64 * 4 + 5 * 4 + 2 % 4 = 22
        assertTrue(r.out().contains("private_wave:0x00000016 @ work-group (1,0,0) / wavefront 0"), r.out());
        assertTrue(r.out().contains("generic:0x0002000000000002 @ work-group (1,0,0) / wavefront 0 / lane 5"), r.out());
    }

    @Test
    void badInputIsOneLine() throws IOException {
        CliRun r = run("snapshot", file.toString(), "--dump", "local:0x10000", "--group", "0");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("gpumem snapshot: offset 0x00010000 of local is outside lds"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        Files.write(SnapshotWriter.pagesFile(file), new byte[] {1, 2, 3});
        r = run("snapshot", file.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().contains("s.gpumem.pages") && r.err().contains("too short"), r.err());
    }
}
