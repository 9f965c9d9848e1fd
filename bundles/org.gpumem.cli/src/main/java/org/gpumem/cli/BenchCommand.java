package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem bench LAUNCH.json...}: simulator speed in thread instructions per second (one
 * instruction executed by one active lane), each launch with one worker thread and with all
 * processors, and the ratio of the two measured in the same run. Each figure is the best of
 * {@code --repeat} runs after one warm-up run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures PTX simulator speed (thread instructions per second) on launch files, "
                + "single worker thread and all processors (releng/bench holds large-grid launches of the samples).")
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "LAUNCH.json", arity = "1..*", description = "launch descriptions to measure")
    List<Path> launches;

    @Option(names = "--repeat", paramLabel = "N", description = "measured runs per setting (default: ${DEFAULT-VALUE})")
    int repeat = 3;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads of the parallel setting (default: all processors)")
    Integer threads;

    @Option(names = "--module", paramLabel = "FILE", description = "run this PTX file instead of each launch file's module "
            + "(with one launch file only), e.g. the -G flavour")
    Path module;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int all = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (repeat < 1 || all < 1 || all > 1024) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1 and --threads 1..1024");
        }
        if (module != null && launches.size() != 1) {
            throw new ParameterException(spec.commandLine(), "--module needs exactly one launch file");
        }
        out.printf("%-28s %7s %16s %9s %12s %12s%n", "launch", "workers", "thread-instr", "seconds", "Mthr-instr/s",
                "per worker");
        List<Double> singleRates = new ArrayList<>();
        for (Path file : launches) {
            LaunchDescription d = new LaunchFileReader().read(file);
            if (module != null) {
                d = d.withModule(module.toAbsolutePath());
            }
            String name = d.module().getFileName().toString().replaceFirst("\\.ptx$", "");
            double single = measure(out, name, d, 1);
            double parallel = all > 1 ? measure(out, name, d, all) : single;
            singleRates.add(single);
            out.printf("%-28s speed-up with %d workers: %.2fx%n", name, all, parallel / single);
            out.flush();
        }
        double logSum = 0;
        for (double r : singleRates) {
            logSum += Math.log(r);
        }
        out.printf("geometric mean, one worker: %.1f M thread-instr/s (goal: 100)%n",
                Math.exp(logSum / singleRates.size()) / 1e6);
        out.flush();
        return 0;
    }

    /** Best rate of {@code repeat} runs with {@code workers} threads, in thread instructions per second. */
    private double measure(PrintWriter out, String name, LaunchDescription d, int workers) throws Exception {
        ExecOptions options = new ExecOptions(0, workers, false);
        double best = 0;
        long bestInstr = 0;
        double bestSeconds = 0;
        for (int i = 0; i <= repeat; i++) {
            PreparedLaunch launch = PreparedLaunch.prepare(d);
            long t0 = System.nanoTime();
            LaunchResult r = launch.launch(options).run();
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (!r.completed()) {
                throw new IllegalStateException(name + " faulted: " + r.fault().message());
            }
            double rate = r.threadInstructions() / seconds;
            if (i > 0 && rate > best) {
                best = rate;
                bestInstr = r.threadInstructions();
                bestSeconds = seconds;
            }
        }
        out.printf("%-28s %7d %,16d %9.3f %12.1f %12.1f%n", name, workers, bestInstr, bestSeconds, best / 1e6,
                best / 1e6 / workers);
        return best;
    }
}
