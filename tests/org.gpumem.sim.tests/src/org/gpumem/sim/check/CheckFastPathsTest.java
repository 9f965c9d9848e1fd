package org.gpumem.sim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimTestSupport;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The shortcuts the checks take for the lanes of one instruction find what checking each lane on
 * its own finds: racecheck of the bytes of a word (an access inside one word, and one over two
 * words), and memcheck of an instruction whose lanes stay inside one shared variable until the
 * last runs past its end. Findings are compared with what the test's own PTX does.
 */
class CheckFastPathsTest {
    /** Findings of one CTA of {@code block} threads running {@code body} on {@code engine}, checked with {@code tools}. */
    private static List<Finding> findings(String declarations, String body, int block, Set<CheckTool> tools,
            ExecEngine engine) {
        SimulatedDevice device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
        DeviceModule module = device.load("fast_paths.ptx", SimTestSupport.perThreadKernel(declarations, body));
        long out = device.allocate(4L * block);
        long aux = device.allocate(4);
        MemoryChecker checker = device.enableChecks(tools);
        LaunchConfig c = LaunchConfig.builder("k").grid(1, 1, 1).block(block, 1, 1).argU64(out).argU64(aux).build();
        LaunchResult r = module.launch(c, ExecOptions.defaults().withWorkers(1).withEngine(engine)).run();
        assertNull(r.fault(), () -> r.fault().message());
        checker.finish();
        return checker.findings();
    }

    /** The instruction texts of a race's two accesses, the reader's first. */
    private static List<String> pair(Finding f) {
        boolean accessReads = f.access().operation() == Access.Operation.READ;
        Access read = accessReads ? f.access() : f.other();
        Access write = accessReads ? f.other() : f.access();
        return List.of(read.instruction().trim(), write.instruction().trim());
    }

    /**
     * Thread 0 writes byte 1 of word 0 and all of word 1; thread 32 (another warp, no barrier
     * between) then reads byte 0 (no byte in common: no race), bytes 0-1 (a race inside one
     * word), and words 0 and 1 with one vector load (a race on each word, with each write), and
     * after a barrier reads word 0 again (ordered: no race).
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void racesOnTheBytesOfAWord(ExecEngine engine) {
        String body = """
                 setp.eq.u32 %p1, %t, 0;
                 setp.eq.u32 %p2, %t, 32;
                 mov.u32 %r9, 7;
                 @%p1 st.shared.u8 [w+1], %r9;
                 @%p1 st.shared.u32 [w+4], %r9;
                 @%p2 ld.shared.u8 %r1, [w];
                 @%p2 ld.shared.u16 %r2, [w];
                 @%p2 ld.shared.v2.u32 {%r3, %r4}, [w];
                 bar.sync 0;
                 @%p2 ld.shared.u32 %r5, [w];
                """;
        List<Finding> found = findings(".shared .align 8 .b8 w[8];", body, 64, EnumSet.of(CheckTool.RACECHECK), engine);
        List<List<String>> pairs = found.stream().map(CheckFastPathsTest::pair).sorted((a, b) -> a.toString().compareTo(b.toString())).toList();
        assertEquals(List.of(List.of("@%p2 ld.shared.u16 %r2, [w]", "@%p1 st.shared.u8 [w+1], %r9"),
                List.of("@%p2 ld.shared.v2.u32 {%r3, %r4}, [w]", "@%p1 st.shared.u32 [w+4], %r9"),
                List.of("@%p2 ld.shared.v2.u32 {%r3, %r4}, [w]", "@%p1 st.shared.u8 [w+1], %r9")), pairs,
                () -> found.stream().map(Finding::format).toList().toString());
        for (Finding f : found) {
            assertEquals(PtxStateSpace.SHARED, f.space());
            assertEquals(1, f.count(), f.format());
            assertEquals(List.of(0, 32), List.of(f.access().thread().x(), f.other().thread().x()).stream().sorted().toList());
        }
    }

    /**
     * Lanes 0..30 load 8 bytes each inside a (252 bytes); lane 31 loads bytes 248..255, the last
     * 4 of a and the first 4 of b: one access past a's end, found though the lanes before it in
     * the same instruction stayed inside a.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void theLastLaneOfAnInstructionRunsPastAVariable(ExecEngine engine) {
        String body = """
                 mov.u64 %rd1, a;
                 mul.wide.u32 %rd2, %t, 8;
                 add.u64 %rd3, %rd1, %rd2;
                 ld.shared.v2.u32 {%r1, %r2}, [%rd3];
                """;
        List<Finding> found = findings(".shared .align 8 .b8 a[252];\n.shared .align 4 .b8 b[4];", body, 32,
                EnumSet.of(CheckTool.MEMCHECK), engine);
        assertEquals(1, found.size(), () -> found.stream().map(Finding::format).toList().toString());
        Finding f = found.get(0);
        assertEquals(FindingKind.PAST_END, f.kind());
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(31, f.access().lane());
        assertEquals(8 * 31, f.address());
        assertEquals(1, f.count());
    }
}
