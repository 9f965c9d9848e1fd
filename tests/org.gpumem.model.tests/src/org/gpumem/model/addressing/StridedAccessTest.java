package org.gpumem.model.addressing;

import static org.gpumem.model.addressing.AmdgpuPrivateSwizzleTest.contains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.TargetBuilder;
import org.junit.jupiter.api.Test;

/** A strided per-lane view (structure-of-arrays spill slots) over a subgroup's storage. */
class StridedAccessTest {

    private static final int LANES = 4;
    private static final long BASE = 8;
    private static final int ELEMENT = 4;
    private static final long STRIDE = 64;
    private static final long LANE_STRIDE = 16;

    private final Target target = new TargetBuilder("strided", "test strided", LANES, "")
            .storage("spill", Scope.SUBGROUP, 1024, false)
            .space("spill_wave", 1, 32, Scope.SUBGROUP).linear("spill", 0)
            .space("spill_lane", 2, 32, Scope.LANE).strided("spill", BASE, ELEMENT, STRIDE, LANE_STRIDE)
            .build();
    private final MemoryState state = new MemoryStateBuilder(target).launch(1, 1, 1, LANES, 1, 1).build();

    @Test
    void laneOffsetsLandAtBasePlusStridePlusLaneShiftAndBack() {
        AddressSpace lane = AddressSpaces.require(target, "spill_lane");
        AddressSpace wave = AddressSpaces.require(target, "spill_wave");
        for (Context l : Contexts.descendants(state.getDevice(), Scope.LANE)) {
            for (long off = 0; off < 3 * ELEMENT + 2; off++) {
                long expected = BASE + (off / ELEMENT) * STRIDE + off % ELEMENT + l.getIndex() * LANE_STRIDE;
                PoolAddress at = AddressResolver.resolve(l, lane, off);
                assertEquals(expected, at.offset());
                var aliases = AddressResolver.aliases(at);
                assertTrue(contains(aliases, lane, l, off), aliases::toString);
                assertTrue(contains(aliases, wave, l.getParent(), expected), aliases::toString);
            }
        }
    }

    @Test
    void bytesBetweenElementsHaveNoLaneView() {
        AddressSpace lane = AddressSpaces.require(target, "spill_lane");
        Context subgroup = Contexts.descendants(state.getDevice(), Scope.SUBGROUP).get(0);
        PoolAddress gap = new PoolAddress(subgroup.getPools().get(0), BASE + ELEMENT + LANE_STRIDE * (LANES - 1) + 1 + STRIDE);
        assertTrue(AddressResolver.aliases(gap).stream().noneMatch(a -> a.getSpace() == lane));
        long lastElement = (1024 - BASE - LANE_STRIDE * (LANES - 1)) / STRIDE;
        Context l3 = Contexts.descendants(state.getDevice(), Scope.LANE).get(3);
        assertThrows(AddressingException.class, () -> AddressResolver.resolve(l3, lane, (lastElement + 1) * ELEMENT));
    }
}
