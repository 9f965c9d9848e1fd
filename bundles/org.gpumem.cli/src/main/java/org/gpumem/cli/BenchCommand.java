package org.gpumem.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.gpumem.host.HostListener;
import org.gpumem.host.HostProcess;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostProgramException;
import org.gpumem.host.HostSession;
import org.gpumem.host.KernelRunner;
import org.gpumem.host.ProgramChecks;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.host.RuntimeLibrary;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;
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
 * {@code gpumem bench [LAUNCH.json...]}: simulator speed in thread instructions per second (one
 * instruction executed by one active lane), every launch on the fast engine, then every launch on
 * the interpreter (or on the one {@code --engine} names), with one worker thread and with all processors, the ratios
 * measured in the same run, and, with {@code --c-reference}, the
 * ratio to a single-threaded C program doing the launch's work, run in the same run. Without
 * launch files it measures the launches bundled in the jar ({@link BenchLaunches}). Each figure
 * is the best of {@code --repeat} runs after the first run, whose time is printed too (the
 * cost of a launch run once, with the JIT still cold for the first launch of the run), and
 * warm-up runs until the JIT is quiet ({@link #measure}), with the
 * process's CPU time per run (the mean of half a second of runs at least) and the load average, since
 * on a shared machine wall time follows the load.
 * Runs use the default instruction budget, as {@code gpumem run} does. With {@code --check} it
 * measures what memory checks cost instead, on the launches and on whole CUDA programs
 * ({@code --program}, run as {@code gpumem exec} runs them).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures PTX simulator speed (thread instructions per second), single worker thread and all "
                + "processors, on launch files or, without them, on the benchmark launches bundled with gpumem.")
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "LAUNCH.json", arity = "0..*",
            description = "launch descriptions to measure (default: the bundled benchmark launches)")
    List<Path> launches = List.of();

    @Option(names = "--repeat", paramLabel = "N", description = "measured runs per setting (default: ${DEFAULT-VALUE})")
    int repeat = 3;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads of the parallel setting (default: all processors)")
    Integer threads;

    @Option(names = "--module", paramLabel = "FILE", description = "run this PTX file instead of each launch file's module "
            + "(with one launch file only), e.g. the -G flavour")
    Path module;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "measure only this engine, interpreter or fast "
            + "(default: both, and the fast engine's speed as a multiple of the interpreter's)")
    String engine;

    @Option(names = "--c-reference", paramLabel = "DIR", description = "directory of C reference programs: for launch NAME, "
            + "DIR/NAME is run and prints \"seconds S\", the best time of the same work (releng/bench-sim builds them)")
    Path references;

    @Option(names = "--check", paramLabel = "TOOLS", description = "measure instead what memory checks cost: each launch "
            + "unchecked on the fast engine and the interpreter, then checked with TOOLS (as gpumem run --check takes "
            + "them) on the fast engine, one worker each, and the checked run's time as a multiple of each")
    String check;

    @Option(names = "--program", paramLabel = "PROGRAM", description = "with --check: also measure this CUDA program "
            + "(built with nvcc -cudart shared, run without arguments as gpumem exec runs it), unchecked and checked, "
            + "its kernels on the fast engine with one worker (repeatable)")
    List<Path> programs = new ArrayList<>();

    /** What is measured: a launch or a whole program, by name, run afresh each time. */
    private interface Subject {
        String name();

        /** One run of a fresh copy with {@code options}, checked with {@code tools} when not null. */
        Run run(ExecOptions options, Set<CheckTool> tools)
                throws IOException, InterruptedException, HostProgramException, Unmeasurable;
    }

    /**
     * A launch or program that did not complete (a kernel faulted, a program failed): a benchmark
     * measures completed runs only. Its message names the subject and what happened.
     */
    private static final class Unmeasurable extends Exception {
        private static final long serialVersionUID = 1L;

        Unmeasurable(String message) {
            super(message, null, false, false);
        }
    }

    /** The benchmark, or one line and {@link RunCommand#EXIT_FAULT} when a launch or program does not complete. */
    @Override
    public Integer call() throws Exception {
        try {
            return benchmark();
        } catch (Unmeasurable e) {
            spec.commandLine().getErr().println("gpumem bench: " + e.getMessage());
            return RunCommand.EXIT_FAULT;
        }
    }

    private int benchmark() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int all = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (repeat < 1 || all < 1 || all > 1024) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1 and --threads 1..1024");
        }
        if (module != null && launches.size() != 1) {
            throw new ParameterException(spec.commandLine(), "--module needs exactly one launch file");
        }
        List<ExecEngine> engines = engine == null ? List.of(ExecEngine.FAST, ExecEngine.INTERPRETER)
                : List.of(SimulationOptions.engine(spec, engine));
        if (!programs.isEmpty() && check == null) {
            throw new ParameterException(spec.commandLine(), "--program needs --check");
        }
        List<Subject> subjects = subjects();
        if (check != null) {
            Set<CheckTool> tools;
            try {
                tools = CheckTool.parse(check);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--check: " + e.getMessage());
            }
            List<Subject> measured = new ArrayList<>();
            for (Path p : programs) {
                measured.add(program(p));
            }
            return checkCost(out, subjects, measured, tools);
        }
        out.printf("%-18s %-11s %7s %16s %9s %9s %9s %12s %12s %12s %6s%n", "launch", "engine", "workers", "thread-instr",
                "seconds", "first-run", "cpu-s", "Mthr-instr/s", "per worker", "per cpu-s", "load");
        Map<String, Double> cSeconds = new HashMap<>();
        for (Subject s : subjects) {
            cSeconds.put(s.name(), referenceSeconds(s.name()));
        }
        // Per engine, per launch: one worker's figure and all workers'.
        Map<ExecEngine, List<Figure[]>> figures = new EnumMap<>(ExecEngine.class);
        // One engine over every launch, then the other: the fast engine's figures come from a JVM
        // that has run only its code so far, as a `gpumem run` does, not from one whose JIT
        // profiles the interpreter's runs of the same launch just reshaped.
        for (ExecEngine e : engines) {
            for (Subject s : subjects) {
                Double c = cSeconds.get(s.name());
                Figure single = measure(s, 1, e);
                print(out, s.name(), e, 1, single);
                Figure parallel = single;
                if (all > 1) {
                    parallel = measure(s, all, e);
                    print(out, s.name(), e, all, parallel);
                }
                figures.computeIfAbsent(e, k -> new ArrayList<>()).add(new Figure[] {single, parallel});
                StringBuilder line = new StringBuilder(String.format("%-18s %-11s speed-up with %d workers: %.2fx (CPU time "
                        + "%.2fx one worker's)", s.name(), e.cliName(), all, parallel.rate() / single.rate(),
                        parallel.cpuSeconds() / single.cpuSeconds()));
                line.append(String.format("; first run %.2fx the warm time", single.firstSeconds() / single.seconds()));
                if (c != null) {
                    line.append(String.format("; C reference (one core) %.6f s: one worker %.1fx slower", c, single.seconds() / c));
                }
                out.println(line);
                out.flush();
            }
        }
        List<Figure[]> interpreted = figures.get(ExecEngine.INTERPRETER);
        List<Figure[]> fast = figures.get(ExecEngine.FAST);
        for (int i = 0; interpreted != null && fast != null && i < subjects.size(); i++) {
            out.printf("%-18s fast engine: %.2fx the interpreter's speed with one worker, %.2fx with %d%n",
                    subjects.get(i).name(), fast.get(i)[0].rate() / interpreted.get(i)[0].rate(),
                    fast.get(i)[1].rate() / interpreted.get(i)[1].rate(), all);
        }
        for (ExecEngine e : engines) {
            List<Figure> single = figures.get(e).stream().map(f -> f[0]).toList();
            out.printf("geometric mean, %s, one worker: %.1f M thread-instr/s, %.1f M per CPU-second%n", e.cliName(),
                    geometricMean(single.stream().map(Figure::rate).toList()) / 1e6,
                    geometricMean(single.stream().map(f -> f.instructions() / Math.max(f.cpuSeconds(), 1e-9)).toList()) / 1e6);
        }
        out.flush();
        return 0;
    }

    /**
     * The cost of memory checks: per launch, one worker's best time unchecked on each engine and
     * checked with {@code tools} on the fast engine, as {@code gpumem run --check} runs by default,
     * then per program the same unchecked on the fast engine and checked (as {@code gpumem exec}
     * runs it: the program's own process, gpumem's runtime, its kernels simulated; the CPU time is
     * gpumem's, the program's host code aside), and the ratios, in one run. Each checked run's
     * distinct findings are counted, so that a change that should find the same can be compared.
     */
    private int checkCost(PrintWriter out, List<Subject> subjects, List<Subject> programSubjects, Set<CheckTool> tools)
            throws IOException, InterruptedException, HostProgramException, Unmeasurable {
        // CPU time too: on a loaded machine wall time follows the load more than the work
        List<Double> cpuVsFast = new ArrayList<>();
        if (!subjects.isEmpty()) {
            out.printf("%-18s %12s %12s %12s %10s %10s %12s %8s %6s%n", "launch", "fast-s", "interp-s", "checked-s",
                    "vs-fast", "vs-interp", "cpu-vs-fast", "findings", "load");
            List<Double> vsFast = new ArrayList<>();
            List<Double> vsInterpreter = new ArrayList<>();
            for (Subject s : subjects) {
                Figure fast = measure(s, 1, ExecEngine.FAST, null);
                Figure interpreted = measure(s, 1, ExecEngine.INTERPRETER, null);
                Figure checked = measure(s, 1, ExecEngine.FAST, tools);
                vsFast.add(checked.seconds() / fast.seconds());
                vsInterpreter.add(checked.seconds() / interpreted.seconds());
                cpuVsFast.add(checked.cpuSeconds() / fast.cpuSeconds());
                out.printf("%-18s %12.4f %12.4f %12.4f %9.1fx %9.1fx %11.2fx %8d %6.2f%n", s.name(), fast.seconds(),
                        interpreted.seconds(), checked.seconds(), checked.seconds() / fast.seconds(),
                        checked.seconds() / interpreted.seconds(), checked.cpuSeconds() / fast.cpuSeconds(),
                        checked.findings(), load());
                out.flush();
            }
            out.printf("geometric mean slowdown of --check %s, one worker: %.1fx the fast engine, %.1fx the interpreter "
                    + "(in CPU time %.1fx the fast engine)%n", check, geometricMean(vsFast), geometricMean(vsInterpreter),
                    geometricMean(cpuVsFast));
            out.flush();
        }
        if (programSubjects.isEmpty()) {
            return 0;
        }
        out.printf("%-18s %12s %12s %10s %12s %8s %6s%n", "program", "fast-s", "checked-s", "vs-fast", "cpu-vs-fast",
                "findings", "load");
        List<Double> programVsFast = new ArrayList<>();
        List<Double> programCpuVsFast = new ArrayList<>();
        for (Subject s : programSubjects) {
            Figure fast = measure(s, 1, ExecEngine.FAST, null);
            Figure checked = measure(s, 1, ExecEngine.FAST, tools);
            programVsFast.add(checked.seconds() / fast.seconds());
            programCpuVsFast.add(checked.cpuSeconds() / fast.cpuSeconds());
            out.printf("%-18s %12.4f %12.4f %9.1fx %11.2fx %8d %6.2f%n", s.name(), fast.seconds(), checked.seconds(),
                    checked.seconds() / fast.seconds(), checked.cpuSeconds() / fast.cpuSeconds(), checked.findings(), load());
            out.flush();
        }
        out.printf("geometric mean slowdown of --check %s on the programs, one worker: %.1fx the fast engine (in CPU time "
                + "%.1fx)%n", check, geometricMean(programVsFast), geometricMean(programCpuVsFast));
        if (!cpuVsFast.isEmpty()) {
            List<Double> all = new ArrayList<>(cpuVsFast);
            all.addAll(programCpuVsFast);
            out.printf("geometric mean slowdown of --check %s in CPU time, the %d launches and %d programs: %.1fx the fast "
                    + "engine%n", check, cpuVsFast.size(), programCpuVsFast.size(), geometricMean(all));
        }
        out.flush();
        return 0;
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static double geometricMean(List<Double> values) {
        double logSum = 0;
        for (double v : values) {
            logSum += Math.log(v);
        }
        return Math.exp(logSum / values.size());
    }

    private List<Subject> subjects() {
        List<Subject> list = new ArrayList<>();
        if (launches.isEmpty()) {
            for (BenchLaunches.Bundled b : BenchLaunches.all()) {
                list.add(launch(b.name(), b::prepare));
            }
            return list;
        }
        for (Path file : launches) {
            LaunchDescription read = new LaunchFileReader().read(file);
            LaunchDescription d = module != null ? read.withModule(module.toAbsolutePath()) : read;
            list.add(launch(file.getFileName().toString().replaceFirst("\\.json$", ""), () -> PreparedLaunch.prepare(d)));
        }
        return list;
    }

    /** How to prepare a fresh copy of a launch. */
    @FunctionalInterface
    private interface Preparation {
        PreparedLaunch prepare() throws IOException;
    }

    /** The launch {@code name}, each run a fresh copy from {@code preparation}. */
    private static Subject launch(String name, Preparation preparation) {
        return new Subject() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Run run(ExecOptions options, Set<CheckTool> tools) throws IOException, Unmeasurable {
                PreparedLaunch launch = preparation.prepare();
                MemoryChecker checker = tools == null ? null : launch.enableChecks(tools);
                long j0 = compileMillis();
                long c0 = processCpuNanos();
                long t0 = System.nanoTime();
                LaunchResult r = launch.launch(options).run();
                double seconds = (System.nanoTime() - t0) / 1e9;
                double cpuSeconds = (processCpuNanos() - c0) / 1e9;
                double compileSeconds = (compileMillis() - j0) / 1e3;
                if (!r.completed()) {
                    throw new Unmeasurable(name + " faulted: " + r.fault().message());
                }
                return new Run(r.threadInstructions(), seconds, cpuSeconds, compileSeconds,
                        checker == null ? 0 : checker.errorCount());
            }
        };
    }

    /**
     * The CUDA program {@code executable}, run without arguments by gpumem's runtime as
     * {@code gpumem exec} runs it, its output discarded: a run that exits with another status
     * than 0, or whose kernel faults or is refused, stops the benchmark with one line.
     */
    private Subject program(Path executable) {
        if (!Files.isRegularFile(executable) || !Files.isExecutable(executable)) {
            throw new ParameterException(spec.commandLine(), "--program: " + executable + " is not an executable file");
        }
        Path runtime;
        try {
            runtime = RuntimeLibrary.folder(BenchCommand.class);
        } catch (HostProgramException e) {
            throw new ParameterException(spec.commandLine(), "--program: " + e.getMessage(), e);
        }
        String name = executable.getFileName().toString();
        HostProgram program = HostProgram.of(executable.toAbsolutePath(), List.of(), runtime);
        return new Subject() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Run run(ExecOptions options, Set<CheckTool> tools)
                    throws IOException, InterruptedException, HostProgramException, Unmeasurable {
                ProgramRun listener = new ProgramRun();
                ProgramChecks checks = tools == null ? null : new ProgramChecks(listener, tools);
                KernelRunner simulate = KernelRunner.simulate(options);
                long j0 = compileMillis();
                long c0 = processCpuNanos();
                long t0 = System.nanoTime();
                int status;
                try (HostSession session = HostSession.start(program, checks != null ? checks : listener,
                        launch -> listener.ran(simulate.run(launch)), new HostSession.Io(ProcessBuilder.Redirect.INHERIT,
                                ProcessBuilder.Redirect.DISCARD, ProcessBuilder.Redirect.DISCARD))) {
                    status = session.waitFor();
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                double cpuSeconds = (processCpuNanos() - c0) / 1e9;
                double compileSeconds = (compileMillis() - j0) / 1e3;
                String problem = listener.problem();
                if (problem != null || status != 0) {
                    throw new Unmeasurable(name + (problem != null ? ": " + problem : " exited with status " + status)
                            + " (gpumem exec shows its output)");
                }
                int findings = 0;
                for (MemoryChecker c : checks == null ? List.<MemoryChecker>of() : checks.checkers()) {
                    findings += c.errorCount();
                }
                return new Run(listener.threadInstructions(), seconds, cpuSeconds, compileSeconds, findings);
            }
        };
    }

    /** What a benchmarked program's session reports: the thread instructions of its launches and its first problem. */
    private static final class ProgramRun implements HostListener {
        private long threadInstructions;
        private String problem;

        synchronized LaunchResult ran(LaunchResult r) {
            threadInstructions += r.threadInstructions();
            return r;
        }

        synchronized long threadInstructions() {
            return threadInstructions;
        }

        synchronized String problem() {
            return problem;
        }

        private synchronized void problem(String p) {
            if (problem == null) {
                problem = p;
            }
        }

        @Override
        public void moduleRejected(HostProcess process, String p) {
            problem(p);
        }

        @Override
        public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
            if (!result.completed()) {
                problem(launch.kernel() + " faulted: " + result.fault().message());
            }
        }

        @Override
        public void launchRefused(HostProcess process, String kernel, String p) {
            problem(kernel + ": " + p);
        }

        @Override
        public void unsupportedCall(HostProcess process, String entryPoint) {
            problem("calls " + entryPoint + ", which gpumem does not implement");
        }

        @Override
        public void disconnected(HostProcess process, String p) {
            if (p != null) {
                problem(p);
            }
        }
    }

    /**
     * A best run: thread instructions, seconds, the first (warm-up) run's seconds, and the
     * process's CPU seconds per measured run (JIT and GC threads included): on a loaded machine
     * wall time follows the load, while CPU time per instruction shows whether workers slow each
     * other down.
     */
    private record Figure(long instructions, double seconds, double firstSeconds, double cpuSeconds, int findings) {
        double rate() {
            return instructions / seconds;
        }
    }

    /**
     * Warm-up runs after the first: at most this many, until the JIT compiled (almost) nothing
     * during a run. Otherwise the measured runs time code the JIT is still compiling, whose
     * speed depends on how soon the compiler threads got a processor: on a loaded machine a
     * block's optimised code came seconds after its first run.
     */
    private static final int MAX_WARM_UP = 30;

    /**
     * CPU seconds the measured runs of a figure use together at least, unless they reach
     * {@link #MAX_RUNS}: the process's CPU clock advances in steps of a scheduler tick (10 ms on
     * Linux), so a run of a few milliseconds alone measures 0 or 10 ms; half a second of runs is
     * exact to about 2%.
     */
    private static final double MIN_CPU_SECONDS = 0.5;
    /** The most measured runs of a figure. */
    private static final int MAX_RUNS = 1000;

    /**
     * Best of {@code repeat} runs with {@code workers} threads on {@code engine}, after the first
     * run (its time is kept) and warm-up runs until the JIT is quiet: until a run during which the
     * JIT compiled for less than 2% of the run's time. The CPU time is the mean of the measured
     * runs, which go on past {@code repeat} until they used {@link #MIN_CPU_SECONDS} together.
     */
    private Figure measure(Subject s, int workers, ExecEngine engine)
            throws IOException, InterruptedException, HostProgramException, Unmeasurable {
        return measure(s, workers, engine, null);
    }

    /** As {@link #measure(Subject, int, ExecEngine)}, the launches checked with {@code tools} when not null. */
    private Figure measure(Subject s, int workers, ExecEngine engine, Set<CheckTool> tools)
            throws IOException, InterruptedException, HostProgramException, Unmeasurable {
        ExecOptions options = ExecOptions.defaults().withWorkers(workers).withEngine(engine);
        Run first = s.run(options, tools);
        for (int i = 0; i < MAX_WARM_UP; i++) {
            Run r = s.run(options, tools);
            if (r.compileSeconds < 0.02 * r.seconds) {
                break;
            }
        }
        Run best = null;
        double cpuSeconds = 0;
        int runs = 0;
        while (runs < repeat || cpuSeconds < MIN_CPU_SECONDS && runs < MAX_RUNS) {
            Run r = s.run(options, tools);
            cpuSeconds += r.cpuSeconds;
            runs++;
            if (best == null || r.seconds < best.seconds) {
                best = r;
            }
        }
        return new Figure(best.instructions, best.seconds, first.seconds, cpuSeconds / runs, best.findings);
    }

    /**
     * One run's thread instructions, wall time, process CPU time, JIT compilation time, and the
     * distinct findings of its checks (0 unchecked).
     */
    private record Run(long instructions, double seconds, double cpuSeconds, double compileSeconds, int findings) {
    }

    /** Milliseconds the JIT has compiled for so far; 0 where the JVM does not say (no warm-up beyond one run then). */
    private static long compileMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void print(PrintWriter out, String name, ExecEngine engine, int workers, Figure f) {
        out.printf("%-18s %-11s %7d %,16d %9.3f %9.3f %9.3f %12.1f %12.1f %12.1f %6.2f%n", name, engine.cliName(), workers, f.instructions(),
                f.seconds(), f.firstSeconds(), f.cpuSeconds(), f.rate() / 1e6, f.rate() / 1e6 / workers,
                f.cpuSeconds() > 0 ? f.instructions() / f.cpuSeconds() / 1e6 : Double.NaN,
                load());
    }

    /** The C reference's best seconds for launch {@code name} (its base name before the first dot), or null. */
    private Double referenceSeconds(String name) throws IOException, InterruptedException {
        if (references == null) {
            return null;
        }
        Path program = references.resolve(name.replaceFirst("\\..*", ""));
        if (!Files.isExecutable(program)) {
            return null;
        }
        Process p = new ProcessBuilder(program.toString()).redirectErrorStream(true).start();
        Double seconds = null;
        StringBuilder text = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                text.append(line).append('\n');
                if (line.startsWith("seconds ")) {
                    seconds = Double.valueOf(line.substring(8).trim());
                }
            }
        }
        if (p.waitFor() != 0 || seconds == null) {
            throw new ParameterException(spec.commandLine(), program + " did not print \"seconds S\": " + text);
        }
        return seconds;
    }
}
