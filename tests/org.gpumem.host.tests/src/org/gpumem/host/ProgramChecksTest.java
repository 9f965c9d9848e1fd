package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.check.Findings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Memory checks of host programs: what the program's runtime tells a checked device (its copies
 * and sets, the frees it refuses) and what a memory pool keeps mapped after cudaFreeAsync. The
 * fixture checked_memory.cu has one bug of each kind, its lines marked; the correct programs give
 * no finding.
 */
class ProgramChecksTest {

    /** The findings of a checked run of {@code program}, which must exit 0 and print {@code Test PASSED}. */
    private static List<Finding> check(String program) throws Exception {
        ProgramChecks checks = new ProgramChecks(new HostListener() {
        }, EnumSet.allOf(CheckTool.class));
        HostProgram p = HostProgram.of(Fixtures.program(program), List.of(), Fixtures.runtime());
        HostSession session = HostSession.start(p, checks, KernelRunner.simulate(ExecOptions.defaults()),
                new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE,
                        ProcessBuilder.Redirect.INHERIT));
        String out = new String(session.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, session.waitFor(), out);
        assertTrue(out.contains("Test PASSED"), out);
        List<String> report = new ArrayList<>();
        List<Finding> findings = Findings.report(checks.checkers(), report::add);
        assertEquals(1, checks.checkers().size());
        return findings;
    }

    private static int line(String mark) throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.program("checked_memory.cu"));
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

    private static Finding only(List<Finding> findings, FindingKind kind) {
        List<Finding> of = findings.stream().filter(f -> f.kind() == kind).toList();
        assertEquals(1, of.size(), () -> kind + " in " + formatted(findings));
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
        assertTrue(a.source() != null, () -> "no source line for " + a);
        assertEquals("checked_memory.cu", Path.of(a.source().file()).getFileName().toString());
        return a.source().line();
    }

    @Test
    void eachHostSideBugIsFoundWithItsLinesAndNothingElse() throws Exception {
        List<Finding> findings = check("checked_memory");

        // the half that no copy wrote: read by the threads of CTA 1
        Finding uninit = only(findings, FindingKind.UNINITIALIZED_READ);
        assertEquals(PtxStateSpace.GLOBAL, uninit.space());
        assertEquals(line("KERNEL-READ"), sourceLine(uninit.access()));
        assertEquals(1, uninit.access().cta().x(), uninit.format());
        assertTrue(uninit.variable().contains("bytes from cudaMalloc at main") && uninit.variable().contains(
                "(checked_memory.cu:" + line("HALF-MALLOC") + ")"), uninit.variable());
        assertEquals(128, uninit.count(), "each thread of CTA 1 reads one unwritten int");

        Finding twice = only(findings, FindingKind.DOUBLE_FREE);
        assertEquals(line("DOUBLE-FREE"), sourceLine(twice.access()));
        assertEquals(Access.Operation.FREE, twice.access().operation());
        assertTrue(twice.variable().contains("(checked_memory.cu:" + line("SET-MALLOC") + ")"), twice.variable());
        assertEquals(1024, twice.size());

        Finding afterFree = only(findings, FindingKind.USE_AFTER_FREE);
        assertEquals(line("KERNEL-READ"), sourceLine(afterFree.access()));
        assertEquals(line("FREE-ASYNC"), sourceLine(afterFree.other()));
        assertTrue(afterFree.variable().contains("from cudaMallocAsync"), afterFree.variable());

        // thread 99 reads small[100]: byte 400 of a 400-byte allocation's 512-byte granule
        Finding past = only(findings, FindingKind.PAST_END);
        assertEquals(line("PAST-END-READ"), sourceLine(past.access()));
        assertEquals(3, past.access().warp());
        assertEquals(3, past.access().lane());
        assertTrue(past.variable().contains("(checked_memory.cu:" + line("SMALL-MALLOC") + ")"), past.variable());

        // the fault's sticky error keeps the program from freeing the last kernel's buffers
        assertEquals(List.of(line("OUT-MALLOC"), line("SMALL-MALLOC")), findings.stream()
                .filter(f -> f.kind() == FindingKind.LEAK).map(f -> sourceLine(f.access())).sorted().toList());
        assertEquals(6, findings.size(), formatted(findings));
    }

    /**
     * Correct programs, whose cudaMalloc'd buffers are filled by copies, sets and kernels, give no
     * finding; pool_clean's memory pools hand blocks out again for as many or fewer bytes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"vector_add", "reduction", "scan_lookback", "convolution", "managed", "matrix_mul", "mempool",
            "streams_events", "graphs", "arrays", "cooperative", "textures", "driver_entry", "host_register", "managed_advise",
            "device_printf", "expressions", "rdc", "matrix_mul.G", "graphs.G", "mempool.G", "graph_conditional", "pool_clean"})
    void correctProgramsGiveNoFinding(String program) throws Exception {
        assertEquals("", formatted(check(program)));
    }
}
