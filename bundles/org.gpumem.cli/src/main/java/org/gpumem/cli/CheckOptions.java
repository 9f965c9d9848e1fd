package org.gpumem.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.Findings;
import org.gpumem.sim.check.MemoryChecker;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --check TOOLS} and {@code --error-exitcode N} of the commands that run kernels: which
 * memory checks run (compute-sanitizer's tool names), and how their findings are printed and
 * change the exit status.
 */
final class CheckOptions {
    /** Exit status of a run whose checks found something, unless {@code --error-exitcode} says another. */
    static final int EXIT_FINDINGS = 3;
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--check", paramLabel = "TOOLS", description = "check every launch with these tools, a comma list of "
            + "racecheck, initcheck, synccheck, leakcheck, memcheck (or race, init, sync, leak, mem) or all; launches "
            + "then run with one worker, each memory access checked")
    String check;

    @Option(names = "--error-exitcode", paramLabel = "N", description = "exit status when the checks found something "
            + "(default: " + EXIT_FINDINGS + ")")
    int errorExitCode = EXIT_FINDINGS;

    /** The tools asked for, or null when no check runs; a usage error for a bad list. */
    Set<CheckTool> tools() {
        if (check == null) {
            return null;
        }
        if (errorExitCode < 0 || errorExitCode > 255) {
            throw new ParameterException(spec.commandLine(), "--error-exitcode must be 0..255, not " + errorExitCode);
        }
        try {
            return CheckTool.parse(check);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--check: " + e.getMessage());
        }
    }

    /**
     * Prints every finding (each counted once, with how often it was seen), what the checks could
     * not do, and the summary line; returns the exit status: {@code status} when nothing was
     * found, else the error exit code.
     */
    int report(MemoryChecker checker, PrintWriter out, int status) {
        return report(List.of(checker), out, status);
    }

    /** As {@link #report(MemoryChecker, PrintWriter, int)} for the checkers of several processes, with one summary. */
    int report(List<MemoryChecker> checkers, PrintWriter out, int status) {
        List<Finding> all = Findings.report(checkers, out::println);
        out.flush();
        return all.isEmpty() ? status : errorExitCode;
    }
}
