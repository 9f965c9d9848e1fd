package org.gpumem.cli;

import org.gpumem.sim.ExecEngine;
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

    @Option(names = "--budget", paramLabel = "N", description = "stop a launch after N warp instructions, 0 for no "
            + "limit (default: 10000000000 for run; none for exec, whose programs' kernels may run long: the --timeout "
            + "stops a runaway one)")
    Long budget;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "stop a launch that runs longer than this, "
            + "with a report of where every warp was; 0 for no limit (default: ${DEFAULT-VALUE})")
    double timeout = DEFAULT_TIMEOUT_SECONDS;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "what executes straight-line code: interpreter "
            + "(the reference) or fast (bytecode compiled per block; default: ${DEFAULT-VALUE})")
    String engine = ExecOptions.DEFAULT_ENGINE.cliName();

    /** Five minutes: far beyond what a test kernel needs, well below the default budget's half hour. */
    static final double DEFAULT_TIMEOUT_SECONDS = 300;

    /** The wall-clock limit and Ctrl-C for the launches of one command; close it when done. */
    StopRules stopRules() {
        if (!(timeout >= 0) || Double.isInfinite(timeout)) {
            throw new ParameterException(spec.commandLine(), "--timeout must be a number of seconds >= 0, not " + timeout);
        }
        return new StopRules(timeout);
    }

    /**
     * The options, with the address-space profile on or off.
     *
     * @param defaultBudget the command's instruction budget when --budget is not given (0: none)
     */
    ExecOptions options(boolean profile, long defaultBudget) {
        int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (workers < 1 || workers > 1024) {
            throw new ParameterException(spec.commandLine(), "--threads must be 1..1024, not " + workers);
        }
        long b = budget != null ? budget : defaultBudget;
        if (b < 0) {
            throw new ParameterException(spec.commandLine(), "--budget must be a number of warp instructions >= 0, not " + b);
        }
        return new ExecOptions(b, workers, profile, engine(spec, engine));
    }

    /** The engine named on the command line, or a usage error naming the choices. */
    static ExecEngine engine(CommandSpec spec, String name) {
        ExecEngine e = ExecEngine.fromName(name);
        if (e == null) {
            throw new ParameterException(spec.commandLine(), "--engine must be interpreter or fast, not " + name);
        }
        return e;
    }
}
