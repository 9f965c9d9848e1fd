package org.gpumem.model.addressing;

import static org.gpumem.model.addressing.AmdgpuPrivateSwizzleTest.contains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.model.targets.WindowSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Generic (flat) addresses through the windows onto shared/LDS and local/private, and back. */
class GenericWindowTest {

    /** target, shared space, shared window base, per-lane space, per-lane window base */
    static Stream<Arguments> windowedTargets() {
        return Stream.of(
                Arguments.of(BuiltinTargets.nvptx("sm_90"), "shared", BuiltinTargets.NVPTX_SHARED_WINDOW, "local",
                        BuiltinTargets.NVPTX_LOCAL_WINDOW),
                Arguments.of(BuiltinTargets.nvptx("sm_80", 1L << 47, (1L << 47) + (1L << 32)), "shared", 1L << 47, "local",
                        (1L << 47) + (1L << 32)),
                Arguments.of(BuiltinTargets.amdgpu("gfx90a", 64), "local", BuiltinTargets.AMDGPU_LDS_APERTURE,
                        "private_lane", BuiltinTargets.AMDGPU_SCRATCH_APERTURE),
                Arguments.of(BuiltinTargets.amdgpu("gfx90a", 32), "local", BuiltinTargets.AMDGPU_LDS_APERTURE,
                        "private_lane", BuiltinTargets.AMDGPU_SCRATCH_APERTURE));
    }

    private static MemoryState state(Target target) {
        return new MemoryStateBuilder(target).launch(2, 1, 1, target.getSubgroupSize() + 5, 1, 1).build();
    }

