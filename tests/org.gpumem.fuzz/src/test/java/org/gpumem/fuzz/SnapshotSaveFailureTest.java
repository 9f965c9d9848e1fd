package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.sim.SimulatorTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

/**
 * A save that fails part-way leaves the previous snapshot intact: a writer process killed at
 * different points of its save (a crash), and a file system that runs out of space at every
 * size between nothing and a whole save (a full disk).
 */
class SnapshotSaveFailureTest {

    @TempDir
    Path dir;

    /** A state whose global memory holds 2 MiB of noise starting with {@code fill}: saving it takes a while. */
    static MemoryState state(byte fill) {
        MemoryState state = new MemoryStateBuilder(SimulatorTarget.create()).name("state " + fill, "k")
                .launch(2, 1, 1, 64, 1, 1).poolSize("global", 8 << 20).build();
        AddressSpace global = AddressSpaces.require(state.getTarget(), "global");
        byte[] bytes = new byte[2 << 20];
        java.util.Random r = new java.util.Random(fill);
        r.nextBytes(bytes);
        bytes[0] = fill;
        AddressResolver.write(state.getDevice(), global, 0, bytes, 0, bytes.length);
        return state;
    }

    /** The name and first global byte of the snapshot at {@code file}, read back completely. */
    static String readBack(Path file) throws IOException {
        try (Snapshot s = Snapshot.open(file)) {
            List<Pool> pools = new ArrayList<>();
            for (Iterator<EObject> it = s.state().eAllContents(); it.hasNext();) {
                if (it.next() instanceof Pool p) {
                    pools.add(p);
                }
            }
            byte[] chunk = new byte[1 << 16];
            for (Pool p : pools) {
                for (long at = p.getSource().nextPopulated(0); at < p.getSize(); at = p.getSource().nextPopulated(at + chunk.length)) {
                    p.getSource().read(at, chunk, 0, (int) Math.min(chunk.length, p.getSize() - at));
                }
            }
            byte[] first = new byte[1];
            pools.get(0).getSource().read(0, first, 0, 1);
            return s.state().getName() + "/" + first[0];
        }
    }

    @Test
    void aWriterKilledDuringItsSaveLeavesTheOldOrTheNewSnapshot() throws Exception {
        Path file = dir.resolve("k.gpumem");
        SnapshotWriter.save(state((byte) 1), file);
        int sawOld = 0;
        int sawNew = 0;
        // The child saves state 2 over state 1 again and again; it is killed at a different
        // moment each time: after its Nth save started (it prints a line before each).
        for (int kill = 0; kill < 3; kill++) {
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), SaveForever.class.getName(), file.toString())
                    // standard error apart: a later JVM's warnings (Java 24+, a library's use of
                    // sun.misc.Unsafe) would come between the lines read here
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream()));
            for (int line = 0; line <= kill; line++) {
                String l = out.readLine();
                assertTrue(l != null && l.startsWith("saving"), "child said " + l);
            }
            // Busy reading the pipe until the save has got as far as this round wants.
            Path stage = switch (kill % 3) {
                case 0 -> SnapshotWriter.pagesFile(file).resolveSibling("k.gpumem.pages.tmp");
                case 1 -> file.resolveSibling("k.gpumem.tmp");
                default -> SnapshotWriter.pagesFile(file).resolveSibling("k.gpumem.pages.prev");
            };
            while (!Files.exists(stage) && child.isAlive()) {
                Thread.onSpinWait();
            }
            child.destroyForcibly();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the killed writer did not end");
            String back = readBack(file);
            assertTrue(back.equals("state 1/1") || back.equals("state 2/2"), back);
            sawOld += back.equals("state 1/1") ? 1 : 0;
            sawNew += back.equals("state 2/2") ? 1 : 0;
            if (back.equals("state 2/2")) {
                SnapshotWriter.save(state((byte) 1), file);
            }
        }
        assertTrue(sawOld > 0, "no kill landed before a save's commit (new " + sawNew + ")");
    }

    /** Saves state 2 over the file named by args[0] until killed, printing a line before each save. */
    public static final class SaveForever {
        public static void main(String[] args) throws IOException {
            MemoryState two = state((byte) 2);
            MemoryState one = state((byte) 1);
            Path file = Path.of(args[0]);
            for (int i = 0; ; i++) {
                System.out.println("saving " + i);
                System.out.flush();
                SnapshotWriter.save(i % 2 == 0 ? two : one, file);
            }
        }
    }

    @Test
    void aFullDiskDuringASaveLeavesThePreviousSnapshot() throws IOException {
        MemoryState one = state((byte) 1);
        MemoryState two = state((byte) 2);
        long needed;
        try (FileSystem probe = Jimfs.newFileSystem(Configuration.unix())) {
            Path f = probe.getPath("/probe.gpumem");
            SnapshotWriter.save(one, f);
            needed = Files.size(f) + Files.size(SnapshotWriter.pagesFile(f));
        }
        int failures = 0;
        // From a disk that holds one snapshot and nothing more, to one with room for two.
        for (long extra = 0; extra < 2 * needed; extra += needed / 7) {
            try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setMaxSize(needed + needed / 8 + extra)
                    .setBlockSize(4096).build())) {
                Path file = fs.getPath("/s.gpumem");
                SnapshotWriter.save(one, file);
                try {
                    SnapshotWriter.save(two, file);
                    assertEquals("state 2/2", readBack(file));
                } catch (IOException full) {
                    failures++;
                    assertTrue(full.getMessage() == null || !full.getMessage().isEmpty());
                    assertEquals("state 1/1", readBack(file), "after " + full);
                    try (var left = Files.list(fs.getPath("/"))) {
                        assertEquals(List.of("/s.gpumem", "/s.gpumem.pages"), left.map(Path::toString).filter(n -> n.startsWith("/s.")).sorted().toList(),
                                "temporary files are removed");
                    }
                }
            }
        }
        assertTrue(failures > 0, "no save ran out of space");
        assertThrows(IOException.class, () -> {
            try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setMaxSize(4096).build())) {
                SnapshotWriter.save(one, fs.getPath("/tiny.gpumem"));
            }
        });
    }
}
