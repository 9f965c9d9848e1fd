package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.Locations;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.junit.jupiter.api.Test;

/**
 * The simulator's target is the one description of its address spaces: the interpreter's
 * constants ({@link StateSpaceLayout}) and the model's resolver agree on every window and on the
 * local interleave, in both directions, and the window bases are written in one source file.
 */
class SimulatorTargetTest {
    private final Target target = SimulatorTarget.create();
    private final StateSpaceLayout layout = StateSpaceLayout.of(target);
    private final MemoryState state = new MemoryStateBuilder(target).launch(2, 1, 1, 40, 1, 1).build();
    private final AddressSpace generic = AddressSpaces.require(target, "generic");

    private List<Window> windows() {
        return ((WindowAccess) generic.getAccess()).getWindows();
    }

    @Test
    void everyStateSpaceButGlobalHasAWindowAndEveryWindowAStateSpace() {
        List<PtxStateSpace> windowed = new ArrayList<>();
        for (Window w : windows()) {
            PtxStateSpace s = PtxStateSpace.fromPtxName(w.getSpace().getName());
            assertNotNull(s, w.getSpace().getName());
            assertEquals(w.getStart(), layout.base(s), s.ptxName());
            windowed.add(s);
        }
        assertEquals(List.of(PtxStateSpace.SHARED, PtxStateSpace.LOCAL, PtxStateSpace.CONST, PtxStateSpace.PARAM), windowed);
        assertEquals("global", ((WindowAccess) generic.getAccess()).getFallback().getName());
    }

    @Test
    void everyWindowResolvesBothWays() {
        for (Context lane : Contexts.descendants(state.getDevice(), Scope.LANE)) {
            for (Window w : windows()) {
                PtxStateSpace s = PtxStateSpace.fromPtxName(w.getSpace().getName());
                for (long off : new long[] {0, 1, 4, 0x3f8}) {
                    long address = w.getStart() + off;
                    // generic -> space: the interpreter's resolution and cvta.to, and the model's.
                    assertEquals(s, layout.resolve(address), Long.toHexString(address));
                    assertEquals(off, address - layout.base(s));
                    PoolAddress viaGeneric = AddressResolver.resolve(lane, generic, address);
                    assertEquals(AddressResolver.resolve(lane, w.getSpace(), off), viaGeneric, s.ptxName() + " +" + off);
                    // space -> generic: cvta and the model's aliases of the byte.
                    assertEquals(address, layout.base(s) + off);
                    List<Location> aliases = AddressResolver.aliases(viaGeneric);
                    assertTrue(aliases.stream().anyMatch(l -> l.getSpace() == generic && l.getOffset() == address),
                            aliases::toString);
                }
            }
        }
    }

    @Test
    void outsideTheWindowsGenericIsGlobalForBoth() {
        MemoryState big = new MemoryStateBuilder(SimulatorTarget.create()).launch(1, 1, 1, 32, 1, 1)
                .poolSize("global", SimulatorTarget.GLOBAL_BASE + (1L << 20)).build();
        Target t = big.getTarget();
        Context lane = Contexts.descendants(big.getDevice(), Scope.LANE).get(3);
        long firstWindow = Long.MAX_VALUE;
        long lastWindowEnd = 0;
        for (Window w : windows()) {
            firstWindow = Math.min(firstWindow, w.getStart());
            lastWindowEnd = Math.max(lastWindowEnd, w.getStart() + w.getLength());
        }
        assertEquals(PtxStateSpace.GLOBAL, layout.resolve(firstWindow - 1));
        assertEquals(PtxStateSpace.GLOBAL, layout.resolve(lastWindowEnd));
        for (long address : new long[] {0, 0x1000, SimulatorTarget.GLOBAL_BASE, SimulatorTarget.GLOBAL_BASE + 0xffff}) {
            assertEquals(PtxStateSpace.GLOBAL, layout.resolve(address));
            PoolAddress viaGeneric = AddressResolver.resolve(lane, AddressSpaces.require(t, "generic"), address);
            assertEquals(AddressResolver.resolve(big.getDevice(), AddressSpaces.require(t, "global"), address), viaGeneric);
        }
    }

