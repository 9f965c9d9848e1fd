package org.gpumem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gpumem run --check}: findings printed compute-sanitizer style with both source lines of a
 * race, a summary by tool, the exit status of a run with findings (3, or --error-exitcode), none
 * for the correct kernel, and one usage line for an unknown tool.
 */
class CheckOptionTest {
    private static final Path CHECKS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("checks");

    private static String launch(String name) {
        return CHECKS.resolve("launch").resolve(name + ".json").toString();
    }

    /** The line of checks.cu that carries {@code // MARK}. */
    private static int line(String mark) throws IOException {
        List<String> lines = Files.readAllLines(CHECKS.resolve("checks.cu"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// " + mark)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line marked " + mark);
    }

    @Test
    void raceIsReportedWithBothLinesAndTheRunFails() throws IOException {
        CliRun r = CliRun.run("run", launch("race_warp"), "--check", "race,init");
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("========= racecheck: read-after-write race in shared memory"), r.out());
        assertTrue(r.out().contains("read at checks.cu:" + line("WARP-READ") + ":"), r.out());
        assertTrue(r.out().contains("write at checks.cu:" + line("WARP-WRITE") + ":"), r.out());
        assertTrue(r.out().contains("========= gpumem: 1 error (racecheck 1)"), r.out());
    }

    @Test
    void errorExitCodeIsTheUsers() {
        CliRun r = CliRun.run("run", launch("divergent_barrier"), "--check", "synccheck", "--error-exitcode", "42");
        assertEquals(42, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("synccheck: barrier reached by part of the CTA"), r.out());
    }

    @Test
    void correctKernelPassesEveryCheck() {
        CliRun r = CliRun.run("run", launch("divergent_barrier_fixed"), "--check", "all");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("========= gpumem: 0 errors"), r.out());
    }

