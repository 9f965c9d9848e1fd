package org.gpumem.dwarf.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Map;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The static summary agrees with full evaluation on every fixture variable whose space is constant. */
class LocationSummaryTest {
    private static HandmadeFixture fixture;
    private static AddressSpaceNumbering numbering;

    @BeforeAll
    static void load() throws IOException {
        fixture = new HandmadeFixture(AddressSpaceEncodings.DEFAULTS);
        numbering = AddressSpaceRegistry.numbering(DeviceFamily.AMDGPU, Producer.parse(fixture.unit.producer()), 8);
    }

    @Test
    void kindAndSpaceMatchTheEvaluatedLocation() {
        for (Map.Entry<String, Expression> e : fixture.locations.entrySet()) {
            LocationSummary summary = LocationSummary.of(e.getValue(), numbering, numbering.defaultSpace(), true);
            LocationDescription evaluated = new Evaluator(new RecordingContext(numbering), true).evaluate(e.getValue());
            assertEquals(evaluated.kind(), summary.kind(), e.getKey());
            if (evaluated instanceof LocationDescription.Memory m && !e.getKey().equals("llvm_call_frame_entry_reg")) {
                assertEquals(m.space(), summary.space(), e.getKey());
            }
        }
    }

    @Test
    void otherDraftsMemOrder() {
        Expression e = fixture.locations.get("mem_space_on_top");
        DwarfAddressSpace local = ((LocationDescription.Memory) new Evaluator(new RecordingContext(numbering), false).evaluate(e)).space();
        assertEquals(local, LocationSummary.of(e, numbering, numbering.defaultSpace(), false).space());
        assertEquals("local", local.name());
    }
}
