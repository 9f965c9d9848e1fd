package org.gpumem.sim.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimTestSupport;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Memory checks on the fixture kernels of tests/fixtures/checks (one known bug each, and its
 * correct twin) and on correct kernels of the other fixtures: the class, space, threads and both
 * source lines of each finding (lines found by their marks in checks.cu), zero findings where the
 * code is correct, and the same results with checks as without. Each runs with the -O3 and the
 * -G module.
 */
class MemoryChecksTest {
    private static final Set<CheckTool> ALL = EnumSet.allOf(CheckTool.class);

    private static Path checks() {
        return SimTestSupport.fixtures().resolve("checks");
    }

    /** The line of checks.cu that carries {@code // MARK}. */
    private static int line(String mark) throws IOException {
        List<String> lines = Files.readAllLines(checks().resolve("checks.cu"));
        int found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// " + mark)) {
                assertEquals(-1, found, "two lines marked " + mark);
                found = i + 1;
            }
        }
        assertTrue(found > 0, "no line marked " + mark);
        return found;
    }

    /** A run of a launch file with checks on: its result, findings and outputs. */
    private record Checked(LaunchResult result, List<Finding> findings, Map<String, byte[]> outputs) {
    }

    /**
     * The debugger's controlled run (one resident CTA when checked, the launch finished at its
     * exit) finds what a checked {@code run} finds, for every fixture, bugs and twins alike.
     */
    @Test
    void theDebuggersControlledRunFindsWhatARunFinds() throws IOException {
        List<Path> launches;
        try (var files = Files.list(checks().resolve("launch"))) {
            launches = files.sorted().toList();
        }
        assertTrue(launches.size() >= 10, launches.toString());
        int withFindings = 0;
        for (Path launchFile : launches) {
            List<String> byRun = keys(run(launchFile, null, ALL).findings());
            PreparedLaunch p = PreparedLaunch.prepare(new LaunchFileReader().read(launchFile));
            MemoryChecker checker = p.enableChecks(ALL);
            ControlledLaunch.runToEnd(p.launch(ControlledLaunch.options(ExecOptions.DEFAULT_BUDGET)));
            checker.finish();
            assertEquals(byRun, keys(checker.findings()), launchFile.getFileName().toString());
            withFindings += byRun.isEmpty() ? 0 : 1;
        }
        assertTrue(withFindings >= 5, "fixtures with findings: " + withFindings);
    }

    private static List<String> keys(List<Finding> findings) {
        return findings.stream().map(Finding::key).sorted().toList();
    }

    private static Checked run(Path launchFile, String module, Set<CheckTool> tools) throws IOException {
        return run(launchFile, module, tools, ExecOptions.DEFAULT_ENGINE);
    }

    private static Checked run(Path launchFile, String module, Set<CheckTool> tools, ExecEngine engine) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(launchFile);
        if (module != null) {
            d = d.withModule(launchFile.getParent().resolve(module).toAbsolutePath().normalize());
        }
        PreparedLaunch p = PreparedLaunch.prepare(d);
        MemoryChecker checker = tools == null ? null : p.enableChecks(tools);
        // one worker, as a checked launch has: tickets handed out by atomics come out in one order
        PreparedLaunch.Outcome o = p.run(ExecOptions.defaults().withWorkers(1).withEngine(engine));
        if (checker != null) {
            checker.finish();
        }
        return new Checked(o.result(), checker == null ? List.of() : checker.findings(), o.outputs());
    }

    private static Checked bug(String name, String optimisation) throws IOException {
        Checked c = run(checks().resolve("launch").resolve(name + ".json"), "../checks." + optimisation + ".ptx", ALL);
        assertTrue(c.result().completed(), () -> name + ": " + c.result().report());
        return c;
    }

    private static Finding only(Checked c, FindingKind kind) {
        List<Finding> of = c.findings().stream().filter(f -> f.kind() == kind).toList();
        assertEquals(1, of.size(), () -> "one " + kind + " expected among " + formatted(c.findings()));
        return of.get(0);
    }

    private static String formatted(List<Finding> findings) {
        StringBuilder sb = new StringBuilder();
        for (Finding f : findings) {
            sb.append('\n').append(f.format());
        }
        return sb.toString();
    }

    private static int sourceLine(Access a) {
        assertNotNull(a.source(), () -> "no source line for " + a);
        assertEquals("checks.cu", Path.of(a.source().file()).getFileName().toString());
        return a.source().line();
    }

    /**
     * Thread 0 reads the array while the other threads write it: it reads what lanes of its own
     * warp wrote before (read after write), the other warps write what it read (write after
     * read), and it reads words they have not written yet (uninitialized). Each is one finding
     * however many words and unrolled copies of the read.
     */
    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void sharedRaceNamesBothLinesAndThreads(String opt) throws IOException {
        Checked c = bug("race_shared", opt);
        Finding raw = only(c, FindingKind.RACE_RAW);
        assertEquals(PtxStateSpace.SHARED, raw.space());
        assertEquals(line("RACE-READ"), sourceLine(raw.access()));
        assertEquals(line("RACE-WRITE"), sourceLine(raw.other()));
        assertEquals(0, raw.access().thread().x(), "thread 0 reads");
        assertEquals(0, raw.other().warp(), "a lane of its own warp wrote first");
        assertTrue(raw.other().lane() > 0);
        assertEquals(raw.access().cta(), raw.other().cta());
        assertTrue(raw.address() > 0 && raw.address() < 128, "an offset in the first warp's words: " + raw.address());
        assertTrue(raw.variable().startsWith("race_shared(int const*, int*)::s"), raw.variable());
        Finding war = only(c, FindingKind.RACE_WAR);
        assertEquals(line("RACE-WRITE"), sourceLine(war.access()));
        assertEquals(line("RACE-READ"), sourceLine(war.other()));
        assertTrue(war.access().warp() > 0, "a later warp writes what thread 0 read");
        Finding uninit = only(c, FindingKind.UNINITIALIZED_READ);
        assertEquals(line("RACE-READ"), sourceLine(uninit.access()));
        assertEquals("3 errors (racecheck 2, initcheck 1)", Findings.summary(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void warpRaceWithoutSyncwarp(String opt) throws IOException {
        Checked c = bug("race_warp", opt);
        Finding f = only(c, FindingKind.RACE_RAW);
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(line("WARP-READ"), sourceLine(f.access()));
        assertEquals(line("WARP-WRITE"), sourceLine(f.other()));
        assertEquals(f.access().warp(), f.other().warp(), "lanes of one warp");
        assertEquals(1, f.access().lane() ^ f.other().lane(), "lane l reads what lane l^1 wrote");
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void globalRaceBetweenCtas(String opt) throws IOException {
        Checked c = bug("race_global", opt);
        Finding f = only(c, FindingKind.RACE_WAW);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("GLOBAL-WRITE"), sourceLine(f.access()));
        assertEquals(line("GLOBAL-WRITE"), sourceLine(f.other()));
        assertTrue(!f.access().cta().equals(f.other().cta()), "two CTAs");
        assertEquals(c.findings().size(), 1, formatted(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void uninitializedSharedRead(String opt) throws IOException {
        Checked c = bug("uninit_shared", opt);
        Finding f = only(c, FindingKind.UNINITIALIZED_READ);
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(line("UNINIT-SHARED-READ"), sourceLine(f.access()));
        assertTrue(f.access().thread().x() >= 32, "a thread of the half that wrote nothing: " + f.access().thread());
        assertEquals(32, f.count(), "each of the 32 threads reads one unwritten word");
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void uninitializedLocalRead(String opt) throws IOException {
        Checked c = bug("uninit_local", opt);
        Finding f = only(c, FindingKind.UNINITIALIZED_READ);
        assertEquals(PtxStateSpace.LOCAL, f.space());
        assertEquals(line("UNINIT-LOCAL-READ"), sourceLine(f.access()));
        // ks[t] = t: threads whose t & 15 is at least n = 8 read an element the loop did not write
        int t = f.access().thread().x();
        assertTrue((t & 15) >= 8, "thread " + t);
        assertEquals(16, f.count());
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void divergentBarrier(String opt) throws IOException {
        Checked c = bug("divergent_barrier", opt);
        Finding f = only(c, FindingKind.DIVERGENT_BARRIER);
        List<Integer> lines = List.of(sourceLine(f.access()), sourceLine(f.other())).stream().sorted().toList();
        assertEquals(List.of(line("BARRIER-A"), line("BARRIER-B")), lines);
        assertTrue(c.findings().stream().allMatch(x -> x.kind().tool() == CheckTool.SYNCCHECK), formatted(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void deviceHeapLeak(String opt) throws IOException {
        Checked c = bug("heap_leak", opt);
        Finding f = only(c, FindingKind.LEAK);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("LEAK-MALLOC"), sourceLine(f.access()));
        assertEquals(16, f.size());
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    /** Reads of a cudaMalloc'd buffer nobody wrote are found; once it is written, they are not. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void uninitializedGlobalRead(boolean written) throws Exception {
        SimulatedDevice device = new SimulatedDevice("sm_75", 16 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = device.load(checks().resolve("checks.O3.ptx"));
        MemoryChecker checker = device.enableChecks(ALL);
        long in = device.allocate(64 * 4);
        long out = device.allocate(64 * 4);
        if (written) {
            device.write(in, new byte[64 * 4]);
        }
        LaunchResult r = m.launch(LaunchConfig.builder("_Z13uninit_globalPKiPi").grid(2, 1, 1).block(32, 1, 1)
                .argU64(in).argU64(out).build(), ExecOptions.defaults()).run();
        assertTrue(r.completed(), r::report);
        checker.finish();
        if (written) {
            assertEquals(List.of(), checker.findings());
            return;
        }
        Finding f = only(new Checked(r, checker.findings(), Map.of()), FindingKind.UNINITIALIZED_READ);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("UNINIT-GLOBAL-READ"), sourceLine(f.access()));
        assertTrue(f.address() >= in && f.address() < in + 256);
        assertEquals(64, f.count());
    }

    /**
     * A memory pool's block written whole by its first owner and handed out again for 1,000 of its
     * 4,096 bytes, of which the new owner writes 512: 256 threads reading an int each read bytes
     * the new owner never wrote (initcheck: the first owner's writes count for nothing) and, from
     * thread 250 on, bytes past its allocation (memcheck, named by the new owner's call); the bytes
     * past it are no allocation's, so initcheck says nothing of them. A block the host writes
     * directly (initialized) has no unwritten bytes, but the same end.
     */
    @ParameterizedTest
    @CsvSource({"O3,false", "G,false", "O3,true", "G,true"})
    void poolBlockHandedOutAgainForFewerBytes(String opt, boolean hostWritable) throws Exception {
        SimulatedDevice device = new SimulatedDevice("sm_75", 16 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = device.load(checks().resolve("checks." + opt + ".ptx"));
        MemoryChecker checker = device.enableChecks(ALL);
        int block = 4096, held = 1000, written = 512, threads = 256;
        long in = device.allocate(block);
        long out = device.allocate(threads * 4);
        checker.describe(in, block, "4096 bytes from cudaMallocAsync at main (app.cu:5)", hostWritable);
        checker.describe(out, threads * 4, "1024 bytes from cudaMalloc at main (app.cu:6)", false);
        device.write(in, new byte[block]);
        LaunchConfig config = LaunchConfig.builder("_Z13uninit_globalPKiPi").grid(1, 1, 1).block(threads, 1, 1)
                .argU64(in).argU64(out).build();
        LaunchResult first = m.launch(config, ExecOptions.defaults()).run();
        assertTrue(first.completed(), first::report);
        assertEquals(List.of(), checker.findings(), "the first owner reads what it wrote");

        String name = held + " bytes from cudaMallocAsync at main (app.cu:9)";
        checker.describe(in, held, name, hostWritable);
        device.write(in, new byte[written]);
        LaunchResult r = m.launch(config, ExecOptions.defaults()).run();
        assertTrue(r.completed(), "the bytes past the request are mapped: " + r.report());
        checker.finish();
        Checked c = new Checked(r, checker.findings(), Map.of());
        Finding past = only(c, FindingKind.PAST_END);
        assertEquals(PtxStateSpace.GLOBAL, past.space());
        assertEquals(in + held, past.address(), "thread 250 reads the first int past the 1000 bytes");
        assertEquals((threads * 4 - held) / 4, past.count());
        assertEquals(name, past.variable());
        assertEquals("the access starts at the end of the 1000-byte allocation (its memory pool's block holds 4096 bytes)",
                past.detail());
        assertEquals(line("UNINIT-GLOBAL-READ"), sourceLine(past.access()));
        assertEquals(List.of(held / 4 / 32, held / 4 % 32), List.of(past.access().warp(), past.access().lane()),
                "thread 250 is warp 7 lane 26");
        if (hostWritable) {
            assertEquals(1, c.findings().size(), formatted(c.findings()));
            return;
        }
        Finding unwritten = only(c, FindingKind.UNINITIALIZED_READ);
        assertEquals(in + written, unwritten.address(), "thread 128 reads the first byte the new owner did not write");
        assertEquals((held - written) / 4, unwritten.count());
        assertTrue(unwritten.variable().startsWith(name), unwritten.variable());
        assertEquals(2, c.findings().size(), formatted(c.findings()));
    }

    /**
     * The last thread reads a[32], which is b[0]: its bytes belong to b, but its address was
     * computed from a, so memcheck reports it past a's end.
     */
    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void sharedReadPastAnArrayIntoTheNext(String opt) throws IOException {
        Checked c = bug("past_shared", opt);
        Finding f = only(c, FindingKind.PAST_END);
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(line("PAST-SHARED-READ"), sourceLine(f.access()));
        assertEquals(Access.Operation.READ, f.access().operation());
        assertEquals(31, f.access().thread().x(), "thread 31 reads a[32]");
        assertEquals(0, f.access().warp());
        assertEquals(31, f.access().lane());
        assertTrue(f.variable().startsWith("past_shared(int*)::a"), f.variable());
        assertTrue(f.detail().contains("0 bytes past its end, in past_shared(int*)::b"), f.detail());
        assertEquals(1, f.count());
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    /** Each thread writes one int past the 4 it allocated: inside the device heap, past its block. */
    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void deviceHeapAccessPastABlock(String opt) throws IOException {
        Checked c = bug("heap_past_end", opt);
        Finding f = only(c, FindingKind.PAST_END);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("PAST-HEAP-WRITE"), sourceLine(f.access()));
        assertEquals(Access.Operation.WRITE, f.access().operation());
        assertEquals(0, f.access().warp());
        assertTrue(f.variable().startsWith("device-heap block of 16 bytes from malloc at "), f.variable());
        assertTrue(f.variable().contains("checks.cu:" + line("PAST-HEAP-MALLOC")), f.variable());
        assertEquals(32, f.count(), "every thread");
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void deviceHeapUseAfterFree(String opt) throws IOException {
        Checked c = bug("heap_use_after_free", opt);
        Finding f = only(c, FindingKind.USE_AFTER_FREE);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("UAF-READ"), sourceLine(f.access()));
        assertEquals(Access.Operation.READ, f.access().operation());
        assertEquals(line("UAF-FREE"), sourceLine(f.other()));
        assertEquals(f.access().thread(), f.other().thread(), "the thread reads the block it freed");
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void deviceHeapDoubleFree(String opt) throws IOException {
        Checked c = run(checks().resolve("launch").resolve("heap_double_free.json"), "../checks." + opt + ".ptx", ALL);
        assertEquals(org.gpumem.sim.FaultKind.HEAP_MISUSE, c.result().fault().kind(), c.result()::report);
        Finding f = only(c, FindingKind.DOUBLE_FREE);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(line("DOUBLE-FREE-SECOND"), sourceLine(f.access()));
        assertEquals(line("DOUBLE-FREE-FIRST"), sourceLine(f.other()));
        assertEquals(16, f.size());
        assertEquals(1, c.findings().size(), formatted(c.findings()));
    }

    /**
     * A read one element past a 240-byte buffer stays in its 256-byte granule (a GPU's cudaMalloc
     * hands out no less): memcheck names the buffer as its allocation call was described, in a
     * run and in the debugger's controlled run, which ends at the same fault (it lost the finding:
     * only a run had the checks classify the fault that ended the launch).
     */
    @ParameterizedTest
    @CsvSource({"O3,false", "G,false", "O3,true", "G,true"})
    void globalReadPastABuffer(String opt, boolean controlled) throws Exception {
        SimulatedDevice device = new SimulatedDevice("sm_75", 16 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = device.load(checks().resolve("checks." + opt + ".ptx"));
        MemoryChecker checker = device.enableChecks(ALL);
        int n = 60;
        long in = device.allocate(n * 4);
        long out = device.allocate(n * 4);
        checker.describe(in, n * 4, "240 bytes from cudaMalloc at main (app.cu:7)", false);
        device.write(in, new byte[n * 4]);
        LaunchConfig config = LaunchConfig.builder("_Z11past_globalPKiiPi").grid(2, 1, 1).block(32, 1, 1)
                .argU64(in).argS32(n).argU64(out).build();
        LaunchResult r = controlled
                ? ControlledLaunch.runToEnd(m.launch(config, ControlledLaunch.options(ExecOptions.DEFAULT_BUDGET)))
                : m.launch(config, ExecOptions.defaults()).run();
        assertTrue(!r.completed(), "the simulator faults past the allocation");
        checker.finish();
        Finding f = only(new Checked(r, checker.findings(), Map.of()), FindingKind.PAST_END);
        assertEquals(PtxStateSpace.GLOBAL, f.space());
        assertEquals(in + n * 4, f.address());
        assertEquals("the access starts at the end of the " + n * 4 + "-byte allocation", f.detail());
        assertEquals(line("PAST-GLOBAL-READ"), sourceLine(f.access()));
        assertEquals(new org.gpumem.sim.Dim3(1, 0, 0), f.access().cta());
        assertEquals(27, f.access().lane(), "thread 59 = CTA 1 lane 27 reads in[60]");
        assertTrue(f.variable().startsWith("240 bytes from cudaMalloc at main (app.cu:7)"), f.variable());
        assertEquals(1, checker.findings().size(), formatted(checker.findings()));
    }

    /**
     * A cooperative launch of {@code kernel} on 4 CTAs of 64 threads, checked: its findings, which
     * the debugger's controlled run of it (all CTAs resident, run side by side) finds too.
     */
    private static List<Finding> cooperative(String kernel, String opt, int[] sum) throws Exception {
        List<Finding> run = cooperative(kernel, opt, sum, false);
        assertEquals(keys(run), keys(cooperative(kernel, opt, new int[1], true)), "the controlled run");
        return run;
    }

    private static List<Finding> cooperative(String kernel, String opt, int[] sum, boolean controlled) throws Exception {
        SimulatedDevice device = new SimulatedDevice("sm_75", 16 << 20, BlockCompiler.INSTANCE);
        DeviceModule m = device.load(checks().resolve("checks." + opt + ".ptx"));
        MemoryChecker checker = device.enableChecks(ALL);
        int ctas = 4;
        long slots = device.allocate(ctas * 4);
        long out = device.allocate(4);
        device.write(out, new byte[4]);
        LaunchConfig config = LaunchConfig.builder(kernel).grid(ctas, 1, 1).block(64, 1, 1).argU64(slots).argU64(out)
                .cooperative(true).build();
        LaunchResult r = controlled
                ? ControlledLaunch.runToEnd(m.launch(config, ControlledLaunch.options(ExecOptions.DEFAULT_BUDGET)))
                : m.launch(config, ExecOptions.defaults()).run();
        assertTrue(r.completed(), r::report);
        checker.finish();
        byte[] b = device.read(out, 4);
        sum[0] = (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
        return checker.findings();
    }

    /**
     * CTA 0 reads every CTA's slot after a grid barrier while the other CTAs already clear theirs:
     * a race between CTAs of a cooperative launch; with a second grid barrier before the clearing
     * there is none, and the writes before the first barrier are ordered before the reads after it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"O3", "G"})
    void cooperativeLaunchRaceAcrossAGridBarrier(String opt) throws Exception {
        int[] sum = new int[1];
        List<Finding> racy = cooperative("_Z9grid_racePiS_", opt, sum);
        assertTrue(!racy.isEmpty(), "no race found");
        for (Finding f : racy) {
            // CTA 0 reads slots some CTAs cleared already (read after write) and others clear later (write after read)
            assertTrue(f.kind() == FindingKind.RACE_WAR || f.kind() == FindingKind.RACE_RAW, f.format());
            assertEquals(PtxStateSpace.GLOBAL, f.space());
            assertEquals(List.of(line("GRID-READ"), line("GRID-CLEAR")),
                    List.of(sourceLine(f.access()), sourceLine(f.other())).stream().sorted().toList());
            assertTrue(!f.access().cta().equals(f.other().cta()), "two CTAs");
            assertEquals(0, f.access().thread().x());
        }

        List<Finding> fixed = cooperative("_Z15grid_race_fixedPiS_", opt, sum);
        assertEquals("", formatted(fixed));
        assertEquals(1 + 2 + 3 + 4, sum[0], "CTA 0 summed every slot");
    }

    /** The correct twin of every bug, and correct kernels of the other fixtures. */
    static Stream<Arguments> correctLaunches() throws IOException {
        List<Arguments> all = new ArrayList<>();
        for (String name : List.of("race_shared_fixed", "race_warp_fixed", "race_global_fixed", "uninit_shared_fixed",
                "uninit_local_fixed", "divergent_barrier_fixed", "heap_leak_fixed", "past_shared_fixed")) {
            for (String opt : List.of("O3", "G")) {
                all.add(Arguments.of(checks().resolve("launch").resolve(name + ".json"), "../checks." + opt + ".ptx"));
            }
        }
        Path kernels = SimTestSupport.fixtures().resolve("kernels").resolve("launch");
        for (String name : List.of("reduce", "scan", "histogram", "warp_reduce", "matmul", "transpose", "saxpy",
                "local_array")) {
            all.add(Arguments.of(kernels.resolve(name + ".json"), null));
            all.add(Arguments.of(kernels.resolve(name + ".json"), "../" + name + ".G.ptx"));
        }
        Path everyday = SimTestSupport.fixtures().resolve("everyday").resolve("launch");
        for (String name : List.of("barriers.cg_reduce", "barriers.split_barrier", "barriers.barrier_counts",
                "named_barriers.producer_consumer", "named_barriers.half_block_barriers", "warp.warp_shuffles",
                "warp.warp_sync_exchange", "warp.warp_redux", "warp.warp_votes", "warp.warp_groups", "atomics.atomic_ints",
                "cp_async.pipeline_double_buffer", "cp_async.cuda_pipeline", "malloc.heap_sum", "malloc.heap_block_buffer",
                "int_intrinsics.int_intrinsics", "memory.access_policies", "memory.shared_and_local", "structs.structs_by_value")) {
            all.add(Arguments.of(everyday.resolve(name + ".json"), null));
            String module = name.substring(0, name.indexOf('.'));
            all.add(Arguments.of(everyday.resolve(name + ".json"), "../" + module + ".G.ptx"));
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("correctLaunches")
    void correctCodeGivesNoFindingAndTheSameResults(Path launchFile, String module) throws IOException {
        Checked checked = run(launchFile, module, ALL);
        assertTrue(checked.result().completed(), checked.result()::report);
        assertEquals("", formatted(checked.findings()), launchFile + " " + module);
        Checked plain = run(launchFile, module, null);
        assertEquals(plain.outputs().keySet(), checked.outputs().keySet());
        for (String name : plain.outputs().keySet()) {
            assertArrayEquals(plain.outputs().get(name), checked.outputs().get(name), name);
        }
    }

    /**
     * A checked launch on the fast engine, whose compiled blocks leave every instruction the
     * checks look at to the interpreter, finds exactly what one on the interpreter finds, each
     * finding seen as often, in every fixture of bugs and their correct twins, -O3 and -G.
     */
    @Test
    void theFastEngineFindsWhatTheInterpreterFinds() throws IOException {
        List<Path> launches;
        try (var files = Files.list(checks().resolve("launch"))) {
            launches = files.sorted().toList();
        }
        int withFindings = 0;
        for (Path launchFile : launches) {
            for (String opt : List.of("O3", "G")) {
                String module = "../checks." + opt + ".ptx";
                Checked interpreted = run(launchFile, module, ALL, ExecEngine.INTERPRETER);
                Checked fast = run(launchFile, module, ALL, ExecEngine.FAST);
                String name = launchFile.getFileName() + " " + opt;
                assertEquals(formatted(interpreted.findings()), formatted(fast.findings()), name);
                assertEquals(interpreted.findings(), fast.findings(), name);
                assertEquals(interpreted.result().threadInstructions(), fast.result().threadInstructions(), name);
                withFindings += interpreted.findings().isEmpty() ? 0 : 1;
            }
        }
        assertTrue(withFindings >= 10, "fixtures with findings: " + withFindings);
    }

    @Test
    void toolNamesAsComputeSanitizerOrShort() {
        assertEquals(EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK), CheckTool.parse("race,initcheck"));
        assertEquals(ALL, CheckTool.parse("all"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> CheckTool.parse("racecheck,bogus"));
        assertTrue(e.getMessage().startsWith("unknown check 'bogus'"), e.getMessage());
    }
}
