package org.gpumem.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One in-process run of the CLI: its exit status and what it printed to each stream. An
 * internal error (exit {@link Main#EXIT_INTERNAL_ERROR}) is a bug whatever the test expects, so
 * {@link #run} fails on it with what the CLI printed.
 */
record CliRun(int status, String out, String err) {

    static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        if (status == Main.EXIT_INTERNAL_ERROR) {
            throw new AssertionError("gpumem " + String.join(" ", args) + " ended with an internal error: " + err);
        }
        return new CliRun(status, out.toString(), err.toString());
    }
}
