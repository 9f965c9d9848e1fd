package org.gpumem.model.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;

import org.junit.jupiter.api.Test;

/** Sizes read as a person reads them: whole units when they are whole, else one decimal and the exact count. */
class GpumemLabelsTest {

    @Test
    void wholeUnitsStayWhole() {
        assertEquals("100 bytes", GpumemLabels.size(100));
        assertEquals("48 KiB", GpumemLabels.size(48 * 1024));
        assertEquals("4 GiB", GpumemLabels.size(4L << 30));
    }

    /** The global pool of a CUDA program spans 4 GiB of addresses plus the allocations above them. */
    @Test
    void aSizeOfNoWholeUnitGetsADecimalAndTheExactCount() {
        long global = (4L << 30) + 6928;
        String expected = String.format(Locale.ROOT, "%.1f GiB (%,d bytes)", global / (double) (1L << 30), global);
        assertEquals(expected, GpumemLabels.size(global));
        long stage = 1536;
        assertEquals(String.format(Locale.ROOT, "%.1f KiB (%,d bytes)", stage / 1024.0, stage), GpumemLabels.size(stage));
    }
}
