package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.DeviceFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gpumem exec} on the host-program fixtures (tests/fixtures/host, built by make-host.sh
 * with nvcc -cudart shared). Each program checks its own results against a host computation and
 * prints PASS/FAIL as the CUDA samples do.
 */
class ExecCommandTest {
    private static final Path HOST = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("host")
            .toAbsolutePath();

    @TempDir
    Path dir;

    private static CliRun exec(String... args) {
        List<String> all = new ArrayList<>(List.of("exec"));
        for (String a : args) {
            all.add(Files.exists(HOST.resolve(a)) && !a.contains(".cu") ? HOST.resolve(a).toString() : a);
        }
        return run(all.toArray(new String[0]));
    }

    /** The 1-based line of {@code source} that contains {@code text}. */
    private static int lineOf(String source, String text) throws IOException {
        List<String> lines = Files.readAllLines(HOST.resolve(source));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in " + source);
    }

    private static long count(String text, String what) {
        return Pattern.compile(Pattern.quote(what)).matcher(text).results().count();
    }

    @Test
    void theProgramSeesTheDeviceTheSimulatorModels() {
        CliRun r = exec("--device", "sm_80", "vector_add");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("1 device(s); device 0: gpumem simulator (sm_80), compute capability 8.0 (attributes 8.0), "
                + "warp 32"), r.out());
        assertTrue(r.out().contains("runtime version 13000"), r.out());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertFalse(r.err().contains("gpumem:"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"matrix_mul", "reduction", "convolution", "managed", "streams_events", "host_register",
        "graphs", "graphs.G", "mempool", "mempool.G", "managed_advise", "managed_advise.G", "driver_entry",
        "driver_entry.G", "arrays", "arrays.G", "cooperative", "cooperative.G", "rdc", "rdc.G", "textures", "textures.G",
        "graph_conditional", "graph_conditional.G"})
    void programsThatCheckTheirOwnResultsPass(String program) {
        CliRun r = exec(program);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertFalse(r.err().contains("gpumem:"), r.err());
    }

    /**
     * CUB's scans on two workers: each CTA reads the tile states other CTAs are writing at the
     * same time, 8 bytes ({@code .v2.u32}) and 16 bytes ({@code .v2.u64}) at once. Before vector
     * accesses were made whole, about one scan in five summed a half-written tile (5 of the 6
     * scans had wrong sums in each of three runs); and CUB picks its tuning by the kernel's
     * {@code ptxVersion}, which must be the PTX's target (sm_75 here), not the PTX ISA version.
     */
    @Test
    void scansThatLookBackAtOtherCtasAgreeOnTwoWorkers() {
        CliRun r = exec("--threads", "2", "scan_lookback");
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals(6, count(r.out(), " of 1048576 sums wrong"), r.out());
        assertEquals(6, count(r.out(), ": 0 of 1048576 sums wrong"), r.out());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
    }

