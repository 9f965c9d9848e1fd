package org.gpumem.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Reports a bug (an exception gpumem did not expect) as one line pointing at a log file with the
 * trace, instead of the exception's own text, and gives {@link Main#EXIT_INTERNAL_ERROR}.
 */
final class InternalErrors {
    private InternalErrors() {
    }

    static int report(PrintWriter err, String command, Throwable e) {
        err.println(command + ": " + logged(command, e));
        if (System.getenv("GPUMEM_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return Main.EXIT_INTERNAL_ERROR;
    }

    /**
     * Writes the trace of {@code e} to a log file and returns the line that says so (without the
     * command's name), for front ends that answer with it instead of printing it (gpumem dap's
     * error responses).
     */
    static String logged(String command, Throwable e) {
        Path log = writeLog(command, e);
        return "internal error: this is a bug in gpumem, not a problem with the input; "
                + (log != null ? "the details are in " + log : "the details could not be written to a log file");
    }

    private static Path writeLog(String command, Throwable e) {
        try {
            Path log = Files.createTempFile("gpumem-internal-error-", ".log");
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
                w.println(command + " at " + Instant.now() + ", gpumem "
                        + (Main.class.getPackage().getImplementationVersion() != null
                                ? Main.class.getPackage().getImplementationVersion() : "(development build)")
                        + ", Java " + System.getProperty("java.version"));
                e.printStackTrace(w);
            }
            return log;
        } catch (IOException | RuntimeException | OutOfMemoryError failed) {
            return null;
        }
    }
}
