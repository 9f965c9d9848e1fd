package org.gpumem.debug.core;

import static org.gpumem.debug.core.ExpressionKernel.BLOCK;
import static org.gpumem.debug.core.ExpressionKernel.gid;
import static org.gpumem.debug.core.ExpressionKernel.in;
import static org.gpumem.debug.core.ExpressionKernel.stage;
import static org.gpumem.debug.core.ExpressionKernel.window;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.model.Location;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every construct of the expression evaluator at one stop of expressions.cu (-G), in the stop's
 * focused lane and in other lanes, against values the test computes from the kernel's source
 * ({@link ExpressionKernel}); pointers against the addresses the model's resolver gives.
 */
class ExpressionEvaluationTest {
    private static final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private static DebugSession session;
    /** Thread 21 of CTA 1: warp 0, lane 21. */
    private static final int CTA = 1;
    private static final int THREAD = 21;
    private static LaneId lane;

    @BeforeAll
    static void stop() throws Exception {
        session = ExpressionKernel.session("G", failures::add);
        // every thread has stored its stage and tile elements (the line after __syncthreads)
        session.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage"))).get(10, TimeUnit.SECONDS);
        Stop stop = session.resume().get(60, TimeUnit.SECONDS);
        while (!stop.warp().cta().equals(new org.gpumem.sim.Dim3(CTA, 0, 0)) || stop.warp().warp() != 0) {
            stop = session.resume().get(60, TimeUnit.SECONDS);
        }
        lane = new LaneId(stop.warp(), THREAD);
    }

    @AfterAll
    static void end() {
        session.terminate();
        assertTrue(failures.isEmpty(), failures.toString());
    }

    private static String print(String expression) throws Exception {
        return session.evaluate(expression, lane, 0).format();
    }

    private static ExpressionValue value(String expression) throws Exception {
        return session.evaluate(expression, lane, 0);
    }

    private static ExpressionException error(String expression) {
        return assertThrows(ExpressionException.class, () -> session.evaluate(expression, lane, 0));
    }

    @Test
    void literalsAndEveryOperatorFollowC() throws Exception {
        int a = 7, b = 3;
        assertEquals(Integer.toString(a + b * 2 - a / b % 2), print("7 + 3 * 2 - 7 / 3 % 2"));
        assertEquals(Integer.toString(-a % b), print("-7 % 3"));
        assertEquals(Integer.toString(1 << 4 | 0x10 >> 2), print("1 << 4 | 0x10 >> 2"));
        assertEquals(Integer.toString(~5 & 0xff ^ 3), print("~5 & 0xff ^ 3"));
        assertEquals("true", print("!0"));
        assertEquals("false", print("7 != 7 || 3 > 4 && 1"));
        assertEquals("true", print("3 <= 3 && 2 >= 1 && 1 < 2 && 2 == 2"));
        assertEquals("2", print("1 ? 2 : 3"));
        assertEquals("3", print("0 ? 2 : 3"));
        assertEquals("97 'a'", print("'a'"));
        assertEquals("10 '\\n'", print("'\\n'"));
        assertEquals(Float.toString(1.5f * 2).replace(".0", ""), print("1.5f * 2"));
        assertEquals("2.5", print("10 / 4.0"));
        assertEquals("float", value("1.5f * 2").typeName());
        assertEquals("double", value("1.5f * 2.0").typeName());
        assertEquals(Long.toUnsignedString(0xffffffffL), print("0xffffffff"));
        assertEquals("unsigned int", value("0xffffffff").typeName());
        assertEquals("long", value("2147483648").typeName());
        assertEquals(Long.toString(1L << 40), print("1L << 40"));
        assertEquals(Integer.toUnsignedString(-1), print("-1u"));
        // integer arithmetic wraps at the type's width
        assertEquals(Integer.toString(Integer.MAX_VALUE + 1), print("2147483647 + 1"));
        assertEquals("65 'A'", print("(char) 65"));
        assertEquals("255 '\\377'", print("(unsigned char) -1"));
        assertEquals("3", print("(int) 3.9"));
        assertEquals("-3", print("(int) -3.9"));
        assertEquals("true", print("(bool) 5"));
        assertEquals("4", print("sizeof(int)"));
        assertEquals("8", print("sizeof(long long)"));
        assertEquals("unsigned long", value("sizeof(int)").typeName());
    }

