package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GpuTargetTest {

    @Test
    void nvidiaSpellings() {
        assertEquals(new NvidiaTarget(8, 6, NvidiaTarget.Variant.PLAIN), GpuTarget.parse("sm_86"));
        assertEquals(new NvidiaTarget(8, 6, NvidiaTarget.Variant.PLAIN), GpuTarget.parse("8.6"));
        assertEquals(new NvidiaTarget(8, 0, NvidiaTarget.Variant.PLAIN), GpuTarget.parse("compute_80"));
        assertEquals(new NvidiaTarget(9, 0, NvidiaTarget.Variant.ARCH_SPECIFIC), GpuTarget.parse("sm_90a"));
        assertEquals(new NvidiaTarget(10, 0, NvidiaTarget.Variant.FAMILY_SPECIFIC), GpuTarget.parse("sm_100f"));
        assertEquals(new NvidiaTarget(12, 0, NvidiaTarget.Variant.PLAIN), GpuTarget.parse("12.0"));
        assertEquals("sm_120", GpuTarget.parse("12.0").name());
        assertEquals("compute_90a", ((NvidiaTarget) GpuTarget.parse("sm_90a")).computeName());
    }

    @Test
    void amdgpuSpellings() {
        AmdgpuTarget t = (AmdgpuTarget) GpuTarget.parse("gfx90a:xnack-:sramecc+");
        assertEquals(AmdgpuTarget.Feature.OFF, t.xnack());
        assertEquals(AmdgpuTarget.Feature.ON, t.sramecc());
        assertEquals("gfx90a:sramecc+:xnack-", t.name());
        assertEquals("gfx1100", AmdgpuTarget.parse("hipv4-amdgcn-amd-amdhsa--gfx1100").name());
        assertEquals(AmdgpuTarget.Feature.ANY, AmdgpuTarget.parse("gfx942").xnack());
    }

    @Test
    void badSpellings() {
        for (String s : new String[] {"", "sm_", "sm_8", "foo", "gfx90a:xnack", "gfx90a:fast+", "gfxzz", "8.10"}) {
            assertThrows(IllegalArgumentException.class, () -> GpuTarget.parse(s), s);
        }
    }
}
