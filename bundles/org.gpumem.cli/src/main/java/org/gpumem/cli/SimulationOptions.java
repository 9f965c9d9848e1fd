package org.gpumem.cli;

import org.gpumem.sim.ExecOptions;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How the simulator runs kernels, for the commands that run them ({@code run}, {@code exec}). */
final class SimulationOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads running CTAs (default: all processors)")
    Integer threads;

    @Option(names = "--budget", paramLabel = "N", description = "stop a launch after N warp instructions (default: ${DEFAULT-VALUE})")
    long budget = ExecOptions.DEFAULT_BUDGET;

    /** The options, with the address-space profile on or off. */
    ExecOptions options(boolean profile) {
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (workers < 1 || workers > 1024) {
            throw new ParameterException(spec.commandLine(), "--threads must be 1..1024, not " + workers);
        }
        return new ExecOptions(budget, workers, profile);
    }
}
