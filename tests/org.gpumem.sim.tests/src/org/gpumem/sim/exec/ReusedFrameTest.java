package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.api.Test;

/**
 * The fast engine prepares a reused frame by clearing only the registers some path may read
 * before writing: registers still read as zero until written, in every CTA a worker runs after
 * another, as on the interpreter, which prepares every frame from scratch.
 */
class ReusedFrameTest {
    private static final int GRID = 6, BLOCK = 64;

    /** %r0 of every thread, one worker running CTA after CTA on the same frames. */
    private static int[] run(String body, ExecEngine engine) {
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel("", body), 4, GRID * BLOCK);
        r.launch(GRID, BLOCK, new ExecOptions(10_000_000, 1, false, engine));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        return r.out();
    }

    private static void assertBothEngines(int[] expected, String body) {
        assertArrayEquals(expected, run(body, ExecEngine.INTERPRETER), "interpreter");
        assertArrayEquals(expected, run(body, ExecEngine.FAST), "fast engine");
    }

    /** A guarded write is not a write on every path: CTA 0 writes %r5, the later CTAs read it unwritten. */
    @Test
    void aRegisterWrittenUnderAGuardInAnEarlierCtaReadsAsZero() {
        int[] expected = new int[GRID * BLOCK];
        for (int g = 0; g < expected.length; g++) {
            expected[g] = g < BLOCK ? 78 : 1;
        }
        assertBothEngines(expected, " setp.eq.u32 %p1, %c, 0;\n @%p1 mov.u32 %r5, 77;\n add.u32 %r0, %r5, 1;\n");
    }

    /** A write on one side of a branch only: the other side reads the register unwritten. */
    @Test
    void aRegisterWrittenOnOneSideOfABranchReadsAsZeroOnTheOther() {
        int[] expected = new int[GRID * BLOCK];
        for (int g = 0; g < expected.length; g++) {
            int t = g % BLOCK, c = g / BLOCK;
            expected[g] = (c % 2 == 0 ? 5 : 0) + t;
        }
        assertBothEngines(expected, " and.b32 %r2, %c, 1;\n setp.ne.u32 %p1, %r2, 0;\n @%p1 bra SKIP;\n"
                + " mov.u32 %r6, 5;\nSKIP:\n add.u32 %r0, %r6, %t;\n");
    }

    /** A register every path writes first keeps no trace of the CTA before: each CTA sees its own value. */
    @Test
    void aRegisterWrittenOnEveryPathHoldsThisCtasValue() {
        int[] expected = new int[GRID * BLOCK];
        for (int g = 0; g < expected.length; g++) {
            expected[g] = 3 * (g / BLOCK) + 1;
        }
        assertBothEngines(expected, " mul.lo.u32 %r7, %c, 3;\n add.u32 %r0, %r7, 1;\n");
    }
}
