package org.gpumem.dwarf.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.DwarfFixtures;
import org.gpumem.dwarf.info.GoldenDumps;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DwarfStatisticsTest {

    static List<Path> fixtures() {
        return DwarfFixtures.elfFilesWithDumps();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void countsAgreeWithLlvmDwarfdumpAndTheListing(Path file) throws Exception {
        for (int threads : new int[] {1, 2}) {
            DwarfStatistics.Result r = DwarfStatistics.compute(DwarfFile.open(file), AddressSpaceEncodings.DEFAULTS, threads);
            assertEquals(GoldenDumps.dieCount(file), r.dies(), file + " DIEs");
            long dumped = GoldenDumps.variables(file).size();
            assertEquals(dumped, r.variables() + r.parameters(), file + " variables and parameters (all of them)");
            assertEquals(dumped, r.bySpace().values().stream().mapToLong(Long::longValue).sum(), file + " by space");
            assertEquals(new VariableLister(DwarfFile.open(file)).list().size(), r.variables() + r.parameters(),
                    file + ": --stats counts what the listing lists");
        }
    }
}
