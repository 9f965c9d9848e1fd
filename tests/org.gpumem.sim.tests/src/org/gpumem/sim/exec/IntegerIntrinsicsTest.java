package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** prmt modes, bmsk, szext, dp4a and dp2a per lane against the PTX ISA's definitions written here. */
class IntegerIntrinsicsTest {
    private static int[] run(String body) {
        return SimTestSupport.runLanes(body);
    }

    private static int x(int t) {
        return SimTestSupport.laneValue(t);
    }

    private static final String X = SimTestSupport.LANE_VALUE;

    /** The byte the PTX ISA's prmt mode table names for result byte k and selector s. */
    private static int select(String mode, int s, int k) {
        int[][] table = switch (mode) {
            case "f4e" -> new int[][] {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
            case "b4e" -> new int[][] {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}};
            case "rc8" -> new int[][] {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
            case "ecl" -> new int[][] {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
            case "ecr" -> new int[][] {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
            default -> new int[][] {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
        };
        return table[s][k];
    }

    @Test
    void prmtModes() {
        for (String mode : new String[] {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"}) {
            int[] got = run(X + " prmt.b32." + mode + " %r0, %r1, 0x11223344, %t;");
            for (int t = 0; t < 64; t++) {
                long bytes = 0x11223344L << 32 | (x(t) & 0xFFFF_FFFFL);
                int expected = 0;
                for (int k = 0; k < 4; k++) {
                    expected |= (int) ((bytes >>> (8 * select(mode, t & 3, k))) & 0xFF) << (8 * k);
                }
                assertEquals(expected, got[t], mode + " lane " + t);
            }
        }
    }

    @Test
    void masksExtensionsAndDotProducts() {
        int[] bmsk = run(" and.b32 %r1, %t, 7;\n shr.u32 %r2, %t, 3;\n mul.lo.u32 %r2, %r2, 5;\n bmsk.clamp.b32 %r0, %r2, %r1;");
        int[] bmskw = run(" mul.lo.u32 %r1, %t, 3;\n bmsk.wrap.b32 %r0, %t, %r1;");
        int[] szs = run(X + " szext.wrap.s32 %r0, %r1, %t;");
        int[] szu = run(X + " szext.clamp.u32 %r0, %r1, %t;");
        int[] dp4s = run(X + " dp4a.s32.s32 %r0, %r1, 0x80FF7F02, %t;");
        int[] dp4u = run(X + " dp4a.u32.u32 %r0, %r1, 0x80FF7F02, %t;");
        int[] dp2lo = run(X + " dp2a.lo.s32.s32 %r0, %r1, 0x80FF7F02, %t;");
        int[] dp2hi = run(X + " dp2a.hi.u32.u32 %r0, %r1, 0x80FF7F02, %t;");
        for (int t = 0; t < 64; t++) {
            int v = x(t);
            int width = t & 7, start = (t >> 3) * 5;
            assertEquals(start >= 32 ? 0 : (int) (((1L << width) - 1) << start), bmsk[t], "bmsk.clamp " + t);
            int ww = (3 * t) & 31;
            assertEquals((int) (((1L << ww) - 1) << (t & 31)), bmskw[t], "bmsk.wrap " + t);
            int sw = t & 31;
            assertEquals(sw == 0 ? 0 : (v << (32 - sw)) >> (32 - sw), szs[t], "szext.s32 " + t);
            int sc = Math.min(t, 32);
            assertEquals(sc == 0 ? 0 : sc == 32 ? v : v & ((1 << sc) - 1), szu[t], "szext.u32 " + t);
            int b = 0x80FF7F02;
            int es = t, eu = t, e2lo = t, e2hi = t;
            for (int k = 0; k < 4; k++) {
                es += (byte) (v >> (8 * k)) * (byte) (b >> (8 * k));
                eu += ((v >> (8 * k)) & 0xFF) * ((b >> (8 * k)) & 0xFF);
            }
            e2lo += (short) v * (byte) b + (short) (v >> 16) * (byte) (b >> 8);
            e2hi += (v & 0xFFFF) * ((b >> 16) & 0xFF) + ((v >>> 16) & 0xFFFF) * ((b >>> 24) & 0xFF);
            assertEquals(es, dp4s[t], "dp4a.s32 " + t);
            assertEquals(eu, dp4u[t], "dp4a.u32 " + t);
            assertEquals(e2lo, dp2lo[t], "dp2a.lo " + t);
            assertEquals(e2hi, dp2hi[t], "dp2a.hi " + t);
        }
    }
}
