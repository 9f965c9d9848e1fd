package org.gpumem.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.sim.Device;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;

/**
 * Declarations inside {@code { }} blocks follow PTX scoping (an inner name shadows the outer one
 * until the block ends), and {@code .weak}/{@code .extern} functions and variables link as they
 * would in one module.
 */
class ScopesAndLinkageTest {
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    /** Runs kernel {@code k(out)} of {@code ptx} with one thread and returns out[0]. */
    private static int run(String ptx) {
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule m = device.load("s.ptx", HEADER + ptx);
        long out = device.allocate(4);
        LaunchResult r = m.launch(LaunchConfig.builder("k").argU64(out).build(), ExecOptions.defaults()).run();
        assertTrue(r.completed(), String.valueOf(r.fault()));
        return ByteBuffer.wrap(device.read(out, 4)).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private static String kernel(String body) {
        return ".visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<5>; .reg .b64 %rd<3>;\n ld.param.u64 %rd1, [out];\n"
                + body + "\n st.global.u32 [%rd1], %r2;\n ret;\n}\n";
    }

    @Test
    void aBlockRegisterShadowsTheOuterOneAndNamesNeedNoPercent() {
        // nvcc -G's inline asm: { .reg .pred p; ... } inside the body
        assertEquals(112, run(kernel(String.join("\n",
                " mov.u32 %r1, 5;",
                " {",
                "  .reg .b32 %r1;",
                "  .reg .pred p;",
                "  mov.u32 %r1, 7;",
                "  setp.eq.u32 p, %r1, 7;",
                "  selp.u32 %r2, 100, 0, p;",
                "  add.u32 %r2, %r2, %r1;",
                " }",
                " add.u32 %r2, %r2, %r1;"))));
    }

    /**
     * cuda_fp16.hpp's inline assembly: {@code .reg.b16} with its type glued on, declarations in
     * nested blocks after instructions, and uppercase hex immediates with a U suffix.
     */
    @Test
    void declarationsAnywhereInABodyAndWithTheirTypeGluedOn() {
        assertEquals(0x3c00 + 0x1f79 + 1, run(kernel(String.join("\n",
                " mov.u32 %r2, 1;",
                " {.reg.b32 f;",
                "  .reg.b16 h, r;",
                "  mov.b32 f, 0x3f800000U;",
                "  cvt.rn.f16.f32 h, f;",
                "  cvt.u32.u16 %r3, h;",
                "  add.u32 %r2, %r2, %r3;",
                "  {.reg.b16 spc;",
                "   mov.b16 spc, 0X1F79U;",
                "   mov.b16 r, spc;",
                "  }",
                "  .reg.b32 late;",
                "  cvt.u32.u16 late, r;",
                "  add.u32 %r2, %r2, late;",
                " }"))));
    }

    @Test
    void blockLocalAndSharedVariablesShadowTheOuterOnes() {
        assertEquals(2211, run(kernel(String.join("\n",
                " .local .align 4 .u32 t;",
                " st.local.u32 [t], 11;",
                " {",
                "  .local .align 4 .u32 t;",
                "  st.local.u32 [t], 22;",
                "  ld.local.u32 %r3, [t];",
                " }",
                " ld.local.u32 %r4, [t];",
                " mul.lo.u32 %r2, %r3, 100;",
                " add.u32 %r2, %r2, %r4;"))));
        assertEquals(21, run(kernel(String.join("\n",
                " .shared .align 4 .u32 s;",
                " st.shared.u32 [s], 1;",
                " {",
                "  .shared .align 4 .u32 s;",
                "  st.shared.u32 [s], 2;",
                "  ld.shared.u32 %r3, [s];",
                " }",
                " ld.shared.u32 %r4, [s];",
                " mul.lo.u32 %r2, %r3, 10;",
                " add.u32 %r2, %r2, %r4;"))));
    }

    @Test
    void twoFunctionsMayDeclareSharedVariablesOfTheSameName() {
        PtxModule m = PtxLoader.load("s.ptx", HEADER
                + ".func f()\n{\n .shared .align 4 .u32 acc;\n st.shared.u32 [acc], 1;\n ret;\n}\n"
                + ".visible .entry k()\n{\n .shared .align 4 .u32 acc;\n call.uni f, ();\n st.shared.u32 [acc], 2;\n ret;\n}\n");
        assertEquals(2, m.sharedOffsets().size(), m.sharedOffsets().toString());
        assertTrue(m.sharedOffsets().containsKey("acc"));
        assertTrue(m.sharedOffsets().containsKey("acc$k$1"), m.sharedOffsets().toString());
    }

    @Test
    void aPlainDefinitionReplacesAWeakOneWhicheverComesFirst() {
        String weakFirst = ".weak .func (.param .b32 r) pick()\n{\n st.param.b32 [r], 1;\n ret;\n}\n"
                + ".func (.param .b32 r) pick()\n{\n st.param.b32 [r], 2;\n ret;\n}\n";
        String weakLast = ".func (.param .b32 r) pick()\n{\n st.param.b32 [r], 2;\n ret;\n}\n"
                + ".weak .func (.param .b32 r) pick()\n{\n st.param.b32 [r], 1;\n ret;\n}\n";
        String caller = kernel(" { .param .b32 r0;\n call.uni (r0), pick, ();\n ld.param.b32 %r2, [r0]; }");
        assertEquals(2, run(weakFirst + caller));
        assertEquals(2, run(weakLast + caller));
        String variables = ".weak .global .align 4 .u32 w = 3;\n.global .align 4 .u32 w = 4;\n.weak .global .align 4 .u32 w = 5;\n";
        assertEquals(4, run(variables + kernel(" ld.global.u32 %r2, [w];")));
        PtxException twice = assertThrows(PtxException.class, () -> PtxLoader.load("s.ptx", HEADER
                + ".func f()\n{\n ret;\n}\n.func f()\n{\n ret;\n}\n"));
        assertEquals("s.ptx:8: function f defined twice", twice.getMessage());
    }

    @Test
    void externDeclarationsLinkToTheirDefinitionOrMakeTheirUsersNotRunnable() {
        assertEquals(9, run(".extern .func (.param .b32 r) nine();\n.extern .global .align 4 .u32 g;\n"
                + kernel(" { .param .b32 r0;\n call.uni (r0), nine, ();\n ld.param.b32 %r2, [r0]; }")
                + ".func (.param .b32 r) nine()\n{\n st.param.b32 [r], 9;\n ret;\n}\n.global .align 4 .u32 g = 1;\n"));
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule m = device.load("x.ptx", HEADER + ".extern .global .align 4 .u32 elsewhere;\n"
                + ".visible .entry uses()\n{\n .reg .b32 %r1;\n ld.global.u32 %r1, [elsewhere];\n ret;\n}\n"
                + ".visible .entry k()\n{\n ret;\n}\n");
        assertFalse(m.kernel("uses").runnable());
        assertEquals("x.ptx:8: uses elsewhere, which is declared .extern and not defined in this module",
                m.kernel("uses").unsupported().get(0).describe());
        assertTrue(m.kernel("k").runnable());
    }

    @Test
    void anExternSharedArrayInsideABodyIsTheDynamicSharedMemory() {
        PtxModule m = PtxLoader.load("d.ptx", HEADER
                + ".visible .entry k()\n{\n .extern .shared .align 16 .b8 dyn[];\n .reg .b32 %r1;\n ld.shared.u32 %r1, [dyn];\n ret;\n}\n");
        assertTrue(m.variable("dyn").isDynamicShared());
        assertTrue(m.function("k").unsupported().isEmpty(), m.function("k").unsupported().toString());
    }
}
