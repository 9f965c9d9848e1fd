package org.gpumem.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code gpumem} command line. Each subcommand is its own class in this
 * package; add it to {@code subcommands} below.
 */
@Command(name = "gpumem", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "GPU memory through address spaces: device-code catalogs, address-space DWARF, "
                + "and a PTX simulator.",
        subcommands = {CommandLine.HelpCommand.class, ImagesCommand.class, DwarfCommand.class, RunCommand.class, BenchCommand.class, DemoCommand.class, SnapshotCommand.class,
            ExecCommand.class})
public final class Main {

    /** Exit status for a command that could not do its work because its input is bad. */
    public static final int EXIT_BAD_INPUT = 1;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line with the given output streams; returns the exit status. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new UserErrorHandler());
        // gpumem exec PROGRAM -x: options after the program are the program's
        cli.getSubcommands().get("exec").setStopAtPositional(true);
        return cli.execute(args);
    }

    /**
     * Turns an exception escaping a command into one line naming what went wrong, without a
     * stack trace; set GPUMEM_DEBUG=1 to see the trace.
     */
    static final class UserErrorHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            PrintWriter err = cmd.getErr();
            err.println("gpumem " + cmd.getCommandName() + ": " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            if (System.getenv("GPUMEM_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return EXIT_BAD_INPUT;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"gpumem " + (v != null ? v : "(development build)")};
        }
    }
}
