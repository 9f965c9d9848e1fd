package org.gpumem.model.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Save a synthetic stopped state, reopen it without any simulator, compare everything. */
class SnapshotRoundTripTest {

    @TempDir
    Path dir;

    private static final long GLOBAL_SIZE = 48L << 20;

    private MemoryState syntheticState() {
        Target target = BuiltinTargets.amdgpu("gfx90a", 32);
        MemoryState state = new MemoryStateBuilder(target).name("synthetic", "kernel.hip:reduce")
                .launch(2, 1, 1, 40, 1, 1).poolSize("global", GLOBAL_SIZE).build();
        Random random = new Random(42);
        AddressSpace global = AddressSpaces.require(target, "global");
        AddressSpace local = AddressSpaces.require(target, "local");
        AddressSpace privateLane = AddressSpaces.require(target, "private_lane");
        AddressSpace region = AddressSpaces.require(target, "region");
        byte[] block = new byte[200_000];
        random.nextBytes(block);
        AddressResolver.write(state.getDevice(), global, 0x123, block, 0, block.length);
        AddressResolver.write(state.getDevice(), global, GLOBAL_SIZE - 9, block, 0, 9);
        AddressResolver.write(state.getDevice(), region, 0x40, block, 5, 64);
        for (Context group : Contexts.descendants(state.getDevice(), Scope.WORK_GROUP)) {
            AddressResolver.write(group, local, group.getIndex() * 100, block, group.getIndex(), 1000);
        }
        for (Context lane : Contexts.descendants(state.getDevice(), Scope.LANE)) {
            byte[] value = new byte[12];
            random.nextBytes(value);
            AddressResolver.write(lane, privateLane, 3, value, 0, value.length);
        }
        Variable sum = GpumemFactory.eINSTANCE.createVariable();
        sum.setName("partial");
        sum.setTypeName("float[16]");
        sum.setByteSize(64);
        sum.setSpace(local);
        sum.setOffset(0x20);
        sum.setLocationDescription("DW_OP_lit3 DW_OP_constu 0x20 DW_OP_mem");
        sum.setDeclFile("reduce.hip");
        sum.setDeclLine(17);
        state.getVariables().add(sum);
        return state;
    }

