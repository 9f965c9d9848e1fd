package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.gpumem.sim.Device;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedKernel;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.UnsupportedConstruct;
import org.gpumem.sim.UnsupportedKernelException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Per-kernel loading: a module with an instruction the simulator cannot execute loads, its other
 * kernels run, and launching a kernel that can reach the instruction is refused naming it.
 */
class LazyLoadingTest {
    private static final Path EVERYDAY = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("everyday");
    /** Where the breakpoints of many_kernels.cu are: stop_here's, and stop_twice's first. */
    private static final String STOP_HERE = "many_kernels.cu:40:9", TWICE_FIRST = "many_kernels.cu:47:5";
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    private static PreparedLaunch prepare(String kernel, String variant) throws Exception {
        LaunchDescription d = new LaunchFileReader().read(EVERYDAY.resolve("launch/many_kernels." + kernel + ".json"));
        if (variant.equals("G")) {
            d = d.withModule(EVERYDAY.resolve("many_kernels.G.ptx"));
        }
        return PreparedLaunch.prepare(d);
    }

    private static float[] floats(byte[] b) {
        float[] v = new float[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }

    private static int[] ints(byte[] b) {
        int[] v = new int[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void theOrdinaryKernelsOfAModuleWithABreakpointInstructionRun(String variant) throws Exception {
        PreparedLaunch add = prepare("vector_add", variant);
        PreparedLaunch.Outcome r = add.run(ExecOptions.defaults());
        assertTrue(r.result().completed(), String.valueOf(r.result().fault()));
        float[] a = floats(add.initialBuffer("a"));
        float[] b = floats(add.initialBuffer("b"));
        float[] c = floats(r.outputs().get("c"));
        for (int i = 0; i < a.length; i++) {
            assertEquals(Float.floatToRawIntBits(a[i] + b[i]), Float.floatToRawIntBits(c[i]), "c[" + i + "]");
        }

        PreparedLaunch scale = prepare("scale", variant);
        r = scale.run(ExecOptions.defaults());
        assertTrue(r.result().completed(), String.valueOf(r.result().fault()));
        float[] x0 = floats(scale.initialBuffer("x"));
        float[] x = floats(r.outputs().get("x"));
        for (int i = 0; i < x0.length; i++) {
            assertEquals(Float.floatToRawIntBits(x0[i] * 1.5f), Float.floatToRawIntBits(x[i]), "x[" + i + "]");
        }

        PreparedLaunch call = prepare("through_call", variant);
        r = call.run(ExecOptions.defaults());
        assertTrue(r.result().completed(), String.valueOf(r.result().fault()));
        int[] in = ints(call.initialBuffer("in"));
        int[] out = ints(r.outputs().get("out"));
        int[] expected = new int[in.length];
        for (int i = 0; i < in.length; i++) {
            expected[i] = in[(i * 7 & 1023) % in.length] + 1;
        }
        assertArrayEquals(expected, out);
    }

    @Test
    void theModuleSaysWhichKernelsAreRunnableAndWhyTheOthersAreNot() throws Exception {
        LoadedModule m = prepare("vector_add", "O3").module();
        Map<String, Boolean> runnable = m.kernels().stream().collect(Collectors.toMap(LoadedKernel::name, LoadedKernel::runnable));
        assertEquals(Map.of("_Z10vector_addPKfS0_iPf", true, "_Z5scalePfif", true, "_Z12through_callPKiiPi", true,
                "_Z9stop_hereiPf", false, "_Z18through_breakpointiPf", false), runnable);
        List<UnsupportedConstruct> why = m.kernel("_Z18through_breakpointiPf").unsupported();
        assertEquals(2, why.size(), "both breakpoints of stop_twice");
        UnsupportedConstruct first = why.get(0);
        assertEquals(42, first.line());
        assertEquals("brkpt", first.opcode());
        assertEquals(List.of("_Z18through_breakpointiPf", "_Z10stop_twicei"), first.callPath());
        assertEquals("_Z10stop_twicei", first.function());
        assertEquals(TWICE_FIRST, first.source().toString());
        assertEquals(49, why.get(1).line());
    }

    @Test
    void launchingAKernelThatReachesABreakpointInstructionIsRefusedNamingItAndTheCallPath() throws Exception {
        PreparedLaunch direct = prepare("stop_here", "O3");
        String module = direct.module().name();
        UnsupportedKernelException e = assertThrows(UnsupportedKernelException.class,
                () -> direct.run(ExecOptions.defaults()));
        assertEquals("kernel _Z9stop_hereiPf cannot run on the simulator: " + module
                + ":232: unsupported instruction brkpt (source " + STOP_HERE + ")", e.getMessage());
        assertEquals(module, e.file());
        assertEquals(232, e.offset());

        PreparedLaunch through = prepare("through_breakpoint", "O3");
        e = assertThrows(UnsupportedKernelException.class, () -> through.launch(ExecOptions.defaults()));
        assertEquals("kernel _Z18through_breakpointiPf cannot run on the simulator: " + module
                + ":42: unsupported instruction brkpt (source " + TWICE_FIRST
                + "; call path _Z18through_breakpointiPf -> _Z10stop_twicei); and 1 more unsupported construct it can reach",
                e.getMessage());
    }

    @Test
    void anInitializerNamingNothingDeclaredIsMalformed() {
        Device device = Devices.create("sm_90", 1 << 20);
        org.gpumem.dwarf.io.InputFormatException e = assertThrows(org.gpumem.dwarf.io.InputFormatException.class,
                () -> device.load("u.ptx", HEADER + ".global .align 8 .u64 table[1] = {nowhere};\n"));
        assertEquals("u.ptx:4: the initializer of table names nowhere, which is not declared", e.getMessage());
    }

    @Test
    void deeperCallPathsAndExternalFunctionsAreRecordedPerKernelTheDeviceRuntimeIsServed() {
        String ptx = HEADER + String.join("\n",
                ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 fmt, .param .b64 args);",
                ".extern .func elsewhere();",
                ".func g()",
                "{",
                " .reg .b32 %r<2>;",
                " mov.u32 %r1, 0;",
                " frobnicate.b32 %r1, %r0;",
                " ret;",
                "}",
                ".func f()",
                "{",
                " call.uni g, ();",
                " ret;",
                "}",
                ".visible .entry deep()",
                "{",
                " call.uni f, ();",
                " ret;",
                "}",
                ".visible .entry external()",
                "{",
                " call.uni elsewhere, ();",
                " ret;",
                "}",
                ".visible .entry prints()",
                "{",
                " .reg .b32 %r<2>;",
                " { .param .b64 p0; .param .b64 p1; .param .b32 r0;",
                "   call.uni (r0), vprintf, (p0, p1); }",
                " ret;",
                "}",
                ".visible .entry plain(.param .u64 out)",
                "{",
                " .reg .b64 %rd<2>; .reg .b32 %r<2>;",
                " ld.param.u64 %rd1, [out];",
                " mov.u32 %r1, 42;",
                " st.global.u32 [%rd1], %r1;",
                " ret;",
                "}",
                "");
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule m = device.load("calls.ptx", ptx);
        assertEquals("calls.ptx:10: unsupported instruction frobnicate.b32 (call path deep -> f -> g)",
                m.kernel("deep").unsupported().get(0).describe());
        assertEquals("calls.ptx:25: calls elsewhere, which has no body in this module (the simulator provides only "
                + "vprintf, __assertfail, malloc, free and cudaGraphSetConditional)", m.kernel("external").unsupported().get(0).describe());
        assertTrue(m.kernel("prints").runnable(), "the simulator serves the device runtime's vprintf");
        assertTrue(m.kernel("plain").runnable());
        long out = device.allocate(4);
        assertTrue(m.launch(LaunchConfig.builder("plain").argU64(out).build(), ExecOptions.defaults()).run().completed());
        assertEquals(42, ints(device.read(out, 4))[0]);
        UnsupportedKernelException e = assertThrows(UnsupportedKernelException.class,
                () -> m.launch(LaunchConfig.builder("deep").build(), ExecOptions.defaults()));
        assertEquals("kernel deep cannot run on the simulator: calls.ptx:10: unsupported instruction frobnicate.b32"
                + " (call path deep -> f -> g)", e.getMessage());
        assertFalse(e.kernel().runnable());
    }
}
