package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.junit.jupiter.api.Test;

/**
 * Tensor-core instructions where the fixtures' matrices do not reach: integer accumulators at
 * the edge of the .s32 range, and a warp that is not whole at an .aligned matrix instruction.
 * Every element of A, B and C is the same, so the result does not depend on the fragments'
 * distribution.
 */
class MatrixInstructionTest {
    /** A and B all 127 (four .s8 a register), C all {@code c}; d[0] of every thread in %r0. */
    private static String s8Product(String suffix, int c) {
        return String.join("\n",
                " mov.b32 %r1, 0x7F7F7F7F; mov.b32 %r2, " + c + ";",
                " wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32" + suffix
                        + " {%r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10}, {%r1, %r1}, {%r1, %r1},"
                        + " {%r2, %r2, %r2, %r2, %r2, %r2, %r2, %r2};",
                " mov.u32 %r0, %r3;");
    }

    @Test
    void integerAccumulatorsWrapAndSaturateWithSatfinite() {
        int c = Integer.MAX_VALUE - 1000;
        long sum = c + 16L * 127 * 127;
        SimTestSupport.Run wrapped = SimTestSupport.runPerThread("", s8Product("", c), 1, 32);
        assertNull(wrapped.result.fault(), () -> wrapped.result.fault().message());
        SimTestSupport.Run saturated = SimTestSupport.runPerThread("", s8Product(".satfinite", c), 1, 32);
        assertNull(saturated.result.fault(), () -> saturated.result.fault().message());
        for (int l = 0; l < 32; l++) {
            assertEquals((int) sum, wrapped.out()[l], "lane " + l);
            assertEquals(Integer.MAX_VALUE, saturated.out()[l], "lane " + l);
        }
    }

    @Test
    void aMatrixInstructionOfPartOfAWarpFailsTheThread() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 16;",
                " mov.b32 %r1, 0x01010101; mov.b32 %r2, 0;",
                " @%p1 wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32"
                        + " {%r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10}, {%r1, %r1}, {%r1, %r1},"
                        + " {%r2, %r2, %r2, %r2, %r2, %r2, %r2, %r2};");
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32);
        Fault f = r.result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().contains("needs all 32 threads of the warp"), f.detail());
    }
}
