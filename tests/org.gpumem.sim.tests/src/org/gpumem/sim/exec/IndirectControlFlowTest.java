package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Function addresses, indirect calls through a {@code .callprototype}, vtables in initializers
 * and brx.idx through {@code .branchtargets}, lanes of one warp going different ways, on both
 * engines; a call through a value that is no function's address and a brx.idx index past its
 * list fault with one line.
 */
class IndirectControlFlowTest {
    private static final String FUNCTIONS = String.join("\n",
            ".func (.param .b32 r) twice(.param .b32 x)",
            "{ .reg .b32 %a; ld.param.b32 %a, [x]; shl.b32 %a, %a, 1; st.param.b32 [r], %a; ret; }",
            ".func (.param .b32 r) square(.param .b32 x)",
            "{ .reg .b32 %a; ld.param.b32 %a, [x]; mul.lo.s32 %a, %a, %a; st.param.b32 [r], %a; ret; }",
            ".func (.param .b32 r) negate(.param .b32 x)",
            "{ .reg .b32 %a; ld.param.b32 %a, [x]; neg.s32 %a, %a; st.param.b32 [r], %a; ret; }",
            ".global .align 8 .u64 table[3] = {twice, square, negate};");

    /** Calls the function whose address {@code address} holds with the thread id, into %r0. */
    private static String callThrough(String address) {
        return String.join("\n",
                " {",
                " .param .b32 p0;",
                " st.param.b32 [p0], %t;",
                " .param .b32 rv;",
                " proto: .callprototype (.param .b32 _) _ (.param .b32 _);",
                " call (rv), " + address + ", (p0), proto;",
                " ld.param.b32 %r0, [rv];",
                " }");
    }

    private static SimTestSupport.Run run(String declarations, String body, ExecEngine engine) {
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(declarations, body), 4, 64);
        return r.launch(1, 64, ExecOptions.defaults().withBudget(10_000_000).withEngine(engine));
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void eachLaneCallsTheFunctionItsTableEntryNames(ExecEngine engine) {
        String body = String.join("\n",
                " rem.u32 %r1, %t, 3;",
                " mul.wide.u32 %rd1, %r1, 8;",
                " mov.u64 %rd2, table;",
                " add.u64 %rd2, %rd2, %rd1;",
                " ld.global.u64 %rd3, [%rd2];",
                callThrough("%rd3"),
                " add.s32 %r0, %r0, 1000;");
        SimTestSupport.Run r = run(FUNCTIONS, body, engine);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        int[] out = r.out();
        for (int t = 0; t < 64; t++) {
            int expected = switch (t % 3) {
                case 0 -> 2 * t;
                case 1 -> t * t;
                default -> -t;
            };
            assertEquals(expected + 1000, out[t], "thread " + t);
        }
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void anAddressTakenInCodeIsTheOneInTheTable(ExecEngine engine) {
        String body = String.join("\n",
                " mov.u64 %rd1, square;",
                " ld.global.u64 %rd2, [table+8];",
                " setp.eq.u64 %p1, %rd1, %rd2;",
                " selp.u32 %r2, 1, 0, %p1;",
                callThrough("%rd1"),
                " mad.lo.s32 %r0, %r2, 100000, %r0;");
        SimTestSupport.Run r = run(FUNCTIONS, body, engine);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        for (int t = 0; t < 64; t++) {
            assertEquals(100000 + t * t, r.out()[t], "thread " + t);
        }
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void aCallThroughAValueThatIsNoFunctionFaultsWithOneLine(ExecEngine engine) {
        String body = String.join("\n",
                " mov.u64 %rd1, square;",
                " setp.eq.u32 %p1, %t, 37;",
                " @%p1 add.u64 %rd1, %rd1, 8;",
                callThrough("%rd1"));
        SimTestSupport.Run r = run(FUNCTIONS, body, engine);
        assertNotNull(r.result.fault());
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, r.result.fault().kind());
        assertEquals(37, r.result.fault().warp() * 32 + r.result.fault().lane());
        long bad = PtxModule.functionAddress(r.module.module().function("square").index()) + 8;
        String message = r.result.fault().message();
        assertEquals("illegal instruction (call through 0x" + Long.toHexString(bad) + ", which is not the address of a"
                + " function) in CTA (0,0,0) warp 1 lane 5 thread (37,0,0) at 'call (rv), %rd1, (p0), proto'"
                + " (PTX line " + r.result.fault().ptxLine() + ")", message);
        assertEquals(-1, message.indexOf('\n'));
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void aNullFunctionPointerFaults(ExecEngine engine) {
        SimTestSupport.Run r = run(FUNCTIONS, " mov.u64 %rd1, 0;\n" + callThrough("%rd1"), engine);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, r.result.fault().kind());
        assertEquals(0, r.result.fault().lane());
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void brxIdxSendsEachLaneToItsTargetAndTheyMeetAgain(ExecEngine engine) {
        String body = String.join("\n",
                " and.b32 %r1, %t, 3;",
                " mov.u32 %r2, 7;",
                " ts: .branchtargets L0, L1, L2, L3;",
                " brx.idx %r1, ts;",
                "L0: mul.lo.s32 %r2, %t, 3; bra.uni DONE;",
                "L1: xor.b32 %r2, %t, 85; bra.uni DONE;",
                "L2: add.s32 %r2, %t, 1000; bra.uni DONE;",
                "L3: neg.s32 %r2, %t;",
                "DONE:",
                " activemask.b32 %r3;",
                " setp.eq.u32 %p1, %r3, -1;",
                " selp.s32 %r4, 0, 1, %p1;",
                " mad.lo.s32 %r0, %r4, 1000000, %r2;");
        SimTestSupport.Run r = run("", body, engine);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        for (int t = 0; t < 64; t++) {
            int expected = switch (t & 3) {
                case 0 -> 3 * t;
                case 1 -> t ^ 85;
                case 2 -> t + 1000;
                default -> -t;
            };
            assertEquals(expected, r.out()[t], "thread " + t);
        }
    }

    @ParameterizedTest
    @EnumSource(ExecEngine.class)
    void aBrxIdxIndexPastItsListFaults(ExecEngine engine) {
        String body = String.join("\n",
                " mov.u32 %r1, 0;",
                " setp.eq.u32 %p1, %t, 9;",
                " @%p1 mov.u32 %r1, 2;",
                " ts: .branchtargets A, B;",
                " brx.idx %r1, ts;",
                "A: mov.u32 %r0, 1;",
                "B: mov.u32 %r0, 2;");
        SimTestSupport.Run r = run("", body, engine);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, r.result.fault().kind());
        assertEquals(9, r.result.fault().lane());
        assertEquals("brx.idx index 2 is outside its 2 branch targets", r.result.fault().detail());
        assertEquals("brx.idx %r1, ts", r.result.fault().instruction());
    }
}
