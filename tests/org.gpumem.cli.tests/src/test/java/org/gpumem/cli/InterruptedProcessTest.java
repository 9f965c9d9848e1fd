package org.gpumem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

/**
 * Ctrl-C as a shell delivers it: SIGINT to a separate gpumem process, so that Main's own exit
 * path is what answers, during {@code exec} of a program whose kernel never ends
 * (tests/fixtures/host/endless, which says when it launches).
 */
class InterruptedProcessTest {
    private static final Path HOST = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("host")
            .toAbsolutePath();

    @Test
    void ctrlCDuringExecStopsTheKernelSaysWhereItWasAndExits130() throws Exception {
        assumeFalse(Interrupts.ignored(),
                "SIGINT is ignored in this process (a background job), so no Ctrl-C can reach a gpumem it starts");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process gpumem = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "exec", "--timeout", "120", "--", HOST.resolve("endless").toString()).start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(gpumem.getErrorStream()));
        BufferedReader out = new BufferedReader(new InputStreamReader(gpumem.getInputStream(), StandardCharsets.UTF_8));
        String line;
        do {
            line = out.readLine();
            assertNotNull(line, () -> "the program ended before it launched its kernel: " + err.join());
        } while (!line.equals("launching spin"));

        // The kernel spins now (the program prints just before its launch); a shell's Ctrl-C.
        // Should it be lost, the 120 s limit ends the run and the status assertion says so.
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(gpumem.pid())).start().waitFor());
        String rest = readAll(gpumem.getInputStream());
        int status = gpumem.waitFor();
        String report = err.join();
        assertEquals(StopRules.EXIT_INTERRUPTED, status, rest + report);
        assertTrue(report.contains("interrupted (Ctrl-C)"), report);
        // The warp report; a SIGINT that lands between the program's line and its launch request
        // stops the launch before its first instruction, so the source line is not asserted.
        assertTrue(report.matches("(?s).*CTA \\(0,0,0\\) warp 0: \\w+ at PTX line \\d+.*"), report);
    }

    private static String readAll(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