    @Test
    void argumentsAfterTheProgramAreItsOwn() {
        CliRun r = exec("matrix_mul", "32");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("32 x 32 matrices, grid 2 x 2"), r.out());
    }

    @Test
    void theReductionRunsSeveralLaunches() {
        CliRun r = exec("reduction");
        Matcher m = Pattern.compile("sum of 65536 elements in (\\d+) launches").matcher(r.out());
        assertTrue(m.find(), r.out());
        assertEquals(2, Integer.parseInt(m.group(1)), "65536 elements, 256 per block: 256 partial sums, then one");
    }

    /** The runtime's occupancy answer is the residency the debugger keeps CTAs resident by. */
    @Test
    void occupancyQueriesCountAsTheSimulatorKeepsBlocksResident() {
        CliRun r = exec("reduction");
        Matcher m = Pattern.compile("reduceSum: (\\d+) static shared bytes, .*; (\\d+) blocks of (\\d+) threads per multiprocessor")
                .matcher(r.out());
        assertTrue(m.find(), r.out());
        int threads = Integer.parseInt(m.group(3));
        long shared = Long.parseLong(m.group(1)) + threads * 4L; // the program's dynamic shared memory: an int per thread
        assertEquals(DeviceFacts.of(90).residentBlocks(threads, shared), Integer.parseInt(m.group(2)), r.out());
    }

    @Test
    void aKernelFaultIsReportedAndItsErrorIsStickyInTheProgram() throws IOException {
        CliRun r = exec("kernel_fault");
        assertEquals(0, r.status(), r.out() + r.err());
        // the program checked that synchronize, a later cudaMalloc and cudaGetLastError (twice) all return it
        assertTrue(r.out().contains("cudaDeviceSynchronize: cudaErrorIllegalAddress (an illegal memory access was encountered)"),
                r.out());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        int line = lineOf("kernel_fault.cu", "// faults");
        assertTrue(r.err().contains("gpumem: launch 1 of writePastEnd(int*, int) <<<(1,1,1), (32,1,1)>>> faulted:"), r.err());
        assertTrue(r.err().contains("out-of-bounds access"), r.err());
        assertTrue(r.err().contains("4-byte access to global address 0x"), r.err());
        // lane 0 writes data[0]; lane 1 writes data[64], past the 64 elements
        assertTrue(r.err().contains("by CTA (0,0,0) warp 0 lane 1 (thread (1,0,0))"), r.err());
        assertTrue(r.err().contains("kernel_fault.cu:" + line + ":"), r.err());
    }

    @Test
    void anUnsupportedEntryPointOrARefusedLaunchIsReportedOnceAndTheProgramCarriesOn() {
        CliRun r = exec("unsupported_call");
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals(1, count(r.err(), "cudaIpcGetEventHandle"), r.err());
        assertTrue(r.err().contains("gpumem does not implement"), r.err());
        assertTrue(r.out().contains("cudaIpcGetEventHandle: cudaErrorNotSupported, again cudaErrorNotSupported"), r.out());
        assertEquals(1, count(r.err(), "gpumem: refused to launch fill(int*, int): grid.y = 70000 is outside 1..65535"), r.err());
        assertTrue(r.out().contains("a grid of 70000 rows: cudaErrorInvalidConfiguration, again cudaErrorInvalidConfiguration"),
                r.out());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
    }


    /**
     * A graph's kernel nodes are launches like any other: a breakpoint stops in each. graphs.cu
     * runs axpy from its captured graph three times, directly three times, from the captured
     * graph again after a kernel node update and after a whole update, and twice from the graph
     * it builds node by node.
     */
    @Test
    void aBreakpointStopsInKernelsLaunchedFromAGraph() throws IOException {
        int line = lineOf("graphs.cu", "a graph kernel's line");
        CliRun r = exec("--break", "graphs.cu:" + line, "graphs.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        String stop = "<<<(8,1,1), (128,1,1)>>>%s stopped at graphs.cu:" + line;
        assertEquals(7, count(r.err(), String.format(stop, " (graph node)")), r.err());
        assertEquals(3, count(r.err(), String.format(stop, "")), r.err());
        assertTrue(r.err().contains("  " + line + " | y[i] = y[i] + a * x[i];"), r.err());
    }

    /**
     * A texture object variable leads to its CUDA array in the texture space: at a stop in
     * texture_space's fetch, plane's array holds what the host copied in (plane[y][x] =
     * y * 100 + x + 0.25, the fixture's formula) and rows' what cudaMemcpy3D copied.
     */
    @Test
    void aTextureObjectShowsTheBytesOfItsArrayInTheTextureSpace() {
        CliRun r = exec("--break", "fetch", "texture_space.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        StringBuilder plane = new StringBuilder();
        StringBuilder rows = new StringBuilder();
        for (int x = 0; x < 8; x++) {
            int bits = Float.floatToIntBits(x + 0.25f);
            for (int k = 0; k < 4; k++) {
                plane.append(x == 0 && k == 0 ? "" : k == 0 ? "  " : " ").append(String.format("%02x", bits >>> (8 * k) & 0xff));
                rows.append(x == 0 && k == 0 ? "" : k == 0 ? "  " : " ").append(String.format("%02x", (x * 4 + k) * 3 % 256));
            }
        }
        assertTrue(r.err().matches("(?s).*\nplane, texture object \\d+, reads the CUDA array float, 16 x 8, 512 bytes "
                + "\\(first 32 bytes\\):\n  tex +0x1[0-9a-f]{8} +" + plane + "  = \\[0\\.25, 1\\.25, 2\\.25, .*"), r.err());
        assertTrue(r.err().matches("(?s).*\nrows, texture object \\d+, reads the CUDA array uchar4, 16, 2 layers, 128 bytes "
                + "\\(first 32 bytes\\):\n  tex +0x1[0-9a-f]{8} +" + rows + "  = \\[0, 3, 6, 9, .*"), r.err());
    }

    /**
     * A program of two translation units (nvcc -rdc=true) runs from their linked PTX: a breakpoint
     * in the library unit's function stops the other unit's kernel that calls it.
     */
    @Test
    void aBreakpointInAnotherTranslationUnitStopsTheKernelCallingIt() throws IOException {
        int line = lineOf("rdc_lib.cu", "return 3 * x + unitTag;");
        CliRun r = exec("--break", "rdc_lib.cu:" + line, "rdc.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertEquals(1, count(r.err(), "launch 1 of transform(int*, int) <<<(8,1,1), (128,1,1)>>> stopped at rdc_lib.cu:" + line),
                r.err());
        assertTrue(r.err().contains("(2 translation units linked)"), r.err());
        assertTrue(r.err().contains("  " + line + " | return 3 * x + unitTag;"), r.err());
    }

    /** A runaway kernel of a program is stopped by wall-clock time; its program gets the launch's error. */
    @Test
    void anEndlessKernelIsStoppedByTheWallClockLimit() {
        CliRun r = exec("--timeout", "2", "endless");
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith("launching spin\n"), r.out());
        assertTrue(r.err().contains("the wall-clock limit of 2 s was reached"), r.err());
        assertTrue(r.err().contains("cudaDeviceSynchronize() failed: cudaErrorLaunchTimeout"), r.err());
    }

    /** exec has no instruction budget unless asked (a correct kernel may issue billions); --budget still works. */
    @Test
    void theInstructionBudgetIsAnOption() {
        ExecCommand command = new ExecCommand();
        new picocli.CommandLine(command).parseArgs("vector_add");
        assertEquals(0, command.simulation.options(false, ExecCommand.EXEC_BUDGET).instructionBudget());
        CliRun r = exec("--budget", "100000", "--timeout", "60", "endless");
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("budget of 100000 warp instructions"), r.err());
        assertFalse(r.err().contains("wall-clock limit"), r.err());
    }

    @Test
    void devicePrintfOutputAppearsAtTheSynchronisation() {
        CliRun r = exec("device_printf");
        assertEquals(0, r.status(), r.out() + r.err());
        StringBuilder expected = new StringBuilder();
        // as the GPU's buffer comes out in the simulator: by CTA, then warp, then lane
        for (int block = 0; block < 2; block++) {
            for (int thread = 0; thread < 4; thread++) {
                expected.append("[" + block + ", " + thread + "] value is 10\n");
            }
        }
        assertEquals(expected + "Test PASSED\n", r.out());
    }

    @Test
    void deviceMallocAssertAndPrintfReachTheProgramAsOnAGpu() throws IOException {
        CliRun r = exec("device_runtime");
        assertEquals(0, r.status(), r.out() + r.err());
        StringBuilder expected = new StringBuilder("host: before the launch\n");
        for (int t = 0; t < 8; t++) {
            expected.append("thread " + t + ": " + (t < 4 ? "a block" : "NULL") + "\n");
        }
        expected.append("host: after the synchronisation\n")
                .append("4 blocks; resizing the heap now: cudaErrorInvalidValue\n")
                .append("assert: cudaErrorAssert, then cudaErrorAssert, then cudaErrorAssert\n")
                .append("Test PASSED\n");
        assertEquals(expected.toString(), r.out());
        int line = lineOf("device_runtime.cu", "assert(v[threadIdx.x] > 0)");
        assertTrue(r.err().contains("device_runtime.cu:" + line + ": void check_positive(const int *): block: [0,0,0], "
                + "thread: [4,0,0] Assertion `v[threadIdx.x] > 0` failed."), r.err());
    }

    @Test
    void aProgramLinkedWithTheStaticRuntimeIsRefusedInOneLine() {
        CliRun r = exec("static_runtime");
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("static CUDA runtime"), r.err());
        assertTrue(r.err().contains("rebuild it with nvcc -cudart shared"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aDeviceTheSimulatorCannotModelIsRefusedBeforeTheProgramStarts() {
        CliRun r = exec("--device", "gfx90a", "vector_add");
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertEquals("gpumem exec: device must be sm_NN (e.g. sm_90): gfx90a", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void theExitStatusIsTheProgramsIncludingASignal() throws IOException {
        Path exits = dir.resolve("exits.sh");
        Files.writeString(exits, "#!/bin/sh\necho \"args: $*\"\nexit 3\n");
        Path killed = dir.resolve("killed.sh");
        Files.writeString(killed, "#!/bin/sh\nkill -KILL $$\n");
        for (Path p : List.of(exits, killed)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }
        CliRun r = exec(exits.toString(), "-x", "two words");
        assertEquals(3, r.status(), r.out() + r.err());
        assertEquals("args: -x two words\n", r.out());
        assertEquals(128 + 9, exec(killed.toString()).status());
    }

    @Test
    void aBreakpointStopsOncePerLaunchAndShowsSharedBytesThroughTwoSpaces() throws IOException {
        int line = lineOf("matrix_mul.cu", "sum += As");
        CliRun r = exec("--break", "matrix_mul.cu:" + line, "--lane", "3", "matrix_mul.G", "32");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        String err = r.err();
        assertEquals(1, count(err, "stopped at matrix_mul.cu:" + line), err);
        assertTrue(err.contains("  " + line + " | sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];"), err);
        Matcher cta = Pattern.compile("stopped in CTA \\((\\d+),(\\d+),0\\)").matcher(err);
        assertTrue(cta.find(), err);
        int bx = Integer.parseInt(cta.group(1));
        int by = Integer.parseInt(cta.group(2));
        int n = 32;
        // the first stop is in the first tile (t = 0): As[0][k] = A[(by*16)*n + k], Bs[0][k] = B[bx*16 + k],
        // with the program's A[i] = i % 7 - 3 and B[i] = (i % 5) * 0.25
        List<String> as = new ArrayList<>();
        List<String> bs = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            as.add(Float.toString((float) ((by * 16 * n + k) % 7) - 3.0f));
            bs.add(Float.toString((float) ((bx * 16 + k) % 5) * 0.25f));
        }
        assertBothSpaces(err, "As", "0x0", "0x7f0000000000", as);
        assertBothSpaces(err, "Bs", "0x400", "0x7f0000000400", bs);
        assertTrue(err.contains("variables of _Z9matrixMulPKfS0_Pfi for lane 3"), err);
    }

    private static void assertBothSpaces(String err, String variable, String shared, String generic, List<String> values) {
        assertTrue(err.contains(variable + " of CTA"), err);
        String row = "  " + "%-8s %-20s .* = " + Pattern.quote(values.toString());
        assertTrue(Pattern.compile(String.format(row, "shared", shared)).matcher(err).find(), variable + "\n" + err);
        assertTrue(Pattern.compile(String.format(row, "generic", generic)).matcher(err).find(), variable + "\n" + err);
    }

    @Test
    void aKernelBreakpointStopsAtTheKernelsEntryInEachLaunch() {
        CliRun r = exec("--break", "reduceSum", "reduction");
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals(2, count(r.err(), "stopped at kernel reduceSum"), r.err());
        assertTrue(r.err().contains("launch 2 of reduceSum(int const*, int*, int)"), r.err());
    }

    @Test
    void anEndlessKernelStopsAtTheTimeoutAndTheProgramSeesTheFault() {
        CliRun r = exec("--timeout", "0.5", "endless");
        assertTrue(r.out().startsWith("launching spin\n"), r.out());
        assertTrue(r.err().contains("the wall-clock limit of 0.5 s was reached"), r.err());
        assertTrue(r.status() != 0, r.out() + r.err());
    }

    /** A --break launch runs as a debug session, which answers the stop rules as a plain launch does. */
    @Test
    void anEndlessKernelWithABreakpointStopsThereAndThenAtTheTimeout() {
        CliRun r = exec("--break", "spin", "--timeout", "0.5", "endless");
        assertEquals(1, count(r.err(), "stopped at kernel spin"), r.err());
        assertTrue(r.err().contains("the wall-clock limit of 0.5 s was reached"), r.err());
        assertTrue(r.status() != 0, r.out() + r.err());
    }

    @Test
    void theProfileSaysWhereEachLaunchsAccessesWent() {
        CliRun r = exec("--profile", "vector_add");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("gpumem: address-space profile of launch 1 of vectorAdd"), r.err());
        assertTrue(r.err().contains("vector_add.cu:"), r.err());
    }

    // ---------------------------------------------------------------- expressions (host/expressions.cu, 2 CTAs of 48)

    /** expressions.cu's {@code stage[i]} of CTA {@code cta} once stored: its thread's gid - 20. */
    private static int stage(int cta, int i) {
        return cta * 48 + i - 20;
    }

    /** The lines of {@code err} after the report header that starts with {@code header}, up to the next blank line. */
    private static List<String> printed(String err, String header) {
        List<String> lines = err.lines().toList();
        int at = 0;
        while (at < lines.size() && !lines.get(at).contains(header)) {
            at++;
        }
        List<String> out = new ArrayList<>();
        for (int i = at + 1; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            out.add(lines.get(i));
        }
        return out;
    }

    @Test
    void aConditionalBreakStopsInTheLaneWhereItHoldsAndPrintsEachExpression() throws IOException {
        int line = lineOf("../kernels/expressions.cu", "int sum = stage");
        CliRun r = exec("--break", "expressions.cu:" + line, "--if", "threadIdx.x == 37 && blockIdx.x == 1",
                "--print", "threadIdx.x", "--print", "p", "--print", "tile[threadIdx.x / 8][threadIdx.x % 8]",
                "--print", "*(@shared int *) &stage[5]", "--print", "q->flags[0] + nosuch", "expressions.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertEquals(1, count(r.err(), "stopped at expressions.cu:" + line), r.err());
        // thread 37 of CTA 1 is warp 1; gid = 48 + 37, p.x = in[gid] = gid - 70, p.y = 0.25 * 37
        int gid = 48 + 37;
        assertTrue(r.err().contains("stopped in CTA (1,0,0) warp 1 at PTX line"), r.err());
        List<String> lines = printed(r.err(), "stopped in CTA (1,0,0) warp 1");
        assertEquals("threadIdx.x = 37", lines.get(lines.size() - 5), r.err());
        assertEquals("p = {x = " + (gid - 70) + ", y = " + Float.toString(0.25f * 37) + ", id = " + gid + ", flags = {"
                + (37 - 16) + ", 1}}", lines.get(lines.size() - 4));
        assertEquals("tile[threadIdx.x / 8][threadIdx.x % 8] = " + Float.toString(37 * 0.5f), lines.get(lines.size() - 3));
        assertEquals("*(@shared int *) &stage[5] = " + stage(1, 5), lines.get(lines.size() - 2));
        assertEquals("q->flags[0] + nosuch: column 15: no variable or symbol 'nosuch' in expressions, and no CUDA built-in "
                + "of that name", lines.get(lines.size() - 1));
    }

    @Test
    void aFocusedBreakInADivergentBranchStopsWhenThatThreadGetsThere() throws IOException {
        // the line after `int negative = -sum;`, which has then run
        int line = lineOf("../kernels/expressions.cu", "out[gid] = negative");
        CliRun r = exec("--break", "expressions.cu:" + line, "--focus", "block (0,0,0) thread (1,0,0)", "--print", "negative",
                "--print", "sum", "--print", "threadIdx", "expressions.G");
        assertEquals(0, r.status(), r.out() + r.err());
        // thread 1: sum = stage[2] + window[3] = (2 - 20) + (1 * 10 + 3)
        int sum = stage(0, 2) + 13;
        List<String> lines = printed(r.err(), "stopped in CTA (0,0,0) warp 0");
        assertEquals(List.of("negative = " + -sum, "sum = " + sum, "threadIdx = {x = 1, y = 0, z = 0}"),
                lines.subList(lines.size() - 3, lines.size()), r.err());
    }

    @Test
    void aWatchStopsAtTheFirstWriteAndShowsTheWriterAndBothValues() throws IOException {
        int line = lineOf("../kernels/expressions.cu", "stage[threadIdx.x] = gid - 20");
        CliRun r = exec("--watch", "stage[5]", "--focus", "block (1,0,0) thread (5,0,0)", "--print", "gid", "expressions.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertEquals(1, count(r.err(), "watchpoint stage[5] (shared [CTA (1,0,0)] +0x"), r.err());
        assertTrue(r.err().contains("written at ") && r.err().contains("expressions.cu:" + line + ":"), r.err());
        assertTrue(r.err().contains("by CTA (1,0,0) thread (5,0,0), warp 0 lane 5"), r.err());
        assertTrue(r.err().contains("\nold = 0\nnew = " + stage(1, 5) + "\ngid = " + (48 + 5) + "\n"), r.err());
    }

    @Test
    void aWatchWithoutAFocusCatchesTheFirstWriterOfAnyCta() {
        CliRun r = exec("--watch", "hits", "expressions.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals(1, count(r.err(), "watchpoint hits (global [device] +0x"), r.err());
        assertTrue(r.err().contains("\nold = 0\nnew = 1\n"), r.err());
    }

    @Test
    void aLineinfoBuildHasBuiltInsAndSymbolsButNoVariables() throws IOException {
        int line = lineOf("../kernels/expressions.cu", "int sum = stage");
        CliRun r = exec("--break", "expressions.cu:" + line, "--focus", "block (1,0,0) thread (7,0,0)",
                "--print", "blockIdx.x * blockDim.x + threadIdx.x", "--print", "((int *) &stage)[5]", "--print", "gid",
                "expressions");
        assertEquals(0, r.status(), r.out() + r.err());
        List<String> lines = printed(r.err(), "stopped in CTA (1,0,0)");
        assertEquals("blockIdx.x * blockDim.x + threadIdx.x = " + (48 + 7), lines.get(lines.size() - 3), r.err());
        assertEquals("((int *) &stage)[5] = " + stage(1, 5), lines.get(lines.size() - 2));
        assertTrue(lines.get(lines.size() - 1).startsWith("gid: column 1: no variable or symbol 'gid'"), r.err());
    }

    @Test
    void aConditionThatCannotBeEvaluatedIsReportedOnceAndTheProgramRunsOn() throws IOException {
        int line = lineOf("../kernels/expressions.cu", "int sum = stage");
        CliRun r = exec("--break", "expressions.cu:" + line, "--if", "gid >", "expressions.G");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().endsWith("Test PASSED\n"), r.out());
        assertEquals(1, count(r.err(), "the condition 'gid >' at expressions.cu:" + line
                + ": column 6: expected an operand, found the end of the expression"), r.err());
    }

    @Test
    void theHelpNamesRegistersAsPtxWritesThem() {
        // picocli formats descriptions: a bare % once made it warn on the JVM's standard error
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        CliRun help;
        try {
            System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
            help = CliRun.run("exec", "--help");
        } finally {
            System.setErr(stderr);
        }
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().contains("registers as $r12 or %r12."), help.out());
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void badExpressionOptionsAreUsageErrors() {
        CliRun focus = exec("--break", "expressions.cu:51", "--focus", "thread 5", "expressions.G");
        assertEquals(2, focus.status());
        assertTrue(focus.err().contains("--focus: expected 'block (X,Y,Z) thread (X,Y,Z)', not 'thread 5'"), focus.err());
        CliRun condition = exec("--if", "gid > 0", "expressions.G");
        assertEquals(2, condition.status());
        assertTrue(condition.err().contains("--if needs --break"), condition.err());
        assertEquals("", condition.out());
    }
}