    @Test
    void theInterpretersInterleaveIsTheModelsLocalSpace() {
        AddressSpace local = AddressSpaces.require(target, "local");
        AddressSpace localWarp = AddressSpaces.require(target, SimulatorTarget.LOCAL_WARP);
        Context group = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(1);
        for (Context lane : Contexts.descendants(group, Scope.LANE)) {
            for (long off = 0; off < 64; off += 3) {
                PoolAddress at = AddressResolver.resolve(lane, local, off);
                assertEquals(layout.localPhysical(lane.getIndex(), off), at.offset(), "lane " + lane.getIndex() + " +" + off);
                assertSame(lane.getParent(), at.pool().getOwner());
                assertEquals(at, AddressResolver.resolve(lane.getParent(), localWarp, at.offset()));
            }
        }
        Pool pool = Contexts.pool(Contexts.child(group, 0), target.getStorages().stream()
                .filter(s -> s.getName().equals("local")).findFirst().orElseThrow());
        assertEquals(layout.localWarpBytes(pool.getSize() / 32), pool.getSize());
    }

    @Test
    void everyAliasOfSampledPoolBytesResolvesBackAndSpacesAreConsistent() {
        Random random = new Random(11);
        for (Context c : Contexts.descendants(state.getDevice(), Scope.SUBGROUP)) {
            for (Pool pool : c.getPools()) {
                for (int i = 0; i < 8; i++) {
                    long offset = i < 3 ? i : Math.floorMod(random.nextLong(), pool.getSize());
                    PoolAddress address = new PoolAddress(pool, offset);
                    List<Location> aliases = AddressResolver.aliases(address);
                    assertFalse(aliases.isEmpty(), "no alias for " + address);
                    for (Location alias : aliases) {
                        assertEquals(address, AddressResolver.resolve(alias), Locations.describe(alias));
                    }
                }
            }
        }
        assertEquals(SimulatorTarget.ARCHITECTURE, target.getArchitecture());
        assertEquals(generic, target.getDefaultSpace());
        for (AddressSpace space : target.getAddressSpaces()) {
            assertEquals(space, AddressSpaces.find(target, space.getName().toUpperCase(Locale.ROOT)));
            if (space.getDwarfNumber() >= 0) {
                assertEquals(space, AddressSpaces.findByDwarfNumber(target, space.getDwarfNumber()));
            }
        }
        assertEquals("local", AddressSpaces.find(target, "private_lane").getName());
        assertEquals(SimulatorTarget.LOCAL_WARP, AddressSpaces.find(target, "private_wave").getName());
        assertEquals(Scope.GRID, AddressSpaces.require(target, "param").getScope(), "kernel parameters are per launch");
    }

    /**
     * Each window base is written as a number in one source file of the shipped bundles (the
     * NVPTX description the simulator's target is built on), or nowhere when it is derived; no
     * other file keeps a copy of the table.
     */
    @Test
    void theWindowTableIsWrittenInOneFile() {
        List<Path> files = new ArrayList<>();
        for (String bundle : List.of("dwarf", "images", "model", "model.edit", "sim", "debug", "ui", "cli")) {
            files.addAll(SourceTree.javaFiles("bundles/org.gpumem." + bundle));
        }
        List<String> writers = new ArrayList<>();
        for (Window w : windows()) {
            Pattern literal = spellings(w.getStart());
            for (Path f : files) {
                if (literal.matcher(SourceTree.read(f)).find()) {
                    writers.add(f.getFileName() + " writes the " + w.getSpace().getName() + " window");
                }
            }
        }
        assertFalse(writers.isEmpty(), "the NVPTX description writes its first window");
        assertTrue(writers.stream().allMatch(s -> s.startsWith("BuiltinTargets.java ")), writers::toString);
    }

    /** {@code value} as Java could spell it: hex with any underscores and case, or decimal. */
    private static Pattern spellings(long value) {
        String hex = Long.toHexString(value);
        StringBuilder p = new StringBuilder("(?i)\\b(0x[0_]*");
        for (char c : hex.toCharArray()) {
            p.append(c).append("_*");
        }
        p.append("|").append(value).append(")L?\\b");
        return Pattern.compile(p.toString());
    }
}
