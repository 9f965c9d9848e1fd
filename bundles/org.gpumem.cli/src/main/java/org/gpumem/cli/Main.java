package org.gpumem.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.host.HostProgramException;
import org.gpumem.model.addressing.AddressingException;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code gpumem} command line. Each subcommand is its own class in this
 * package; add it to {@code COMMANDS} below.
 */
@Command(name = "gpumem", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "GPU memory through address spaces: device-code catalogs, address-space DWARF, "
                + "and a PTX simulator.",
        subcommands = {CommandLine.HelpCommand.class})
public final class Main {

    /**
     * The commands, by the name each one's {@code @Command} gives. Only the command a command line
     * names is handed to picocli: its reflection over a command class loads every type the
     * class's methods mention, and for some commands that means the model's signed EMF jars,
     * whose verification alone costs a listing like {@code gpumem images} more than its work.
     */
    private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("images", ImagesCommand::new);
        COMMANDS.put("dwarf", DwarfCommand::new);
        COMMANDS.put("run", RunCommand::new);
        COMMANDS.put("bench", BenchCommand::new);
        COMMANDS.put("demo", DemoCommand::new);
        COMMANDS.put("snapshot", SnapshotCommand::new);
        COMMANDS.put("exec", ExecCommand::new);
        COMMANDS.put("dap", DapCommand::new);
    }

    /** Exit status for a command that could not do its work because its input is bad. */
    public static final int EXIT_BAD_INPUT = 1;
    /** Exit status for a bug in gpumem (an unexpected exception): sysexits' EX_SOFTWARE. */
    public static final int EXIT_INTERNAL_ERROR = 70;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line with the given output streams; returns the exit status. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        boolean named = args.length > 0 && COMMANDS.containsKey(args[0]);
        COMMANDS.forEach((name, command) -> {
            if (!named || name.equals(args[0])) {
                cli.addSubcommand(name, command.get());
            }
        });
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new UserErrorHandler());
        // gpumem exec PROGRAM -x: options after the program are the program's
        CommandLine exec = cli.getSubcommands().get("exec");
        if (exec != null) {
            exec.setStopAtPositional(true);
        }
        try {
            return cli.execute(args);
        } catch (RuntimeException | Error e) {
            // Errors (StackOverflowError, OutOfMemoryError) pass picocli's handler.
            return InternalErrors.report(err, "gpumem", e);
        }
    }

    /**
     * Bad input (an {@link InputFormatException}, an unreachable location, a file that cannot be
     * read) becomes one line naming the file and what was expected, exit 1. Anything else is a bug:
     * one line saying so with the path of a log file holding the trace, exit
     * {@link #EXIT_INTERNAL_ERROR}.
     */
    static final class UserErrorHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            PrintWriter err = cmd.getErr();
            String name = "gpumem " + cmd.getCommandName();
            String message = userMessage(e);
            if (message == null) {
                return InternalErrors.report(err, name, e);
            }
            err.println(name + ": " + message);
            if (System.getenv("GPUMEM_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return EXIT_BAD_INPUT;
        }
    }

    /** The one-line message of an exception caused by the user's input, or null for a bug. */
    static String userMessage(Throwable e) {
        if (e instanceof AddressingException || e instanceof HostProgramException) {
            return e.getMessage();
        }
        return InputFiles.userMessage(e);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"gpumem " + (v != null ? v : "(development build)")};
        }
    }
}
