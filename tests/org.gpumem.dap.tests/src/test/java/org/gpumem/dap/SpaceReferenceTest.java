package org.gpumem.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gpumem.dap.protocol.SpaceReference;
import org.junit.jupiter.api.Test;

class SpaceReferenceTest {

    @Test
    void referencesNameSpaceContextAndOffsetAndReadBack() {
        String[][] cases = {
            {"shared", "CTA (1,0,0)", "40", "shared [CTA (1,0,0)] +0x40"},
            {"local", "CTA (0,2,0) warp 3 lane 17", "0", "local [CTA (0,2,0) warp 3 lane 17] +0x0"},
            {"global", "device", "ffffffffffffffff", "global [device] +0xffffffffffffffff"},
        };
        for (String[] c : cases) {
            SpaceReference reference = new SpaceReference(c[0], c[1], Long.parseUnsignedLong(c[2], 16));
            assertEquals(c[3], reference.toString());
            assertEquals(reference, SpaceReference.parse(c[3]));
        }
        assertEquals("shared [CTA (0,0,0)] +0x50", SpaceReference.parse("shared [CTA (0,0,0)] +0x40").plus(0x10).toString());
    }

    @Test
    void otherNotationsAreNotGpumemReferences() {
        for (String text : new String[] {"0x1000", "shared+0x40", "shared [CTA (1,0,0)]", "shared [CTA (1,0,0)] +40",
            "shared [CTA (1,0,0)] +0x10000000000000000", "", "shared [] +0x0"}) {
            assertNull(SpaceReference.parse(text), text);
        }
        assertThrows(IllegalArgumentException.class, () -> new SpaceReference("shared mem", "device", 0));
        assertThrows(IllegalArgumentException.class, () -> new SpaceReference("shared", "CTA ]", 0));
    }
}
