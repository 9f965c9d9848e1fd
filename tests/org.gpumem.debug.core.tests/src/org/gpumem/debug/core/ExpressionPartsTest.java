package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.Test;

/**
 * The parts of struct and array values (the Expressions view's child rows) at one stop of
 * expressions.cu (-G), thread 21 of CTA 1: each member and element equals what the test computes
 * from the kernel's source, and what the evaluator's {@code .} and {@code []} give.
 */
class ExpressionPartsTest {

    @Test
    void membersAndElementsAreTheValuesOfDotAndIndex() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        DebugSession session = ExpressionKernel.session("G", failures::add);
        try {
            session.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage"))).get(10, TimeUnit.SECONDS);
            Stop stop = session.resume().get(60, TimeUnit.SECONDS);
            while (!stop.warp().cta().equals(new Dim3(1, 0, 0)) || stop.warp().warp() != 0) {
                stop = session.resume().get(60, TimeUnit.SECONDS);
            }
            LaneId lane = new LaneId(stop.warp(), 21);
            int gid = ExpressionKernel.gid(1, 21);

            List<String> p = new ArrayList<>();
            for (ExpressionValue.Part part : session.evaluate("p", lane, 0).parts()) {
                p.add(part.name() + " = " + part.value().format());
                assertEquals(session.evaluate("p." + part.name(), lane, 0).format(), part.value().format());
            }
            // in[gid] = gid - 70 is integral: cuda-gdb prints it without a fraction
            assertEquals(List.of("x = " + (gid + ExpressionKernel.IN_START), "y = " + 0.25f * 21, "id = " + gid,
                    "flags = {" + (21 - 16) + ", 1}"), p);

            List<String> window = new ArrayList<>();
            for (ExpressionValue.Part part : session.evaluate("window", lane, 0).parts()) {
                window.add(part.name() + " = " + part.value().format());
            }
            List<String> expected = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                expected.add("[" + k + "] = " + ExpressionKernel.window(gid, k));
            }
            assertEquals(expected, window);
            ExpressionValue flags = session.evaluate("p", lane, 0).parts().get(3).value();
            assertEquals(List.of("[0]", "[1]"), flags.parts().stream().map(ExpressionValue.Part::name).toList());
            assertEquals(List.of(), session.evaluate("gid", lane, 0).parts(), "a scalar has no parts");
        } finally {
            session.terminate();
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }
}
