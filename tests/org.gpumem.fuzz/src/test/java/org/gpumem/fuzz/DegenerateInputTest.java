package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.variables.VariableLister;
import org.junit.jupiter.api.Test;

/**
 * Degenerate inputs cost work in proportion to their size: listing the variables of 200,000
 * empty compile units (issue 15: over 2 s in {@code gpumem dwarf}, each unit building an opcode
 * table and decoding state it never used) is bounded by the bytes allocated per unit, measured
 * on this thread, not by time. Before the fix a unit cost 5,118 bytes, now about 760.
 */
class DegenerateInputTest {
    private static final long MAX_BYTES_PER_UNIT = 1_500;

    /** .debug_info of {@code n} DWARF 4 units, each a childless compile unit DIE with no attributes. */
    static DebugSections emptyUnits(int n) {
        ByteBuffer info = ByteBuffer.allocate(12 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            info.putInt(8).putShort((short) 4).putInt(0).put((byte) 8).put((byte) 1);
        }
        info.flip();
        Map<String, ByteBuffer> sections = Map.of(".debug_info", info, ".debug_abbrev", ByteBuffer.wrap(new byte[] {1, 0x11, 0, 0, 0, 0}));
        return new MapSections("empty-units", ElfFile.EM_CUDA, ByteOrder.LITTLE_ENDIAN, sections);
    }

    private static long allocatedPerUnit(int units) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        DwarfFile dwarf = new DwarfFile(emptyUnits(units));
        long before = threads.getCurrentThreadAllocatedBytes();
        int[] variables = {0};
        new VariableLister(dwarf).forEach(v -> variables[0]++);
        long after = threads.getCurrentThreadAllocatedBytes();
        assertEquals(units, dwarf.units().size());
        assertEquals(0, variables[0]);
        return (after - before) / units;
    }

    @Test
    void emptyUnitsCostALinearAndSmallAmountOfWork() {
        allocatedPerUnit(2_000);
        long small = allocatedPerUnit(20_000);
        long large = allocatedPerUnit(200_000);
        assertTrue(large <= MAX_BYTES_PER_UNIT, "200,000 empty units: " + large + " bytes per unit, more than " + MAX_BYTES_PER_UNIT);
        // Linear: ten times the units, ten times the work (within a tenth).
        assertTrue(large <= small * 11 / 10 + 16, "per-unit cost grows with the unit count: " + small + " -> " + large + " bytes");
    }
}