    @Test
    void unknownToolIsAUsageError() {
        CliRun r = CliRun.run("run", launch("race_warp"), "--check", "racecheck,speedcheck");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("--check: unknown check 'speedcheck'"), r.err());
    }

    /**
     * gpumem exec --check: the program's unfreed cudaMalloc is a leak named by its source line,
     * its barrier-correct reduction gives no race, and the run exits 3 although the program passed.
     */
    @Test
    void programLeakIsNamedByItsCallAndTheReductionIsClean() throws IOException {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "all", host.resolve("checked_leak").toString());
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        int line = -1;
        List<String> lines = Files.readAllLines(host.resolve("checked_leak.cu"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// LEAK-MALLOC")) {
                line = i + 1;
            }
        }
        assertTrue(r.err().contains("========= leakcheck: device memory not freed in global memory: 16 bytes"), r.err());
        assertTrue(r.err().contains("(checked_leak.cu:" + line + ")"), r.err());
        assertTrue(r.err().contains("========= gpumem: 1 error (leakcheck 1)"), r.err());
    }

    /**
     * gpumem exec --check: a kernel's read of cudaMalloc'd bytes no copy wrote, a second cudaFree
     * and a read after cudaFreeAsync are reported with the program's source lines.
     */
    @Test
    void programMemoryBugsAreNamedByTheirLines() throws IOException {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "memcheck,initcheck", host.resolve("checked_memory").toString());
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        java.util.Map<String, Integer> marks = marks(host.resolve("checked_memory.cu"));
        assertTrue(r.err().contains("========= initcheck: read of uninitialized memory in global memory"), r.err());
        assertTrue(r.err().contains("from cudaMalloc at main+0x") && r.err().contains("(checked_memory.cu:"
                + marks.get("HALF-MALLOC") + "), byte 512)"), r.err());
        assertTrue(r.err().contains("checked_memory.cu:" + marks.get("KERNEL-READ") + ":"), r.err());
        assertTrue(r.err().contains("========= memcheck: double free in global memory"), r.err());
        assertTrue(r.err().contains("free at checked_memory.cu:" + marks.get("DOUBLE-FREE")), r.err());
        assertTrue(r.err().contains("========= memcheck: use after free in global memory"), r.err());
        assertTrue(r.err().contains("========= memcheck: access past the end of its variable or block in global memory"),
                r.err());
        assertTrue(r.err().contains("========= gpumem: 4 errors (memcheck 3, initcheck 1)"), r.err());
    }

    /**
     * gpumem exec --check all: the default memory pool hands out again, for 640 ints, the block of
     * 1024 the program gave back, and a kernel given the old count reads the other 384: the bytes
     * are mapped (the block's), so only memcheck sees the reads past the allocation, named by the
     * cudaMallocAsync that asked for fewer bytes and by the read's line; nothing else is reported.
     */
    @Test
    void readPastAPoolBlockHandedOutForFewerBytesIsPastItsEnd() throws IOException {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "all", host.resolve("pool_past_end").toString());
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("the second allocation reuses the first one's block"), r.out());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        java.util.Map<String, Integer> marks = marks(host.resolve("pool_past_end.cu"));
        int requested = 640 * Integer.BYTES, block = 1024 * Integer.BYTES;
        String err = r.err();
        assertTrue(err.contains("========= memcheck: access past the end of its variable or block in global memory: 4 bytes"),
                err);
        assertTrue(err.contains("(" + requested + " bytes from cudaMallocAsync at main+0x") && err.contains(
                "(pool_past_end.cu:" + marks.get("SMALL-ALLOC") + "))"), err);
        assertTrue(err.contains("the access starts at the end of the " + requested + "-byte allocation (its memory pool's block holds "
                + block + " bytes)"), err);
        assertTrue(err.contains("pool_past_end.cu:" + marks.get("PAST-END-READ") + ":"), err);
        assertTrue(err.contains("seen " + (block - requested) / Integer.BYTES + " times"), err);
        assertTrue(err.contains("========= gpumem: 1 error (memcheck 1)"), err);
    }

    /**
     * gpumem exec --check all: the default memory pool is on the device only, so initcheck follows
     * its blocks byte by byte; handed out again, a block whose first owner wrote all of it counts as
     * unwritten, and the kernel's read of the half the new owner did not copy is reported, named by
     * the second cudaMallocAsync and the read's line; nothing else is.
     */
    @Test
    void readOfAReusedDevicePoolBlockNobodyWroteIsUninitialized() throws IOException {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "all", host.resolve("pool_uninit").toString());
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("the second allocation reuses the first one's block"), r.out());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        java.util.Map<String, Integer> marks = marks(host.resolve("pool_uninit.cu"));
        int bytes = 512 * Integer.BYTES;
        String err = r.err();
        assertTrue(err.contains("========= initcheck: read of uninitialized memory in global memory: 4 bytes"), err);
        assertTrue(err.contains("(" + bytes + " bytes from cudaMallocAsync at main+0x") && err.contains(
                "(pool_uninit.cu:" + marks.get("REUSED-ALLOC") + "), byte " + bytes / 2 + ")"), err);
        assertTrue(err.contains("pool_uninit.cu:" + marks.get("KERNEL-READ") + ":"), err);
        assertTrue(err.contains("by CTA (1,0,0) warp 0 lane 0"), err);
        assertTrue(err.contains("========= gpumem: 1 error (initcheck 1)"), err);
    }

    /**
     * --stop-at-finding: the launch that reads the block cudaFreeAsync gave back stops right after
     * its first read, which CTA 0's thread 0 makes; the stop prints the finding, the lane's source
     * line and the --print expressions in that lane, and the program runs on to its end with the
     * same report. The launch before it reads bytes nothing wrote, which stops nothing (known only
     * when the thread exits). Without --check it is a usage error.
     */
    @Test
    void stopAtFindingStopsInTheLaneThatMadeTheAccess() throws IOException {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "memcheck,initcheck", "--stop-at-finding", "--print", "threadIdx.x",
                "--print", "blockIdx.x", host.resolve("checked_memory").toString());
        assertEquals(CheckOptions.EXIT_FINDINGS, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        java.util.Map<String, Integer> marks = marks(host.resolve("checked_memory.cu"));
        String err = r.err();
        int stop = err.indexOf("stopped at the first memory check finding");
        assertTrue(stop >= 0, err);
        assertEquals(stop, err.lastIndexOf("stopped at the first memory check finding"), "one launch stops: " + err);
        String shown = err.substring(stop, err.indexOf("gpumem: continuing", stop));
        assertTrue(shown.contains("========= memcheck: use after free in global memory"), shown);
        assertTrue(shown.contains("free at checked_memory.cu:" + marks.get("FREE-ASYNC")), shown);
        assertTrue(shown.contains("checked_memory.cu:" + marks.get("KERNEL-READ") + ":"), shown);
        assertTrue(shown.contains("stopped in CTA (0,0,0) warp 0 at PTX line"), shown);
        assertTrue(shown.contains("threadIdx.x = 0") && shown.contains("blockIdx.x = 0"), shown);
        // the run's report is whole: stopping changed nothing the checks found
        assertTrue(err.contains("========= gpumem: 4 errors (memcheck 3, initcheck 1)"), err);

        CliRun usage = CliRun.run("exec", "--stop-at-finding", host.resolve("checked_memory").toString());
        assertEquals(2, usage.status(), usage.err());
        assertTrue(usage.err().contains("--stop-at-finding needs --check"), usage.err());
    }

    /** The 1-based line of each {@code // NAME} comment of a fixture's source. */
    private static java.util.Map<String, Integer> marks(Path source) throws IOException {
        List<String> lines = Files.readAllLines(source);
        java.util.Map<String, Integer> marks = new java.util.HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int at = l.lastIndexOf("// ");
            if (at >= 0 && l.substring(at + 3).matches("[A-Z-]+")) {
                marks.put(l.substring(at + 3), i + 1);
            }
        }
        return marks;
    }

    /**
     * Correct programs (a decoupled look-back scan among them; memory pools handing out blocks again
     * for fewer bytes, each read after a write) pass every check and keep their exit status.
     */
    @ParameterizedTest
    @ValueSource(strings = {"vector_add", "reduction", "scan_lookback", "convolution", "managed", "matrix_mul", "pool_clean"})
    void correctProgramsPassEveryCheck(String program) {
        Path host = CHECKS.getParent().resolve("host");
        CliRun r = CliRun.run("exec", "--check", "all", host.resolve(program).toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("Test PASSED"), r.out());
        assertTrue(r.err().contains("========= gpumem: 0 errors"), r.err());
    }
}
