package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.junit.jupiter.api.Test;

class CallTest {
    private static final String SQUARE_PLUS = String.join("\n",
            ".func (.param .b32 ret) sq_plus(.param .b32 x, .param .b32 y)",
            "{",
            " .local .align 4 .b8 depot[8];",
            " .reg .b32 %a<4>;",
            " ld.param.u32 %a1, [x];",
            " ld.param.u32 %a2, [y];",
            " st.local.u32 [depot+4], %a1;",
            " mul.lo.u32 %a3, %a1, %a1;",
            " ld.local.u32 %a0, [depot+4];",
            " add.u32 %a3, %a3, %a2;",
            " st.param.b32 [ret], %a3;",
            " ret;",
            "}");

    private static String call(String arg1, String arg2, String result) {
        return String.join("\n",
                " {",
                " .param .b32 p0;",
                " st.param.b32 [p0], " + arg1 + ";",
                " .param .b32 p1;",
                " st.param.b32 [p1], " + arg2 + ";",
                " .param .b32 rv;",
                " call.uni (rv), sq_plus, (p0, p1);",
                " ld.param.b32 " + result + ", [rv];",
                " }");
    }

    @Test
    void callPassesParamsAndReturnsAValuePerLane() {
        SimTestSupport.Run r = SimTestSupport.runPerThread(SQUARE_PLUS, call("%t", "7", "%r0"), 2, 64);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] expected = new int[128];
        for (int g = 0; g < 128; g++) {
            expected[g] = (g % 64) * (g % 64) + 7;
        }
        assertArrayEquals(expected, r.out());
    }

    @Test
    void divergentCallRunsOnlyTheCallingLanes() {
        String body = String.join("\n",
                " mov.u32 %r0, 1;",
                " setp.lt.u32 %p1, %t, 10;",
                " @!%p1 bra J;",
                call("%t", "%t", "%r0"),
                "J:");
        SimTestSupport.Run r = SimTestSupport.runPerThread(SQUARE_PLUS, body, 1, 32);
        assertNull(r.result.fault());
        int[] out = r.out();
        for (int t = 0; t < 32; t++) {
            assertEquals(t < 10 ? t * t + t : 1, out[t]);
        }
    }

    @Test
    void recursionUsesAStackOfFrames() {
        String fact = String.join("\n",
                ".func (.param .b32 ret) fact(.param .b32 n)",
                "{",
                " .local .align 4 .b8 keep[4];",
                " .reg .b32 %n, %m, %s; .reg .pred %q;",
                " ld.param.u32 %n, [n];",
                " st.local.u32 [keep], %n;",
                " setp.le.u32 %q, %n, 1;",
                " @%q bra BASE;",
                " sub.u32 %m, %n, 1;",
                " {",
                " .param .b32 a0;",
                " st.param.b32 [a0], %m;",
                " .param .b32 r0;",
                " call (r0), fact, (a0);",
                " ld.param.b32 %s, [r0];",
                " }",
                " ld.local.u32 %n, [keep];",
                " mul.lo.u32 %s, %s, %n;",
                " st.param.b32 [ret], %s;",
                " ret;",
                "BASE: st.param.b32 [ret], 1;",
                " ret;",
                "}");
        String body = String.join("\n",
                " and.b32 %r1, %t, 7;",
                " {",
                " .param .b32 a0;",
                " st.param.b32 [a0], %r1;",
                " .param .b32 r0;",
                " call (r0), fact, (a0);",
                " ld.param.b32 %r0, [r0];",
                " }");
        SimTestSupport.Run r = SimTestSupport.runPerThread(fact, body, 1, 32);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] out = r.out();
        int[] f = {1, 1, 2, 6, 24, 120, 720, 5040};
        for (int t = 0; t < 32; t++) {
            assertEquals(f[t & 7], out[t], "lane " + t);
        }
    }

    @Test
    void unboundedRecursionIsAStackOverflow() {
        String loop = String.join("\n",
                ".func down()",
                "{",
                " .local .align 4 .b8 pad[64];",
                " call down;",
                " ret;",
                "}");
        Fault f = SimTestSupport.runPerThread(loop, " call down;", 1, 32).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.STACK_OVERFLOW, f.kind());
    }
}
