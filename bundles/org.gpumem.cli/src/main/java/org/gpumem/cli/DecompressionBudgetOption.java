package org.gpumem.cli;

import org.gpumem.dwarf.io.DecompressionBudget;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --decompression-budget}, of the commands that read compressed input (a picocli mixin). */
final class DecompressionBudgetOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--decompression-budget", paramLabel = "BYTES",
            description = "Refuse to decompress more than BYTES from the file (default: half the Java heap, at most 1 GiB).")
    Long budget;

    /** The budget asked for, or the JVM's default ({@link DecompressionBudget#defaultBytes()}); a usage error when not positive. */
    long bytes() {
        if (budget == null) {
            return DecompressionBudget.defaultBytes();
        }
        if (budget <= 0) {
            throw new ParameterException(spec.commandLine(), "--decompression-budget must be a positive number of bytes, not " + budget);
        }
        return budget;
    }
}
