package org.gpumem.model.addressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;

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

/** Offsets outside a space or pool, and the width rules of DW_OP_mem. */
class OffsetRangeTest {

    private final Target amd = BuiltinTargets.amdgpu("gfx90a", 64);
    private final MemoryState state = new MemoryStateBuilder(amd).launch(1, 1, 1, 64, 1, 1).poolSize("lds", 0x1000).build();
    private final Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(7);

    /** value mod 2^bits, computed with BigInteger, as an unsigned 64-bit pattern. */
    private static long modPow2(long value, int bits) {
        BigInteger v = new BigInteger(Long.toUnsignedString(value));
        return v.mod(BigInteger.TWO.pow(bits)).longValue();
    }

    @Test
    void offsetBeyondThePoolIsRejectedNamingSpaceContextAndOffset() {
        AddressSpace local = AddressSpaces.require(amd, "local");
        assertEquals(0xfff, AddressResolver.resolve(lane, local, 0xfff).offset());
        AddressingException e = assertThrows(AddressingException.class, () -> AddressResolver.resolve(lane, local, 0x1000));
        assertTrue(e.getMessage().contains("0x00001000") && e.getMessage().contains("local")
                && e.getMessage().contains("lds of work-group (0,0,0)") && e.getMessage().contains("0x1000 bytes"), e.getMessage());
    }

    @Test
    void offsetWiderThanTheSpaceIsRejected() {
        AddressSpace local = AddressSpaces.require(amd, "local");
        AddressingException e = assertThrows(AddressingException.class,
                () -> AddressResolver.resolve(lane, local, 0x1_0000_0000L));
        assertTrue(e.getMessage().contains("32-bit") && e.getMessage().contains("0x100000000"), e.getMessage());
        assertThrows(AddressingException.class, () -> Locations.create(lane, local, -1L));
    }

    @Test
    void privateLaneBeyondTheLanesShareOfScratchIsRejected() {
        AddressSpace privateLane = AddressSpaces.require(amd, "private_lane");
        long perLane = BuiltinTargets.amdgpu("gfx90a", 64).getStorages().stream()
                .filter(s -> s.getName().equals("scratch")).findFirst().orElseThrow().getDefaultSize() / 64;
        AddressResolver.resolve(lane, privateLane, perLane - 1);
        assertThrows(AddressingException.class, () -> AddressResolver.resolve(lane, privateLane, perLane));
    }

    @Test
    void contextTooWideForTheSpaceIsRejected() {
        AddressSpace privateLane = AddressSpaces.require(amd, "private_lane");
        AddressSpace local = AddressSpaces.require(amd, "local");
        AddressingException e = assertThrows(AddressingException.class,
                () -> AddressResolver.resolve(lane.getParent(), privateLane, 0));
        assertTrue(e.getMessage().contains("per lane"), e.getMessage());
        e = assertThrows(AddressingException.class, () -> AddressResolver.resolve(state.getDevice(), local, 0));
        assertTrue(e.getMessage().contains("one per work-group") && e.getMessage().contains("device"), e.getMessage());
    }

    @Test
    void windowedSpaceWithoutFallbackRejectsOffsetsOutsideWindows() {
        Target t = new org.gpumem.model.targets.TargetBuilder("t", "test", 1, "")
                .storage("s", Scope.DEVICE, 16, false)
                .space("plain", 1, 32, Scope.DEVICE).linear("s", 0)
                .space("win", 2, 32, Scope.DEVICE).windows(null, new WindowSpec(0x100L, 16L, "plain"))
                .build();
        MemoryState s = new MemoryStateBuilder(t).build();
        AddressSpace win = AddressSpaces.require(t, "win");
        assertEquals(5, AddressResolver.resolve(s.getDevice(), win, 0x105).offset());
        AddressingException e = assertThrows(AddressingException.class, () -> AddressResolver.resolve(s.getDevice(), win, 0x110));
        assertTrue(e.getMessage().contains("none of its windows"), e.getMessage());
    }

    @Test
    void dwOpMemTruncatesA64BitValueIntoA32BitSpace() {
        AddressSpace local = AddressSpaces.require(amd, "local");
        assertEquals(32, local.getAddressBits());
        for (long value : new long[] {0xFFFF_FFFF_0000_0010L, 0x1234_5678_9ABC_DEF0L, -1L, 0x1_0000_0000L}) {
            Location l = Locations.fromDwarfValue(lane, local, value, 64);
            assertEquals(modPow2(value, 32), l.getOffset(), Long.toHexString(value));
        }
        // The truncated location reaches the byte the 32-bit offset names.
        Location l = Locations.fromDwarfValue(lane, local, 0xABCD_0000_0000_0ff0L, 64);
        assertEquals(AddressResolver.resolve(lane, local, 0xff0), AddressResolver.resolve(l));
    }

    @Test
    void dwOpMemZeroExtendsANarrowValueIntoA64BitSpace() {
        AddressSpace global = AddressSpaces.require(amd, "global");
        assertEquals(64, global.getAddressBits());
        for (long value : new long[] {0xFFFF_FFFFL, -1L, 0x8000_0000L, 0x7fL}) {
            assertEquals(modPow2(value, 32), Locations.fromDwarfValue(lane, global, value, 32).getOffset());
            assertEquals(modPow2(value, 16), Locations.fromDwarfValue(lane, global, value, 16).getOffset());
        }
    }

    @Test
    void everyAliasOfALocationReachesItsByteAndItsOwnSpaceAndOffsetAreAmongThem() {
        AddressSpace generic = AddressSpaces.require(amd, "generic");
        Location l = Locations.create(lane, generic, BuiltinTargets.AMDGPU_SCRATCH_APERTURE + 6);
        PoolAddress where = AddressResolver.resolve(l);
        List<Location> aliases = AddressResolver.aliases(where);
        assertTrue(aliases.stream().allMatch(a -> AddressResolver.resolve(a).equals(where)));
        assertTrue(aliases.stream().anyMatch(a -> a.getSpace() == generic && a.getOffset() == l.getOffset()),
                "the location's own space and offset");
    }
}