    @ParameterizedTest
    @MethodSource("windowedTargets")
    void sharedWindowLandsInTheLanesWorkGroupAndBack(Target target, String sharedName, long sharedBase, String laneName,
            long laneBase) {
        MemoryState state = state(target);
        AddressSpace generic = target.getDefaultSpace().getName().equals("generic") ? target.getDefaultSpace()
                : AddressSpaces.require(target, "generic");
        AddressSpace shared = AddressSpaces.require(target, sharedName);
        for (Context lane : Contexts.descendants(state.getDevice(), Scope.LANE)) {
            Context group = Contexts.ancestor(lane, Scope.WORK_GROUP);
            for (long off : new long[] {0, 1, 0x7f, 0x1003}) {
                PoolAddress viaGeneric = AddressResolver.resolve(lane, generic, sharedBase + off);
                assertSame(group, viaGeneric.pool().getOwner());
                assertEquals(off, viaGeneric.offset());
                assertEquals(viaGeneric, AddressResolver.resolve(group, shared, off));
                List<Location> aliases = AddressResolver.aliases(viaGeneric);
                assertTrue(contains(aliases, generic, group, sharedBase + off), aliases::toString);
                assertTrue(contains(aliases, shared, group, off), aliases::toString);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("windowedTargets")
    void perLaneWindowLandsInTheLanesOwnMemoryAndBack(Target target, String sharedName, long sharedBase, String laneName,
            long laneBase) {
        MemoryState state = state(target);
        AddressSpace generic = AddressSpaces.require(target, "generic");
        AddressSpace perLane = AddressSpaces.require(target, laneName);
        for (Context lane : Contexts.descendants(state.getDevice(), Scope.LANE)) {
            for (long off : new long[] {0, 2, 4, 13}) {
                PoolAddress viaGeneric = AddressResolver.resolve(lane, generic, laneBase + off);
                assertEquals(AddressResolver.resolve(lane, perLane, off), viaGeneric);
                long expected = (off / 4) * target.getSubgroupSize() * 4 + lane.getIndex() * 4L + off % 4;
                assertEquals(expected, viaGeneric.offset());
                assertSame(lane.getParent(), viaGeneric.pool().getOwner());
                List<Location> aliases = AddressResolver.aliases(viaGeneric);
                assertTrue(contains(aliases, generic, lane, laneBase + off), aliases::toString);
                assertTrue(contains(aliases, perLane, lane, off), aliases::toString);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("windowedTargets")
    void outsideTheWindowsIsGlobal(Target target, String sharedName, long sharedBase, String laneName, long laneBase) {
        MemoryState state = new MemoryStateBuilder(target).launch(1, 1, 1, target.getSubgroupSize(), 1, 1)
                .poolSize("global", Math.max(sharedBase, laneBase) + (1L << 33)).build();
        AddressSpace generic = AddressSpaces.require(target, "generic");
        AddressSpace global = AddressSpaces.require(target, "global");
        Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(3);
        for (long address : new long[] {0, 0x1000, sharedBase - 1}) {
            PoolAddress viaGeneric = AddressResolver.resolve(lane, generic, address);
            assertEquals(AddressResolver.resolve(state.getDevice(), global, address), viaGeneric);
            assertEquals(address, viaGeneric.offset());
            List<Location> aliases = AddressResolver.aliases(viaGeneric);
            assertTrue(contains(aliases, generic, state.getDevice(), address), aliases::toString);
            assertTrue(contains(aliases, global, state.getDevice(), address), aliases::toString);
        }
        // A global byte hidden behind a window has no generic alias.
        PoolAddress hidden = AddressResolver.resolve(state.getDevice(), global, sharedBase + 8);
        List<Location> aliases = AddressResolver.aliases(hidden);
        assertTrue(aliases.stream().noneMatch(a -> a.getSpace() == generic), aliases::toString);
        assertTrue(contains(aliases, global, state.getDevice(), sharedBase + 8), aliases::toString);
    }

    @Test
    void descriptionsBuiltOnNvptxAddWindowsAfterTheDefaultOnes() {
        long base = BuiltinTargets.NVPTX_LOCAL_WINDOW + BuiltinTargets.NVPTX_WINDOW_SIZE;
        Target target = BuiltinTargets.nvptxBased("on nvptx", "nvptx test", "", 1L << 20, "generic with const",
                new WindowSpec(base, BuiltinTargets.NVPTX_WINDOW_SIZE, "const")).defaultSpace("generic").build();
        MemoryState state = state(target);
        AddressSpace generic = AddressSpaces.require(target, "generic");
        Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(0);
        assertEquals(AddressResolver.resolve(lane, AddressSpaces.require(target, "const"), 0x24),
                AddressResolver.resolve(lane, generic, base + 0x24));
        assertEquals(AddressResolver.resolve(lane, AddressSpaces.require(target, "shared"), 8),
                AddressResolver.resolve(lane, generic, BuiltinTargets.NVPTX_SHARED_WINDOW + 8));
        SpaceOffset through = AddressResolver.throughWindows(generic, base + 0x24);
        assertEquals("const", through.space().getName());
        assertEquals(0x24, through.offset());
        assertEquals("global", AddressResolver.throughWindows(generic, 0x1000).space().getName());
    }

    @Test
    void extentIsWhatASpaceReachesFromAContext() {
        Target target = BuiltinTargets.nvptx("sm_90");
        MemoryState state = new MemoryStateBuilder(target).launch(1, 1, 1, 64, 1, 1).poolSize("shared", 0x300)
                .poolSize("local", 32 * 0x40).build();
        Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(33);
        Context group = Contexts.ancestor(lane, Scope.WORK_GROUP);
        assertEquals(0x300, AddressResolver.extent(group, AddressSpaces.require(target, "shared")));
        assertEquals(0x40, AddressResolver.extent(lane, AddressSpaces.require(target, "local")), "a lane's share of the pool");
        assertEquals(0, AddressResolver.extent(group, AddressSpaces.require(target, "local")), "no lane, no local memory");
        assertEquals(-1L, AddressResolver.extent(lane, AddressSpaces.require(target, "generic")), "the whole 64-bit space");
    }

    @Test
    void perLaneWindowNeedsALane() {
        Target target = BuiltinTargets.nvptx("sm_90");
        MemoryState state = state(target);
        Context group = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0);
        AddressingException e = assertThrows(AddressingException.class,
                () -> AddressResolver.resolve(group, AddressSpaces.require(target, "generic"), BuiltinTargets.NVPTX_LOCAL_WINDOW));
        assertTrue(e.getMessage().contains("local") && e.getMessage().contains("per lane"), e.getMessage());
    }
}
