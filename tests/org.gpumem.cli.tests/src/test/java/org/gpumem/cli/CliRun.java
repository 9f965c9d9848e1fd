package org.gpumem.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the CLI: its exit status and what it printed to each stream. */
record CliRun(int status, String out, String err) {

    static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(status, out.toString(), err.toString());
    }
}