    private static List<Pool> pools(MemoryState state) {
        List<Pool> pools = new ArrayList<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                pools.add(pool);
            }
        }
        return pools;
    }

    @Test
    void everyPoolByteAndVariableValueSurvives() throws IOException {
        MemoryState live = syntheticState();
        Path file = dir.resolve("state.gpumem");
        SnapshotWriter.Saved saved = SnapshotWriter.save(live, file);
        assertTrue(saved.storedBytes() < saved.rawBytes(), "compressed " + saved);
        assertTrue(saved.rawBytes() < GLOBAL_SIZE / 4, "sparse " + saved);

        try (Snapshot snapshot = Snapshot.open(file)) {
            MemoryState back = snapshot.state();
            assertNotSame(live, back);
            assertEquals(live.getName(), back.getName());
            assertEquals(live.getProgram(), back.getProgram());
            assertEquals(live.getTarget().getArchitecture(), back.getTarget().getArchitecture());
            assertTrue(EcoreUtil.equals(live.getTarget(), back.getTarget()), "target description");
            List<Pool> before = pools(live);
            List<Pool> after = pools(back);
            assertEquals(before.size(), after.size());
            byte[] a = new byte[1 << 20];
            byte[] b = new byte[1 << 20];
            for (int i = 0; i < before.size(); i++) {
                Pool p = before.get(i);
                Pool q = after.get(i);
                assertEquals(p.getStorage().getName(), q.getStorage().getName());
                assertEquals(Contexts.describe(p), Contexts.describe(q));
                assertEquals(p.getSize(), q.getSize());
                assertFalse(q.getSource().isWritable());
                for (long off = 0; off < p.getSize(); off += a.length) {
                    int n = (int) Math.min(a.length, p.getSize() - off);
                    p.getSource().read(off, a, 0, n);
                    q.getSource().read(off, b, 0, n);
                    assertArrayEquals(a, b, Contexts.describe(p) + " at 0x" + Long.toHexString(off));
                }
            }
            Variable v = live.getVariables().get(0);
            Variable w = back.getVariables().get(0);
            assertTrue(EcoreUtil.equals(v, w) || (v.getName().equals(w.getName())
                    && v.getSpace().getName().equals(w.getSpace().getName())), "variable");
            assertEquals(v.getDeclLine(), w.getDeclLine());
            assertEquals(v.getLocationDescription(), w.getLocationDescription());
            List<Context> lanesBefore = Contexts.descendants(live.getDevice(), Scope.LANE);
            List<Context> lanesAfter = Contexts.descendants(back.getDevice(), Scope.LANE);
            assertEquals(lanesBefore.size(), lanesAfter.size());
            for (int i = 0; i < lanesBefore.size(); i++) {
                byte[] x = new byte[(int) v.getByteSize()];
                byte[] y = new byte[(int) w.getByteSize()];
                AddressResolver.read(lanesBefore.get(i), v.getSpace(), v.getOffset(), x, 0, x.length);
                AddressResolver.read(lanesAfter.get(i), w.getSpace(), w.getOffset(), y, 0, y.length);
                assertArrayEquals(x, y, "value of " + v.getName() + " in lane " + i);
            }
        }
    }

    @Test
    void aFourGibPoolWithOneByteSavesSmall() throws IOException {
        Target target = BuiltinTargets.intelXe();
        MemoryState live = new MemoryStateBuilder(target).launch(1, 1, 1, 1, 1, 1).build();
        Pool global = pools(live).get(0);
        assertEquals(4L << 30, global.getSize());
        global.getSource().write(global.getSize() - 1, new byte[] {0x5a}, 0, 1);
        Path file = dir.resolve("big.gpumem");
        SnapshotWriter.save(live, file);
        assertTrue(Files.size(SnapshotWriter.pagesFile(file)) < 4096, "page file size");
        try (Snapshot snapshot = Snapshot.open(file)) {
            Pool back = pools(snapshot.state()).get(0);
            byte[] tail = new byte[2];
            back.getSource().read(back.getSize() - 2, tail, 0, 2);
            assertArrayEquals(new byte[] {0, 0x5a}, tail);
        }
    }

    @Test
    void damagedFilesAreRejectedNamingFileAndPlace() throws IOException {
        Path file = dir.resolve("d.gpumem");
        SnapshotWriter.save(syntheticState(), file);
        Path pages = SnapshotWriter.pagesFile(file);
        byte[] good = Files.readAllBytes(pages);
        byte[] goodModel = Files.readAllBytes(file);

        Files.write(pages, java.util.Arrays.copyOf(good, good.length - 5));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().startsWith(pages.toString()), e.getMessage());

        byte[] badMagic = good.clone();
        badMagic[0] = 'X';
        Files.write(pages, badMagic);
        e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().contains("header+0x0") && e.getMessage().contains("magic"), e.getMessage());

        byte[] badChunk = good.clone();
        for (int i = 20; i < 60; i++) {
            badChunk[i] ^= (byte) 0xA5;
        }
        Files.write(pages, badChunk);
        try (Snapshot snapshot = Snapshot.open(file)) {
            Pool global = pools(snapshot.state()).get(0);
            byte[] dst = new byte[64];
            RuntimeException r = assertThrows(RuntimeException.class, () -> global.getSource().read(0x123, dst, 0, dst.length));
            assertTrue(r instanceof InputFormatException && r.getMessage().contains("chunk 0"), r.toString());
        }

        Files.write(pages, good);
        Files.writeString(file, "<?xml version=\"1.0\"?><not-a-snapshot");
        e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());

        String nested = new String(goodModel, java.nio.charset.StandardCharsets.UTF_8)
                .replaceFirst("<children scope=\"lane\"", "<children scope=\"lane\"><children scope=\"device\"/></children><children scope=\"lane\"");
        Files.writeString(file, nested);
        e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().contains("a device context inside a lane context"), e.getMessage());

        Files.write(file, goodModel);
        Files.delete(pages);
        e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertEquals(pages + ": no such file; expected the page file of snapshot d.gpumem beside it", e.getMessage());
    }

    /** Edited XMI breaking the model's invariants fails on open, one line per violation naming the element. */
    @Test
    void editedModelsFailOnOpenNamingTheXmiElement() throws IOException {
        Path file = dir.resolve("e.gpumem");
        SnapshotWriter.save(new MemoryStateBuilder(BuiltinTargets.nvptx("sm_90")).name("e", "k").launch(1, 1, 1, 32, 1, 1).build(), file);
        String good = Files.readString(file);

        Files.writeString(file, good.replaceFirst(" space=\"//@target/@addressSpaces.2\"", ""));
        InvalidSnapshotException e = assertThrows(InvalidSnapshotException.class, () -> Snapshot.open(file));
        assertEquals(file + ": XMI element //@target/@addressSpaces.0/@access/@windows.0 (Window of address space 'generic'): "
                + "the required reference 'space' is not set", e.getMessage());

        Files.writeString(file, good.replaceFirst("<access xsi:type=\"gpumem:LinearAccess\" storage=\"//@target/@storages.3\"/>",
                "<access xsi:type=\"gpumem:LinearAccess\"/>"));
        e = assertThrows(InvalidSnapshotException.class, () -> Snapshot.open(file));
        assertEquals(file + ": XMI element //@target/@addressSpaces.2/@access (LinearAccess of address space 'shared'): "
                + "the required reference 'storage' is not set", e.getMessage());

        Files.writeString(file, good.replaceFirst("name=\"shared\" dwarfNumber=\"8\" addressBits=\"32\"",
                "name=\"shared\" dwarfNumber=\"8\" addressBits=\"-1\"").replaceFirst("laneCount=\"32\"", "laneCount=\"0\""));
        e = assertThrows(InvalidSnapshotException.class, () -> Snapshot.open(file));
        assertEquals(List.of(
                file + ": XMI element //@target/@addressSpaces.2 (AddressSpace 'shared'): address width -1 bits is outside 1..64",
                file + ": XMI element //@target/@addressSpaces.3/@access (InterleavedAccess of address space 'local'): "
                        + "laneCount 0 is outside 1..65536"), e.getMessage().lines().toList());
        assertEquals(2, e.violations().size());

        Files.writeString(file, good.replaceFirst("space=\"//@target/@addressSpaces.2\"", "space=\"other.gpumem#//@target/@addressSpaces.2\""));
        e = assertThrows(InvalidSnapshotException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().contains("reference 'space' points at") && e.getMessage().contains("not an element of this snapshot"),
                e.getMessage());
    }

    /**
     * References that name nothing and values of the wrong kind are refused at their XMI line and
     * column in the model's terms; EMF's path resolution and value conversion threw index, cast and
     * number format exceptions whose text reached the user (issue 36: "Index -1 out of bounds for length 4").
     */
    @Test
    void referencesAndValuesOfTheWrongKindAreRefusedAtTheirLine() throws IOException {
        Path file = dir.resolve("r.gpumem");
        SnapshotWriter.save(new MemoryStateBuilder(BuiltinTargets.nvptx("sm_90")).name("r", "k").launch(1, 1, 1, 32, 1, 1).build(), file);
        String good = Files.readString(file);
        String space = " space=\"//@target/@addressSpaces.2\"";
        int line = (int) good.substring(0, good.indexOf(space)).lines().count();
        // EMF places an element's problems after the end of its start tag
        int column = good.indexOf('>', good.indexOf(space)) + 1 - good.lastIndexOf('\n', good.indexOf(space));
        String[][] cases = {
            {"//@target/@addressSpaces.-1", "reference '//@target/@addressSpaces.-1' of 'space' in a Window names no element of the snapshot"},
            {"//@target/@addressSpaces.99999999999", "reference '//@target/@addressSpaces.99999999999' of 'space' in a Window names no "
                    + "element of the snapshot"},
            {"//@target/@addressSpaces", "reference '//@target/@addressSpaces' of 'space' in a Window names no element of the snapshot"},
            {"//@target.0", "reference '//@target.0' of 'space' in a Window names no element of the snapshot"},
            {"#//x", "reference '//x' of 'space' in a Window names no element of the snapshot"},
            {"//@target", "'space' in a Window refers to a Target, not to an AddressSpace"},
        };
        for (String[] c : cases) {
            Files.writeString(file, good.replaceFirst(space, " space=\"" + c[0] + "\""));
            InputFormatException e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
            int shift = c[0].length() - "//@target/@addressSpaces.2".length();
            assertEquals(file + ": not a gpumem snapshot model: XMI line " + line + ", column " + (column + shift) + ": " + c[1],
                    e.getMessage());
        }
        Files.writeString(file, good.replaceFirst(" x=\"1\"", " x=\"0x10\""));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().endsWith(": value '0x10' of 'x' in a Context is not a whole number from -2147483648 to 2147483647"),
                e.getMessage());
        Files.writeString(file, good.replaceFirst(" scope=\"device\"", " scope=\"everywhere\""));
        e = assertThrows(InputFormatException.class, () -> Snapshot.open(file));
        assertTrue(e.getMessage().endsWith(": value 'everywhere' of 'scope' in a Storage is none of system, device, grid, work-group, "
                + "subgroup, lane"), e.getMessage());
    }

    /** A save that never reached its renames (a full disk, a crash) leaves the previous snapshot readable. */
    @Test
    void aModelWithThePreviousSavesPagesFallsBackToThem() throws IOException {
        Path file = dir.resolve("p.gpumem");
        MemoryState first = syntheticState();
        SnapshotWriter.save(first, file);
        byte[] firstModel = Files.readAllBytes(file);
        Path pages = SnapshotWriter.pagesFile(file);
        Path previous = pages.resolveSibling(pages.getFileName() + ".prev");
        byte[] firstPages = Files.readAllBytes(pages);
        SnapshotWriter.save(syntheticState(), file);
        // The state a crash between the two renames of a save leaves: old model, new pages, old pages kept.
        Files.write(file, firstModel);
        Files.write(previous, firstPages);
        try (Snapshot snapshot = Snapshot.open(file)) {
            Pool global = pools(snapshot.state()).get(0);
            byte[] a = new byte[256];
            byte[] b = new byte[256];
            pools(first).get(0).getSource().read(0x100, a, 0, a.length);
            global.getSource().read(0x100, b, 0, b.length);
            assertArrayEquals(a, b);
        }
    }
}