    @Test
    void floatsPrintAsCsPercentGWithNineAndSeventeenDigits() throws Exception {
        // %.9g of 0.1f and %.17g of 0.1, as C's printf writes them
        assertEquals("0.100000001", print("0.1f"));
        assertEquals("0.10000000000000001", print("0.1"));
        assertEquals("1e+20", print("1e20"));
        assertEquals("1.00000001e-07", print("1e-7f"));
        assertEquals("-0", print("-0.0"));
        assertEquals("inf", print("1.0 / 0"));
        assertEquals("-inf", print("-1.0f / 0"));
        assertTrue(print("0.0 / 0").startsWith("-nan(") || print("0.0 / 0").startsWith("nan("), print("0.0 / 0"));
        // the printed text reads back as the same number
        for (String x : List.of("3.14159274f", "2.0 / 3", "123456789.0f", "1e-300")) {
            ExpressionValue v = value(x);
            String text = v.format();
            if (v.typeName().equals("float")) {
                assertEquals(Float.intBitsToFloat((int) bits(v)), Float.parseFloat(text), x);
            } else {
                assertEquals(Double.longBitsToDouble(bits(v)), Double.parseDouble(text), x);
            }
        }
    }

    private static long bits(ExpressionValue v) {
        byte[] b = v.bytes();
        long bits = 0;
        for (int i = b.length - 1; i >= 0; i--) {
            bits = bits << 8 | (b[i] & 0xff);
        }
        return bits;
    }

    @Test
    void localsRegistersAndParametersHoldWhatTheKernelComputed() throws Exception {
        int gid = gid(CTA, THREAD);
        assertEquals(Integer.toString(gid), print("gid"));
        assertEquals(Integer.toString(gid), print("$r1"), "gid lives in %r1 (the DWARF says so)");
        assertEquals(Integer.toString(gid), print("%r1"));
        assertEquals(Integer.toString(0xA0 + THREAD), print("tag"));
        assertEquals("tag_t", value("tag").typeName());
        assertEquals((THREAD & 1) != 0 ? "MODE_SCALE" : "MODE_SHIFT", print("mode"));
        assertEquals(Integer.toString((THREAD & 1) != 0 ? 2 : 5), print("(int) mode"));
        char letter = (char) ('a' + THREAD % 26);
        assertEquals((int) letter + " '" + letter + "'", print("letter"));
        assertEquals(gid / 2.0, Double.parseDouble(print("half")));
        assertEquals(Long.toString((long) gid << 33), print("big"));
        assertEquals(Integer.toString(ExpressionKernel.N), print("n"));
        assertEquals(Float.toString(in(gid)).replace(".0", ""), print("in[gid]"));
        assertEquals(Float.toString(in(gid + 1)).replace(".0", ""), print("*(in + gid + 1)"));
    }

