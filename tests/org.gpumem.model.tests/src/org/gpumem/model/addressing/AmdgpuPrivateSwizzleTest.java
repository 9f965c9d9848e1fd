package org.gpumem.model.addressing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * private_lane <-> private_wave on AMDGPU wave32 and wave64 against the formula of the AMDGPU
 * DWARF address-space mapping:
 * {@code wave_offset = (lane_offset / 4) * wavefront_size * 4 + lane_id * 4 + (lane_offset % 4)}.
 */
class AmdgpuPrivateSwizzleTest {

    /** Lane offsets covering three dwords and the first bytes of a fourth, aligned or not. */
    private static final int LANE_BYTES = 14;

    private static long waveOffset(long laneOffset, int laneId, int waveSize) {
        return (laneOffset / 4) * waveSize * 4 + laneId * 4L + (laneOffset % 4);
    }

    private static MemoryState state(int waveSize) {
        Target target = BuiltinTargets.amdgpu("gfx90a", waveSize);
        return new MemoryStateBuilder(target).launch(1, 1, 1, waveSize * 2, 1, 1).build();
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void everyLaneAndOffsetRoundTrips(int waveSize) {
        MemoryState state = state(waveSize);
        Target target = state.getTarget();
        AddressSpace lane = AddressSpaces.require(target, "private_lane");
        AddressSpace wave = AddressSpaces.require(target, "private_wave");
        for (Context subgroup : Contexts.descendants(state.getDevice(), Scope.SUBGROUP)) {
            assertEquals(waveSize, subgroup.getChildren().size());
            for (Context l : subgroup.getChildren()) {
                for (long off = 0; off < LANE_BYTES; off++) {
                    PoolAddress viaLane = AddressResolver.resolve(l, lane, off);
                    long expected = waveOffset(off, l.getIndex(), waveSize);
                    assertSame(subgroup, viaLane.pool().getOwner());
                    assertEquals(expected, viaLane.offset(), "lane " + l.getIndex() + " offset " + off);

                    PoolAddress viaWave = AddressResolver.resolve(subgroup, wave, expected);
                    assertEquals(viaLane, viaWave);
                    AddressResolver.LaneOffset back = AddressResolver.laneOffset((InterleavedAccess) lane.getAccess(), expected);
                    assertEquals(new AddressResolver.LaneOffset(l.getIndex(), off), back, "wave offset " + expected);

                    List<Location> aliases = AddressResolver.aliases(viaWave);
                    assertTrue(contains(aliases, lane, l, off), "private_lane alias of " + viaWave);
                    assertTrue(contains(aliases, wave, subgroup, expected), "private_wave alias of " + viaWave);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void waveOffsetsMapBackToOneLane(int waveSize) {
        MemoryState state = state(waveSize);
        Target target = state.getTarget();
        AddressSpace lane = AddressSpaces.require(target, "private_lane");
        Context subgroup = Contexts.descendants(state.getDevice(), Scope.SUBGROUP).get(1);
        Pool scratch = subgroup.getPools().get(0);
        for (long w = 0; w < 4L * waveSize * 3 + 5; w++) {
            List<Location> laneViews = AddressResolver.aliases(new PoolAddress(scratch, w)).stream()
                    .filter(a -> a.getSpace() == lane).toList();
            assertEquals(1, laneViews.size(), "wave offset " + w);
            Location view = laneViews.get(0);
            assertEquals(w, waveOffset(view.getOffset(), view.getContext().getIndex(), waveSize));
            assertSame(subgroup, view.getContext().getParent());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void unalignedMultiDwordReadGathersSwizzledBytes(int waveSize) {
        MemoryState state = state(waveSize);
        Target target = state.getTarget();
        AddressSpace lane = AddressSpaces.require(target, "private_lane");
        AddressSpace wave = AddressSpaces.require(target, "private_wave");
        Context subgroup = Contexts.descendants(state.getDevice(), Scope.SUBGROUP).get(0);
        byte[] pattern = new byte[waveSize * 4 * 4];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i * 7 + 3);
        }
        AddressResolver.write(subgroup, wave, 0, pattern, 0, pattern.length);
        for (Context l : subgroup.getChildren()) {
            for (int start : new int[] {0, 1, 3, 5}) {
                byte[] got = new byte[9];
                AddressResolver.read(l, lane, start, got, 0, got.length);
                byte[] want = new byte[got.length];
                for (int i = 0; i < want.length; i++) {
                    want[i] = pattern[(int) waveOffset(start + i, l.getIndex(), waveSize)];
                }
                assertArrayEquals(want, got, "lane " + l.getIndex() + " from " + start);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void flatScratchApertureReachesPrivateLane(int waveSize) {
        MemoryState state = state(waveSize);
        Target target = state.getTarget();
        AddressSpace generic = AddressSpaces.require(target, "generic");
        AddressSpace lane = AddressSpaces.require(target, "private_lane");
        Context l = Contexts.descendants(state.getDevice(), Scope.LANE).get(waveSize + 3);
        for (long off = 0; off < 9; off++) {
            assertEquals(AddressResolver.resolve(l, lane, off),
                    AddressResolver.resolve(l, generic, BuiltinTargets.AMDGPU_SCRATCH_APERTURE + off));
        }
    }

    static boolean contains(List<Location> aliases, AddressSpace space, Context context, long offset) {
        return aliases.stream().anyMatch(a -> a.getSpace() == space && a.getContext() == context && a.getOffset() == offset);
    }
}
