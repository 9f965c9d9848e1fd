package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.sim.ModuleVariable;
import org.junit.jupiter.api.Test;

/**
 * Expressions in a program built with {@code -O3 -lineinfo} (expressions.O3.ptx), whose PTX
 * carries line numbers but no variables: CUDA's built-ins and the module's symbols work, a
 * symbol has no type until a cast gives it one (as in cuda-gdb), and the frame's variables are
 * reported as unknown names.
 */
class LineinfoExpressionsTest {
    @Test
    void builtInsAndSymbolsWithACastWhereThePtxHasNoVariables() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        DebugSession s = ExpressionKernel.session("O3", failures::add);
        try {
            s.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage"))).get(10, TimeUnit.SECONDS);
            Stop stop = s.resume().get(60, TimeUnit.SECONDS);
            assertEquals(StopReason.BREAKPOINT, stop.reason());
            LaneId lane = s.focus().current().lane();
            int cta = lane.cta().x();
            int thread = lane.warp().warp() * 32 + lane.lane();
            assertEquals(Integer.toString(ExpressionKernel.gid(cta, thread)),
                    s.evaluate("blockIdx.x * blockDim.x + threadIdx.x", lane, 0).format());
            // the module's symbols, typed by a cast (stage's PTX name is the kernel-scoped mangled one)
            assertEquals(Integer.toString(ExpressionKernel.stage(cta, 5)), s.evaluate("((int *) &stage)[5]", lane, 0).format());
            assertEquals("-2.25", s.evaluate("((float *) &origin)[1]", lane, 0).format());
            assertEquals("2", s.evaluate("((float *) &weights)[2]", lane, 0).format());
            assertEquals("0", s.evaluate("(int) hits", lane, 0).format());
            ModuleVariable origin = s.query(e -> e.prepared().module().variable("origin"));
            assertEquals("(@global <data variable, no debug info> *) 0x" + Long.toHexString(origin.address()),
                    s.evaluate("&origin", lane, 0).format());
            ExpressionException untyped = assertThrows(ExpressionException.class, () -> s.evaluate("origin", lane, 0));
            assertEquals("column 1: 'origin' has unknown type (no debug information); cast it to its declared type",
                    untyped.getMessage());
            ExpressionException noVariables = assertThrows(ExpressionException.class, () -> s.evaluate("gid", lane, 0));
            assertTrue(noVariables.getMessage().startsWith("column 1: no variable or symbol 'gid'"), noVariables.getMessage());
        } finally {
            s.terminate();
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }
}
