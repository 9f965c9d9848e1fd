package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** funnel_shifts.cu: shf.l/r.wrap/clamp, rotates and 64-bit shifts, exactly (README.md's slots). */
class EverydayFunnelShiftTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void funnelShifts(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("funnel_shifts.funnel_shifts", v);
        int[] lo = Everyday.ints(launch.initialBuffer("lo"));
        int[] hi = Everyday.ints(launch.initialBuffer("hi"));
        int[] sh = Everyday.ints(launch.initialBuffer("sh"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < lo.length; i++) {
            int a = lo[i], b = hi[i];
            long s = (i & 1) != 0 ? sh[i] & 0xFFFF_FFFFL : Integer.remainderUnsigned(sh[i], 40);
            long x = (long) b << 32 | (a & 0xFFFF_FFFFL);
            long wrap = s & 31, clamp = Math.min(s, 32);
            int[] expected = {(int) ((x << wrap) >>> 32), (int) ((x << clamp) >>> 32), (int) (x >>> wrap),
                (int) (x >>> clamp), Integer.rotateLeft(a, (int) wrap), Integer.rotateRight(a, (int) wrap),
                (int) Long.rotateLeft(x, (int) (s & 63)), (int) (Long.rotateLeft(x, (int) (s & 63)) >>> 32),
                (int) (x << (s & 63)), (int) ((x << (s & 63)) >>> 32), (int) (x >> (s & 63)),
                (int) ((x >> (s & 63)) >>> 32)};
            for (int k = 0; k < 12; k++) {
                assertEquals(expected[k], out[12 * i + k], "element " + i + " slot " + k);
            }
        }
    }
}