    @Test
    void structsArraysMembersAndPointersOfTheFrame() throws Exception {
        int gid = gid(CTA, THREAD);
        String particle = "{x = " + Float.toString(in(gid)).replace(".0", "") + ", y = "
                + Float.toString(0.25f * THREAD).replace(".0", "") + ", id = " + gid + ", flags = {" + (THREAD - 16) + ", "
                + CTA + "}}";
        assertEquals(particle, print("p"));
        assertEquals(particle, print("*q"));
        assertEquals(Integer.toString(gid), print("q->id"));
        assertEquals(Integer.toString(THREAD - 16), print("p.flags[0]"));
        assertEquals(Integer.toString(CTA), print("(*q).flags[1]"));
        List<String> w = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            w.add(Integer.toString(window(gid, k)));
        }
        assertEquals("{" + String.join(", ", w) + "}", print("window"));
        assertEquals(Integer.toString(window(gid, 2)), print("window[1 + 1]"));
        assertEquals(Integer.toString(window(gid, 3)), print("*(window + 3)"));
        // a 2-D shared tile indexed by expressions
        for (String e : List.of("tile[threadIdx.x / 8][threadIdx.x % 8]", "tile[2][5]", "tile[5][8]")) {
            int r = e.equals("tile[2][5]") ? 2 : e.equals("tile[5][8]") ? 5 : THREAD / 8;
            int c = e.equals("tile[2][5]") ? 5 : e.equals("tile[5][8]") ? 8 : THREAD % 8;
            assertEquals(ExpressionKernel.tile(r, c), Float.parseFloat(print(e)), e);
        }
        assertEquals(Integer.toString(stage(CTA, 5)), print("stage[5]"));
        assertEquals(Integer.toString(stage(CTA, (THREAD + 1) % BLOCK)), print("stage[(threadIdx.x + 1) % blockDim.x]"));
        assertEquals("16", print("sizeof p"));
        assertEquals(Integer.toString(8 * 9 * 4), print("sizeof tile"));
        assertEquals(Integer.toString(9 * 4), print("sizeof tile[0]"));
        assertEquals("Particle", value("p").typeName());
        assertEquals("@generic Particle *", value("q").typeName());
        assertEquals("float [8][9]", value("tile").typeName());
    }

    @Test
    void moduleVariablesInGlobalAndConstMemory() throws Exception {
        assertEquals("{x = 1.5, y = -2.25, id = 7, flags = {3, -4}}", print("origin"));
        assertEquals("-4", print("origin.flags[1]"));
        assertEquals("{0.5, 1, 2, 4}", print("weights"));
        assertEquals("2", print("weights[2]"));
        assertEquals("0", print("hits"), "no thread has passed the atomicAdd");
    }

    @Test
    void addressesKeepTheirSpaceAndCastsReadAnySpace() throws Exception {
        StopMemoryState state = session.stopState();
        VariableValue stage = variable("stage");
        assertEquals("shared", stage.location().space());
        long at = stage.location().offset() + 4 * 3;
        assertEquals("(@shared int *) 0x" + Long.toHexString(at), print("&stage[3]"));
        assertEquals("(@shared int (*)[64]) 0x" + Long.toHexString(stage.location().offset()), print("&stage"));
        assertEquals("(@shared int *) 0x" + Long.toHexString(stage.location().offset() + 4), print("stage + 1"));
        assertEquals("3", print("&stage[3] - &stage[0]"));
        assertEquals(Integer.toString(stage(CTA, 5)), print("*(@shared int *) " + (stage.location().offset() + 20)));
        assertEquals(Integer.toString(stage(CTA, 5)), print("((@shared int *) 0)[" + (stage.location().offset() / 4 + 5) + "]"));
        // the same bytes through the generic window, at the address the model's aliases give
        Location shared5 = state.location("shared", lane, stage.location().offset() + 20);
        long generic = state.offsetIn("generic", lane, shared5);
        assertEquals(Integer.toString(stage(CTA, 5)), print("*(@generic int *) 0x" + Long.toHexString(generic)));
        // a local variable: its local offset, and the generic pointer q holds is the model's generic alias of it
        VariableValue p = variable("p");
        assertEquals("(@local Particle *) 0x" + Long.toHexString(p.location().offset()), print("&p"));
        long q = state.offsetIn("generic", lane, state.location("local", lane, p.location().offset()));
        assertEquals("(@generic Particle *) 0x" + Long.toHexString(q), print("q"));
        assertEquals(Integer.toString(window(gid(CTA, THREAD), 2)), print("*((@local int *) &window + 2)"));
        // a pointer cast without a space keeps the operand's; the integer a pointer holds
        assertEquals("(@shared char *) 0x" + Long.toHexString(at), print("(char *) &stage[3]"));
        assertEquals(Long.toString(at), print("(long) &stage[3]"));
        // global memory through the kernel's pointer parameter
        assertEquals(Float.toString(in(7)).replace(".0", ""), print("((@global float *) in)[7]"));
    }

    private static VariableValue variable(String name) throws Exception {
        return session.query(e -> e.variables(lane.warp(), 0, lane.lane()).stream().filter(v -> v.name().equals(name))
                .findFirst().orElseThrow());
    }

    @Test
    void builtInsOfTheLaneAndLaunch() throws Exception {
        assertEquals("{x = " + THREAD + ", y = 0, z = 0}", print("threadIdx"));
        assertEquals("{x = " + CTA + ", y = 0, z = 0}", print("blockIdx"));
        assertEquals("{x = " + BLOCK + ", y = 1, z = 1}", print("blockDim"));
        assertEquals(Integer.toString(ExpressionKernel.GRID), print("gridDim.x"));
        assertEquals("32", print("warpSize"));
        assertEquals("true", print("blockIdx.x * blockDim.x + threadIdx.x == gid"));
        assertEquals("uint3", value("threadIdx").typeName());
        assertEquals("dim3", value("gridDim").typeName());
    }

    @Test
    void theSameExpressionInAnotherLane() throws Exception {
        LaneId other = new LaneId(lane.warp(), 3);
        assertEquals(Integer.toString(gid(CTA, 3)), session.evaluate("gid", other, 0).format());
        assertEquals(Integer.toString(window(gid(CTA, 3), 1)), session.evaluate("window[1]", other, 0).format());
        assertEquals(Integer.toString(stage(CTA, 4)), session.evaluate("stage[threadIdx.x + 1]", other, 0).format());
    }

    @Test
    void errorsAreOneLineNamingTheColumn() {
        assertEquals("column 6: expected an operand, found the end of the expression", error("gid +").getMessage());
        ExpressionException unknown = error("gid + nosuch");
        assertEquals(6, unknown.position());
        assertTrue(unknown.getMessage().startsWith("column 7: no variable or symbol 'nosuch' in expressions"),
                unknown.getMessage());
        assertEquals("column 3: division by zero", error("1 / 0").getMessage());
        ExpressionException member = error("p.nosuch");
        assertEquals("column 3: Particle has no member 'nosuch' (it has x, y, id, flags)", member.getMessage());
        assertTrue(error("q.x").getMessage().contains("write '->x'"));
        assertTrue(error("(@nowhere int *) 0").getMessage().contains("no address space 'nowhere'"));
        assertTrue(error("stage[1").getMessage().startsWith("column 8: expected ']'"));
        assertTrue(error("1 << 40").getMessage().contains("shift count 40"));
        assertTrue(error("&gid").getMessage().contains("register %r1"), error("&gid").getMessage());
        assertTrue(error("*(void *) 0").getMessage().contains("cast it to a pointer"));
        // an address outside its space's pool is an error naming it, never a JVM exception
        ExpressionException outside = error("1 + *(@shared int *) 0x100000");
        assertEquals(4, outside.position());
        assertTrue(outside.getMessage().contains("cannot read 4 bytes at shared 0x100000"), outside.getMessage());
        ExpressionException local = error("((@local int *) 0)[100000000]");
        assertTrue(local.getMessage().contains("cannot read 4 bytes at local"), local.getMessage());
    }

    @Test
    void warpWatchGivesEachLaneItsValue() throws Exception {
        List<LaneEvaluation> lanes = session.evaluateWarp("gid * 2", lane.warp(), 0);
        assertEquals(32, lanes.size());
        for (LaneEvaluation l : lanes) {
            assertEquals(LaneEvaluation.State.ACTIVE, l.state(), "every lane reached the line");
            assertNotNull(l.value());
            assertEquals(Integer.toString(2 * gid(CTA, l.lane())), l.text());
        }
        // the CTA's second warp holds 16 threads
        List<LaneEvaluation> half = session.evaluateWarp("threadIdx.x", new WarpId(lane.warp().cta(), 1), 0);
        for (LaneEvaluation l : half) {
            if (l.lane() < BLOCK - 32) {
                assertEquals(Integer.toString(32 + l.lane()), l.text());
            } else {
                assertEquals(LaneEvaluation.State.NO_THREAD, l.state());
            }
        }
    }

    @Test
    void valuesOfTheStopAreTheBytesTheVariablesViewShows() throws Exception {
        for (String name : List.of("gid", "window", "stage", "tile", "tag", "big", "half", "q")) {
            VariableValue v = variable(name);
            assertArrayEquals(v.bytes(), value(name).bytes(), name);
        }
    }

    private static MemoryReference memory(String text) throws Exception {
        return session.query(e -> e.memoryReference(text, lane, 0));
    }

    @Test
    void memoryMonitorsFromSpaceColonExpression() throws Exception {
        StopMemoryState state = session.stopState();
        long stage = variable("stage").location().offset();
        long window = variable("window").location().offset();
        assertEquals(new MemoryReference("shared", lane, stage + 12, value("stage[3]").type()), memory("shared:&stage[3]"));
        assertEquals(new MemoryReference("shared", lane, stage, value("stage[0]").type()), memory("stage"));
        long generic = state.offsetIn("generic", lane, state.location("shared", lane, stage + 12));
        assertEquals(generic, memory("generic:&stage[3]").offset());
        assertEquals("generic", memory("generic : &stage[3]").space());
        long physical = state.offsetIn("local_warp", lane, state.location("local", lane, window + 4));
        assertEquals(new MemoryReference("local_warp", lane, physical, value("window[1]").type()), memory("private_wave:&window[1]"));
        assertEquals(new MemoryReference("generic", lane, 0x40, null), memory("0x40"));
        assertEquals(new MemoryReference("shared", lane, 0x40, null), memory("shared:0x40"));
        assertEquals(new MemoryReference("local", lane, variable("p").location().offset(), value("p").type()), memory("p"));
        MemoryReference q = memory("q");
        assertEquals("generic", q.space());
        assertEquals(state.offsetIn("generic", lane, state.location("local", lane, variable("p").location().offset())), q.offset());
        assertEquals(Integer.toString(gid(CTA, THREAD)), Long.toString(memory("gid").offset()));
        ExpressionException notReached = assertThrows(ExpressionException.class, () -> memory("shared:q"));
        assertTrue(notReached.getMessage().startsWith("column 8: shared does not reach generic 0x"), notReached.getMessage());
        ExpressionException notAddress = assertThrows(ExpressionException.class, () -> memory("shared:half"));
        assertEquals("column 8: 'half' is double, not an address", notAddress.getMessage());
        ExpressionException bad = assertThrows(ExpressionException.class, () -> memory("shared:stage +"));
        assertEquals("column 15: expected an operand, found the end of the expression", bad.getMessage());
    }
}
