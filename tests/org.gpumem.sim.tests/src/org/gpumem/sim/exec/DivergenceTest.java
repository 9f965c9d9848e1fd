package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DivergenceTest {

    @Test
    void nestedIfElseGivesEachLaneItsPath() {
        String body = String.join("\n",
                " and.b32 %r1, %t, 3;",
                " setp.eq.u32 %p1, %r1, 0;",
                " @%p1 bra A;",
                " setp.eq.u32 %p2, %r1, 1;",
                " @%p2 bra B;",
                " mul.lo.u32 %r0, %t, 7;",
                " bra.uni J;",
                "A: add.u32 %r0, %t, 100;",
                " bra.uni J;",
                "B: setp.lt.u32 %p3, %t, 16;",
                " @%p3 bra B1;",
                " mov.u32 %r0, 1000;",
                " bra.uni J;",
                "B1: mov.u32 %r0, 2000;",
                "J: add.u32 %r0, %r0, 1;");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 2, 64);
        assertNull(r.result.fault());
        int[] expected = new int[128];
        for (int g = 0; g < 128; g++) {
            int t = g % 64;
            int v = (t & 3) == 0 ? t + 100 : (t & 3) == 1 ? (t < 16 ? 2000 : 1000) : t * 7;
            expected[g] = v + 1;
        }
        assertArrayEquals(expected, r.out());
    }

    @Test
    void loopsWithLaneDependentTripCountsReconverge() {
        String body = String.join("\n",
                " mov.u32 %r1, 0;",
                "L: setp.gt.u32 %p1, %r1, %t;",
                " @%p1 bra E;",
                " add.u32 %r0, %r0, %r1;",
                " add.u32 %r1, %r1, 1;",
                " bra.uni L;",
                "E: activemask.b32 %r2;",
                " setp.ne.u32 %p2, %r2, -1;",
                " @%p2 mov.u32 %r0, -1;");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 64);
        assertNull(r.result.fault());
        int[] expected = new int[64];
        for (int t = 0; t < 64; t++) {
            expected[t] = t * (t + 1) / 2;
        }
        assertArrayEquals(expected, r.out(), "every lane sums 0..tid and all 32 lanes are active after the loop");
    }

    @Test
    void activeMaskInsideABranchIsThatBranchsLanes() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 5;",
                " @%p1 bra IN;",
                " activemask.b32 %r0;",
                " bra.uni J;",
                "IN: activemask.b32 %r0;",
                "J:");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32);
        int[] expected = new int[32];
        for (int t = 0; t < 32; t++) {
            expected[t] = t < 5 ? 0x1F : ~0x1F;
        }
        assertArrayEquals(expected, r.out());
    }

    @Test
    void partialWarpRunsOnlyItsThreads() {
        SimTestSupport.Run r = SimTestSupport.runPerThread("", " activemask.b32 %r0;", 1, 40);
        int[] out = r.out();
        for (int t = 0; t < 40; t++) {
            assertArrayEquals(new int[] {t < 32 ? -1 : 0xFF}, new int[] {out[t]}, "thread " + t);
        }
    }

    @Test
    void guardedExitLeavesOtherLanesRunning() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 8;",
                " @%p1 bra X;",
                " mov.u32 %r0, 9;",
                " bra.uni J;",
                "X: mov.u32 %r0, 5;",
                " mul.wide.u32 %ptr, %g, 4; add.u64 %ptr, %ptr, %out; st.global.u32 [%ptr], %r0;",
                " exit;",
                "J: bar.sync 0;",
                " add.u32 %r0, %r0, 1;");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 64);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] expected = new int[64];
        for (int t = 0; t < 64; t++) {
            expected[t] = t < 8 ? 5 : 10;
        }
        assertArrayEquals(expected, r.out(), "threads that exited count as arrived at the barrier");
    }
}
