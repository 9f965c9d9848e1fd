package org.gpumem.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.UnsupportedConstruct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PtxLoaderTest {
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    static Stream<Path> fixtures() throws IOException {
        Path root = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));
        List<Path> all = new java.util.ArrayList<>();
        for (String dir : new String[] {"kernels", "cuda-ptx"}) {
            Path d = root.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.list(d)) {
                    s.filter(p -> p.toString().endsWith(".ptx")).sorted().forEach(all::add);
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyNvccFixtureLoads(Path ptx) throws Exception {
        String text = Files.readString(ptx);
        PtxModule m = PtxLoader.load(ptx);
        assertFalse(m.kernels().isEmpty());
        long entries = text.lines().filter(l -> l.contains(".entry")).count();
        assertEquals(entries, m.kernels().size());
        for (PtxFunction f : m.functions()) {
            if (!f.isDefined()) {
                continue;
            }
            for (Instruction in : f.instructions()) {
                if (in.text.startsWith("ret (end of")) {
                    continue;
                }
                assertTrue(in.line > 0 && in.line <= text.lines().count());
                String line = text.lines().skip(in.line - 1).findFirst().orElseThrow();
                assertTrue(line.contains(in.opcode), in.opcode + " is on line " + in.line);
            }
        }
        boolean debug = text.contains(".section\t.debug_info") || text.contains(".section .debug_info");
        assertEquals(debug, m.debugSections().stream().anyMatch(s -> s.name().equals(".debug_info")));
        if (m.isDebugTarget()) {
            assertTrue(m.kernels().get(0).instructions().stream().anyMatch(i -> i.location != null),
                    "-G code carries .loc lines");
        }
    }

    @Test
    void debugSectionsKeepTheirTextAndLines() throws Exception {
        Path root = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"));
        Path p = root.resolve("kernels/saxpy.G.ptx");
        String[] lines = Files.readString(p).split("\n", -1);
        PtxModule m = PtxLoader.load(p);
        DebugSection info = m.debugSections().stream().filter(s -> s.name().equals(".debug_info")).findFirst()
                .orElseThrow();
        assertTrue(lines[info.firstLine() - 1].contains(".section") && lines[info.firstLine() - 1].contains(".debug_info"));
        assertTrue(lines[info.lastLine() - 1].trim().startsWith("}"));
        assertTrue(info.body().contains(".b8"));
    }

    /**
     * As ptxas lays out each kernel's shared memory: a kernel needs only the shared variables its
     * call graph names, so the arrays of different kernels share offsets, while a variable of a
     * function that two kernels call keeps clear of both kernels' own.
     */
    @Test
    void eachKernelNeedsOnlyTheSharedVariablesItsCallGraphNames() throws Exception {
        PtxModule m = PtxLoader.load("s.ptx", HEADER + String.join("\n",
                ".shared .align 4 .b8 a[40000];",
                ".shared .align 4 .b8 b[30000];",
                ".shared .align 8 .b8 common[64];",
                ".extern .shared .align 16 .b8 dyn[];",
                ".func helper()",
                "{",
                " .reg .b32 %r<2>;",
                " mov.u32 %r1, common;",
                " st.shared.u32 [%r1], 1;",
                " ret;",
                "}",
                ".visible .entry ka()",
                "{",
                " .reg .b32 %r<2>;",
                " mov.u32 %r1, a;",
                " st.shared.u32 [%r1], 1;",
                " call helper, ();",
                " ret;",
                "}",
                ".visible .entry kb()",
                "{",
                " .reg .b32 %r<2>;",
                " mov.u32 %r1, b;",
                " st.shared.u32 [dyn], %r1;",
                " ret;",
                "}",
                ".visible .entry plain()",
                "{",
                " ret;",
                "}"));
        assertEquals(0L, m.sharedOffsets().get("a"));
        assertEquals(0L, m.sharedOffsets().get("b"), "kb's array lies where ka's does");
        assertEquals(40000L, m.sharedOffsets().get("common"), "clear of ka's own array");
        assertEquals(40064, m.function("ka").staticSharedBytes());
        assertEquals(30000, m.function("kb").staticSharedBytes());
        assertEquals(0, m.function("plain").staticSharedBytes());
        assertEquals(30000L, m.sharedOffsets().get("dyn"), "after the static part of kb, the one kernel naming it");
        assertEquals(30000, m.function("kb").dynamicSharedOffset());
        assertEquals(40064, m.function("ka").dynamicSharedOffset(), "a kernel not naming it: after its own part");
    }

    @Test
    void declarationsLayoutAndRegisters() throws Exception {
        PtxModule m = PtxLoader.load("d.ptx", HEADER + String.join("\n",
                ".global .align 8 .u64 gp = 7;",
                ".const .align 4 .f32 coeff[3] = {0f3F800000, 0f40000000, 0f40400000};",
                ".extern .shared .align 16 .b8 dyn[];",
                ".shared .align 4 .b8 pad[5];",
                ".shared .align 8 .b8 s8[16];",
                ".visible .entry k(.param .u32 a, .param .align 8 .b8 agg[12], .param .u64 p)",
                "{",
                " .reg .b32 %r<3>;",
                " .local .align 8 .b8 __local_depot0[20];",
                " { .reg .b32 %r0; mov.u32 %r0, 1; }",
                " mov.u32 %r0, 2;",
                " ret;",
                "}"));
        PtxFunction k = m.function("k");
        assertEquals(List.of(0, 8, 24), k.params().stream().map(PtxParam::offset).toList());
        assertEquals(32, k.kernelParamBytes());
        assertEquals(0L, m.sharedOffsets().get("pad"));
        assertEquals(8L, m.sharedOffsets().get("s8"));
        assertEquals(24, k.staticSharedBytes(), "shared variables no kernel names count in every kernel");
        assertEquals(32L, m.sharedOffsets().get("dyn"), "dynamic shared starts 16-byte aligned after static");
        assertEquals(32, k.frameBytes(), "20 local bytes rounded up to 16");
        assertEquals(PtxStateSpace.CONST, m.variable("coeff").space());
        assertEquals(3 * 4, m.variable("coeff").initializer().length);
        Instruction inner = k.instructions().get(0);
        Instruction outer = k.instructions().get(1);
        assertTrue(inner.dst[0] != outer.dst[0], "a register declared in a nested scope is a new register");
        assertEquals("%r0", k.registerName(outer.dst[0]));
    }

    @Test
    void aManagedVariableIsAGlobalVariable() throws Exception {
        // nvcc's __managed__ int counter[4];
        PtxModule m = PtxLoader.load("m.ptx", HEADER + ".global .attribute(.managed) .align 4 .b8 counter[16];\n"
                + ".visible .entry k()\n{\n ret;\n}\n");
        assertEquals(PtxStateSpace.GLOBAL, m.variable("counter").space());
        assertEquals(16, m.variable("counter").size());
        PtxException e = assertThrows(PtxException.class, () -> PtxLoader.load("u.ptx",
                HEADER + ".global .attribute(.unified) .align 4 .b8 x[4];\n"));
        assertTrue(e.getMessage().contains("u.ptx:4: unknown variable attribute '.unified'"), e.getMessage());
    }

    /**
     * Accesses that may race with other CTAs' by design keep their memory order, and fences above
     * CTA scope stay fences (CTAs on other workers must see their order); CTA-scope fences are
     * fences of CTA scope (nothing for the engines, a release for memory checks); proxy fences do
     * nothing.
     */
    @Test
    void memoryOrdersAndFencesAreKept() throws Exception {
        String[] body = {
            "ld.global.u32 %r1, [%rd1];", "ld.global.cg.u32 %r1, [%rd1];", "ld.relaxed.gpu.v2.u32 {%r1, %r2}, [%rd1];",
            "ld.volatile.global.u32 %r1, [%rd1];", "ld.acquire.gpu.global.u32 %r1, [%rd1];",
            "st.release.sys.global.u32 [%rd1], %r1;", "st.relaxed.gpu.v2.u64 [%rd1], {%rd2, %rd3};",
            "st.weak.global.u32 [%rd1], %r1;",
            "membar.cta;", "fence.acq_rel.cta;", "fence.proxy.async.shared::cta;", "membar.gl;", "membar.sys;",
            "fence.sc.gpu;", "fence.acq_rel.sys;"};
        int[] orders = {Op.ORDER_WEAK, Op.ORDER_WEAK, Op.ORDER_RELAXED, Op.ORDER_RELAXED, Op.ORDER_ACQUIRE,
            Op.ORDER_RELEASE, Op.ORDER_RELAXED, Op.ORDER_WEAK};
        int[] fences = {Op.FENCE, Op.FENCE, Op.NOP, Op.FENCE, Op.FENCE, Op.FENCE, Op.FENCE};
        int[] scopes = {Op.FENCE_CTA, Op.FENCE_CTA, -1, Op.FENCE_GPU, Op.FENCE_GPU, Op.FENCE_GPU, Op.FENCE_GPU};
        PtxModule m = PtxLoader.load("o.ptx", HEADER + ".visible .entry k()\n{\n" + REGISTERS
                + String.join("\n", body) + "\n ret;\n}\n");
        List<Instruction> code = m.function("k").instructions();
        for (int i = 0; i < orders.length; i++) {
            assertEquals(orders[i], code.get(i).order, body[i]);
        }
        for (int i = 0; i < fences.length; i++) {
            assertEquals(fences[i], code.get(orders.length + i).op, body[orders.length + i]);
            if (scopes[i] >= 0) {
                assertEquals(scopes[i], code.get(orders.length + i).mod, body[orders.length + i]);
            }
        }
    }

    @Test
    void reconvergencePointIsTheImmediatePostDominator() throws Exception {
        PtxModule m = PtxLoader.load("r.ptx", HEADER + String.join("\n",
                ".visible .entry k()",
                "{",
                " .reg .pred %p<3>; .reg .b32 %r<3>;",
                " setp.eq.u32 %p1, %r1, 0;",
                " @%p1 bra ELSE;",
                " mov.u32 %r2, 1;",
                " bra.uni JOIN;",
                "ELSE: mov.u32 %r2, 2;",
                "JOIN: add.u32 %r2, %r2, 1;",
                "LOOP: setp.lt.u32 %p2, %r2, 9;",
                " add.u32 %r2, %r2, 1;",
                " @%p2 bra LOOP;",
                " ret;",
                "}"));
        PtxFunction k = m.function("k");
        assertEquals(k.labels().get("JOIN"), k.instructions().get(1).reconvergence);
        Instruction back = k.instructions().get(8);
        assertEquals(Op.BRA, back.op);
        assertEquals(9, back.reconvergence, "a loop's back edge reconverges at the loop exit");
    }

    private static final String REGISTERS = " .reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .pred %p<2>;\n";

    private static PtxException reject(String body) {
        return assertThrows(PtxException.class, () -> PtxLoader.load("bad.ptx", HEADER
                + ".visible .entry k()\n{\n" + REGISTERS + body + "\n}\n"));
    }

    /** What kernel {@code k} with {@code body} cannot run, as the module (which loads) describes it. */
    private static String refusal(String body) {
        PtxModule m = PtxLoader.load("lazy.ptx", HEADER + ".visible .entry k()\n{\n" + REGISTERS + body + "\n}\n");
        List<UnsupportedConstruct> why = m.function("k").unsupported();
        assertEquals(1, why.size(), why.toString());
        return why.get(0).describe();
    }

    @Test
    void instructionsTheSimulatorCannotExecuteLoadAndMakeTheirKernelNotRunnable() {
        PtxModule m = PtxLoader.load("lazy.ptx", HEADER + ".visible .entry k()\n{\n" + REGISTERS
                + " mov.u32 %r1, 1;\n brkpt;\n ret;\n}\n");
        UnsupportedConstruct u = m.function("k").unsupported().get(0);
        assertEquals(8, u.line());
        assertEquals("brkpt", u.opcode());
        assertEquals("lazy.ptx", u.file());
        assertEquals(List.of("k"), u.callPath());
        assertEquals("lazy.ptx:8: unsupported instruction brkpt", u.describe());
        Instruction trap = m.function("k").instructions().get(1);
        assertEquals(Op.TRAP, trap.op, "what cannot be decoded is a trap in the code");
        assertEquals("brkpt", trap.text);
        assertEquals(Op.RET, m.function("k").instructions().get(2).op, "the instructions after it load");

        assertEquals("lazy.ptx:7: unknown or unsupported register %r9", refusal(" add.u32 %r1, %r9, 1;"));
        assertEquals("lazy.ptx:7: add.u32 takes 3 operands, found 2", refusal(" add.u32 %r1, %r2;"));
        assertEquals("lazy.ptx:7: undefined symbol undefined_sym", refusal(" ld.global.u32 %r1, [undefined_sym];"));
        String fp8 = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
        assertEquals("lazy.ptx:7: unsupported form " + fp8 + " (FP8, FP6 and FP4 multiplicands are not simulated)",
                refusal(" " + fp8 + " {%r0, %r1, %r2, %r3}, {%r0, %r1, %r2, %r3}, {%r2, %r3}, {%r0, %r1, %r2, %r3};"),
                "valid PTX the simulator does not execute");
        assertEquals("lazy.ptx:7: unsupported directive .callprototype in function body",
                refusal(".callprototype (.param .b32 _) _ ();\nret;"), "a prototype needs a label to be named by");
    }

    @Test
    void malformedStructureStillFailsTheLoadWithLineAndOpcode() {
        PtxException e = reject(" bra NOWHERE;");
        assertEquals("bad.ptx:7: branch to undefined label NOWHERE", e.getMessage());
        assertEquals("bra", e.opcode());
        assertEquals("bad.ptx:7: add.cc.f32: .cc takes .u32, .s32, .u64 or .s64",
                reject(" add.cc.f32 %r1, %r2, %r3;").getMessage(), "a form the PTX ISA does not allow is not PTX");
        assertEquals("bad.ptx:7: call to undeclared function vprintf",
                reject(" { .param .b64 p0; call.uni vprintf, (p0); }").getMessage());
        assertEquals("bad.ptx:7: expected ';' after add.u32 operands but found 'add.u32'",
                reject(" add.u32 %r1, %r2, %r3\n add.u32 %r1, %r2, %r3;").getMessage());
    }

    @Test
    void truncatedOrNonPtxTextIsRejected() {
        assertThrows(PtxException.class, () -> PtxLoader.load("t.ptx", HEADER + ".visible .entry k()\n{\n ret;\n"));
        assertThrows(PtxException.class, () -> PtxLoader.load("t.ptx", "ELF\u0001garbage"));
        assertThrows(PtxException.class, () -> PtxLoader.load("t.ptx", HEADER + "/* unterminated"));
        assertThrows(PtxException.class, () -> PtxLoader.load("t.ptx", HEADER + ".global .u32 x[99999999999];"));
    }

    /** Embedded PTX ends at its NUL and padding follows: the text is what comes before it, from a file too. */
    @Test
    void aTextEndsAtItsNul() throws IOException {
        String ptx = HEADER + ".visible .entry k()\n{\n ret;\n}\n";
        String padded = ptx + "\0\0\0 garbage past the end";
        PtxModule m = PtxLoader.load("t.ptx", padded);
        assertEquals(ptx, m.text());
        assertNotNull(m.function("k"));
        Path file = Files.createTempFile("nul", ".ptx");
        try {
            Files.writeString(file, ptx + "\0");
            assertEquals(ptx, PtxLoader.load(file).text());
        } finally {
            Files.delete(file);
        }
    }
}
