package org.gpumem.debug.core;

import static org.gpumem.debug.core.ExpressionKernel.BLOCK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.Test;

/**
 * Breakpoint conditions evaluated per lane and hit counts on expressions.cu (-G): the kernel
 * stops only where a lane satisfies the condition, the focus moves to that lane, and a resumed
 * warp does not stop again at the instruction it was let go from while the other warps still do.
 */
class ConditionalBreakpointTest extends ExpressionSessions {
    /** Every stop until the kernel exits, with the lane the focus moved to. */
    private static List<String> stops(DebugSession s, List<BreakpointSpec> breakpoints) throws Exception {
        s.setBreakpoints(breakpoints).get(10, TimeUnit.SECONDS);
        List<String> out = new ArrayList<>();
        for (Stop stop = s.resume().get(60, TimeUnit.SECONDS); stop.reason() != StopReason.EXITED;
                stop = s.resume().get(60, TimeUnit.SECONDS)) {
            assertEquals(StopReason.BREAKPOINT, stop.reason());
            out.add(s.focus().current().describe(s.launch().target()));
        }
        return out;
    }

    @Test
    void aConditionOnTheThreadStopsInThatLaneOnTheFirstReachOnly() throws Exception {
        DebugSession s = session();
        BreakpointSpec line = ExpressionKernel.line("int sum = stage").withCondition("threadIdx.x == 37 && blockIdx.x == 1");
        s.setBreakpoints(List.of(line)).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(60, TimeUnit.SECONDS);
        assertEquals(StopReason.BREAKPOINT, stop.reason());
        assertEquals(line, stop.breakpoint());
        // thread 37 is lane 5 of warp 1
        assertEquals(new LaneId(new WarpId(new Dim3(1, 0, 0), 37 / 32), 37 % 32), stop.laneId());
        CudaFocus focus = s.focus().current();
        assertEquals(new Dim3(37, 0, 0), focus.thread());
        assertEquals(new Dim3(1, 0, 0), focus.cta());
        assertEquals("37", s.evaluate("threadIdx.x", focus.lane(), 0).format());
        // no other lane satisfies it: the kernel runs to its end
        assertEquals(StopReason.EXITED, s.resume().get(60, TimeUnit.SECONDS).reason());
    }

    @Test
    void aConditionOnMemoryAndLocalsFocusesTheFirstLaneWhereItHolds() throws Exception {
        DebugSession s = session();
        // window[3] = gid * 10 + 3 > 200 needs gid >= 20; p.flags[0] == 5 needs thread 21
        List<String> stops = stops(s, List.of(ExpressionKernel.line("int sum = stage")
                .withCondition("window[3] > 200 && p.flags[0] == 5 && stage[threadIdx.x] == gid - 20")));
        List<String> expected = new ArrayList<>();
        for (int cta = 0; cta < ExpressionKernel.GRID; cta++) {
            int gid = cta * BLOCK + 21;
            if (gid * 10 + 3 > 200) {
                expected.add("CTA (" + cta + ",0,0) thread (21,0,0), warp 0 lane 21");
            }
        }
        assertEquals(expected, stops);
    }

    @Test
    void aHitCountStopsAtThatReachAndTheOnesAfterIt() throws Exception {
        BreakpointSpec line = ExpressionKernel.line("int sum = stage");
        List<String> every = stops(session(), List.of(line));
        assertEquals(ExpressionKernel.GRID * 2, every.size(), "each warp reaches the line once: " + every);
        List<String> fromThird = stops(session(), List.of(line.withHitCount(3)));
        assertEquals(every.subList(2, every.size()), fromThird);
        // with a condition, only the reaches where it holds count: warp 1 of each CTA holds thread 40
        List<String> conditioned = stops(session(), List.of(line.withCondition("threadIdx.x == 40").withHitCount(2)));
        assertEquals(List.of("CTA (1,0,0) thread (40,0,0), warp 1 lane 8"), conditioned);
    }

    @Test
    void aConditionThatCannotBeEvaluatedStopsAndSaysWhy() throws Exception {
        DebugSession s = session();
        s.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage").withCondition("nosuch > 0"))).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(60, TimeUnit.SECONDS);
        assertEquals(StopReason.BREAKPOINT, stop.reason());
        assertNotNull(stop.conditionError());
        assertTrue(stop.conditionError().contains("column 1: no variable or symbol 'nosuch'"), stop.conditionError());
        DebugSession bad = session();
        bad.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage").withCondition("gid >"))).get(10, TimeUnit.SECONDS);
        Stop syntax = bad.resume().get(60, TimeUnit.SECONDS);
        assertEquals("column 6: expected an operand, found the end of the expression", syntax.conditionError());
        assertNull(syntax.laneId());
    }

    @Test
    void warpWatchInADivergentBranchMarksTheLanesThatWait() throws Exception {
        DebugSession s = session();
        s.setBreakpoints(List.of(ExpressionKernel.line("int negative = -sum"))).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(60, TimeUnit.SECONDS);
        assertEquals(StopReason.BREAKPOINT, stop.reason());
        int cta = stop.warp().cta().x();
        int warp = stop.warp().warp();
        List<LaneEvaluation> lanes = s.evaluateWarp("sum", stop.warp(), 0);
        for (LaneEvaluation l : lanes) {
            int thread = warp * 32 + l.lane();
            if (thread >= BLOCK) {
                assertEquals(LaneEvaluation.State.NO_THREAD, l.state());
                continue;
            }
            int sum = ExpressionKernel.sum(cta, thread);
            assertEquals(sum < 0 ? LaneEvaluation.State.ACTIVE : LaneEvaluation.State.INACTIVE, l.state(), "lane " + l.lane());
            if (sum < 0) {
                assertEquals(Integer.toString(sum), l.text(), "lane " + l.lane());
            }
        }
        assertTrue(lanes.stream().anyMatch(l -> l.state() == LaneEvaluation.State.ACTIVE));
        assertTrue(lanes.stream().anyMatch(l -> l.state() == LaneEvaluation.State.INACTIVE));
    }
}
