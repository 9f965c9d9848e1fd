package org.gpumem.model.addressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * On every built-in target, every pool byte's aliases resolve back to that byte, and the view of
 * the pool's own storage is among them.
 */
class BuiltinTargetAliasTest {

    static Stream<Target> targets() {
        return BuiltinTargets.all().stream();
    }

    @ParameterizedTest
    @MethodSource("targets")
    void everyAliasOfSampledPoolBytesResolvesBack(Target target) {
        MemoryState state = new MemoryStateBuilder(target).launch(2, 1, 1, target.getSubgroupSize() * 2, 1, 1).build();
        Random random = new Random(target.getName().hashCode());
        for (Pool pool : allPools(state.getDevice())) {
            for (int i = 0; i < 12; i++) {
                long offset = i < 4 ? i : Math.floorMod(random.nextLong(), Math.min(pool.getSize(), 1L << 20));
                PoolAddress address = new PoolAddress(pool, offset);
                List<Location> aliases = AddressResolver.aliases(address);
                assertFalse(aliases.isEmpty(), "no alias for " + address);
                for (Location alias : aliases) {
                    assertEquals(address, AddressResolver.resolve(alias), Locations.describe(alias));
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("targets")
    void spacesAreConsistent(Target target) {
        assertNotNull(target.getDefaultSpace(), target.getName());
        for (AddressSpace space : target.getAddressSpaces()) {
            assertTrue(space.getAddressBits() == 32 || space.getAddressBits() == 64, space.getName());
            assertEquals(space, AddressSpaces.find(target, space.getName().toUpperCase()));
            if (space.getDwarfNumber() >= 0) {
                assertEquals(space, AddressSpaces.findByDwarfNumber(target, space.getDwarfNumber()));
            }
        }
        assertEquals(target.getArchitecture(), BuiltinTargets.forArchitecture(target.getArchitecture()).getArchitecture());
    }

    @Test
    void dwarfNumbersFollowTheVendorNumberings() {
        Target amd = BuiltinTargets.amdgpu("gfx90a", 64);
        String[] amdNames = {"global", "generic", "region", "local", null, "private_lane", "private_wave"};
        for (int n = 0; n < amdNames.length; n++) {
            if (amdNames[n] != null) {
                assertEquals(amdNames[n], AddressSpaces.findByDwarfNumber(amd, n).getName());
            }
        }
        Target nv = BuiltinTargets.nvptx("sm_90");
        assertEquals("shared", AddressSpaces.findByDwarfNumber(nv, 8).getName());
        assertEquals("local", AddressSpaces.findByDwarfNumber(nv, 6).getName());
        assertEquals("generic", nv.getDefaultSpace().getName());
    }

    private static List<Pool> allPools(Context root) {
        List<Pool> pools = new java.util.ArrayList<>(root.getPools());
        for (Context child : root.getChildren()) {
            pools.addAll(allPools(child));
        }
        return pools;
    }

    @Test
    void unknownArchitectureIsNamed() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BuiltinTargets.forArchitecture("mips r3000"));
        assertTrue(e.getMessage().contains("mips r3000"));
        assertEquals(Scope.LANE, AddressSpaces.find(BuiltinTargets.intelXe(), "private").getScope());
    }
}
