package org.gpumem.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Jazzer campaign on one target, in a child JVM with the test classpath and -Xmx512m:
 * seeds written from {@link SeedCorpus} to {@code WORK/seeds/<target>}, the corpus it grows in
 * {@code WORK/corpus/<target>}, crash inputs in {@code WORK/findings/<target>}. libFuzzer's
 * per-input timeout ({@code -timeout}) reports an input that runs too long as a finding.
 * Started by {@link ShortFuzzRunTest} and by releng/fuzz ({@link #main}).
 */
public final class JazzerRun {
    private static final Pattern DONE = Pattern.compile("#(\\d+)\\s+DONE\\s+cov: (\\d+) ft: (\\d+) corp: (\\d+)");
    private static final Pattern STATUS = Pattern.compile("#(\\d+)\\s+\\w+\\s+cov: (\\d+) ft: (\\d+) corp: (\\d+)");
    private static final Pattern SLOWEST = Pattern.compile("stat::slowest_unit_time_sec:\\s+(\\d+)");
    private static final Pattern PEAK_RSS = Pattern.compile("stat::peak_rss_mb:\\s+(\\d+)");
    /**
     * Per-input limit of the long campaign: a hang, not work. Inflating an item of the whole budget
     * (256 MiB at -Xmx512m) and scanning it takes 0.1-0.6 s, and up to a few seconds while the
     * machine's two cores are shared by several builds.
     */
    private static final long LONG_RUN_TIMEOUT = 10;

    private final Process process;
    private final Path log;
    private final Path findings;
    private long executed;
    private long coverage;
    private long features;
    private long corpus;
    private long slowestSeconds = -1;
    private long peakRssMb = -1;

    private JazzerRun(Process process, Path log, Path findings) {
        this.process = process;
        this.log = log;
        this.findings = findings;
    }

    /**
     * Starts the campaign: {@code runs} inputs, or, when {@code seconds} is positive, that long
     * (libFuzzer's -max_total_time); each input at most {@code timeoutSeconds} (-timeout).
     */
    static JazzerRun start(FuzzTargets target, Path work, long runs, long seconds) throws IOException {
        return start(target, work, runs, seconds, 30);
    }

    static JazzerRun start(FuzzTargets target, Path work, long runs, long seconds, long timeoutSeconds) throws IOException {
        Path seeds = work.resolve("seeds").resolve(target.id());
        Path corpusDir = work.resolve("corpus").resolve(target.id());
        Path findingsDir = work.resolve("findings").resolve(target.id());
        Files.createDirectories(seeds);
        Files.createDirectories(corpusDir);
        Files.createDirectories(findingsDir);
        for (Map.Entry<String, byte[]> seed : SeedCorpus.seeds(target).entrySet()) {
            Files.write(seeds.resolve(seed.getKey()), seed.getValue());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        cmd.add("-Xss4m");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("-Dgpumem.fuzz.target=" + target.id());
        cmd.add("-Dgpumem.fixtures=" + SeedCorpus.fixtures());
        cmd.add("com.code_intelligence.jazzer.Jazzer");
        cmd.add("--target_class=" + FuzzEntry.class.getName());
        cmd.add("--instrumentation_includes=org.gpumem.**");
        // Jazzer's hooks check every sun.misc.Unsafe access aircompressor makes; for the target whose
        // inputs inflate up to the whole budget (256 MiB here) that is 32 M checked writes, seconds
        // per input, so that target decodes unhooked; the other targets keep the check.
        cmd.add("--custom_hook_excludes=org.gpumem.**" + (target == FuzzTargets.COMPRESSED ? ":io.airlift.compress.**" : ""));
        cmd.add("--reproducer_path=" + findingsDir.toAbsolutePath());
        cmd.add("-rss_limit_mb=2560");
        cmd.add("-timeout=" + timeoutSeconds);
        cmd.add("-max_len=" + (1 << 16));
        cmd.add("-print_final_stats=1");
        cmd.add("-artifact_prefix=" + findingsDir.toAbsolutePath() + "/");
        if (seconds > 0) {
            cmd.add("-max_total_time=" + seconds);
        } else {
            cmd.add("-runs=" + runs);
        }
        cmd.add(corpusDir.toAbsolutePath().toString());
        cmd.add(seeds.toAbsolutePath().toString());
        Path log = work.resolve(target.id() + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new JazzerRun(p, log, findingsDir);
    }

    /** Waits for the campaign to end; returns its log and reads its figures from it. */
    String await() throws IOException, InterruptedException {
        process.waitFor();
        String text = Files.readString(log, StandardCharsets.UTF_8);
        Matcher done = DONE.matcher(text);
        boolean found = false;
        while (done.find()) {
            figures(done);
            found = true;
        }
        if (!found) {
            Matcher status = STATUS.matcher(text);
            while (status.find()) {
                figures(status);
            }
        }
        Matcher slowest = SLOWEST.matcher(text);
        if (slowest.find()) {
            slowestSeconds = Long.parseLong(slowest.group(1));
        }
        Matcher rss = PEAK_RSS.matcher(text);
        if (rss.find()) {
            peakRssMb = Long.parseLong(rss.group(1));
        }
        return text;
    }

    private void figures(Matcher m) {
        executed = Long.parseLong(m.group(1));
        coverage = Long.parseLong(m.group(2));
        features = Long.parseLong(m.group(3));
        corpus = Long.parseLong(m.group(4));
    }

    int exitCode() {
        return process.exitValue();
    }

    Path findings() {
        return findings;
    }

    long executed() {
        return executed;
    }

    long coverage() {
        return coverage;
    }

    long features() {
        return features;
    }

    long corpus() {
        return corpus;
    }

    /**
     * releng/fuzz: {@code JazzerRun WORK (--seconds N | --runs N) [TARGET...]}: every target (or
     * those named) for that long, or that many inputs, each, one after another, with a limit of
     * {@link #LONG_RUN_TIMEOUT} seconds per input; prints one line of figures per target (inputs,
     * edges and features covered, corpus, libFuzzer's slowest input in whole seconds, peak RSS of
     * the -Xmx512m JVM), then the command lines of every input of the grown corpus run through the
     * CLI ({@link CliMessages}: inputs, refusals among them, contract breaks), and a total; exits 1
     * when any target found something.
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        Path work = Path.of(args[0]);
        boolean byRuns = args[1].equals("--runs");
        long amount = Long.parseLong(args[2]);
        List<FuzzTargets> targets = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            targets.add(FuzzTargets.byId(args[i]));
        }
        if (targets.isEmpty()) {
            targets.addAll(List.of(FuzzTargets.values()));
        }
        long total = 0;
        int failed = 0;
        System.out.printf("%-15s %12s %8s %9s %8s %9s %8s  %s%n", "target", "inputs", "edges", "features", "corpus",
                "slowest", "peak RSS", "findings");
        for (FuzzTargets t : targets) {
            JazzerRun run = start(t, work, byRuns ? amount : 0, byRuns ? 0 : amount, LONG_RUN_TIMEOUT);
            run.await();
            List<Path> crashes;
            try (var s = Files.list(run.findings)) {
                crashes = s.filter(p -> !p.getFileName().toString().endsWith(".java")).toList();
            }
            total += run.executed;
            boolean found = run.exitCode() != 0 || (byRuns && run.executed < amount);
            System.out.printf("%-15s %,12d %,8d %,9d %,8d %7d s %5d MB  %s%n", t.id(), run.executed, run.coverage, run.features,
                    run.corpus, run.slowestSeconds, run.peakRssMb,
                    run.exitCode() == 0 ? "none" : "exit " + run.exitCode() + ", " + crashes + ", log " + run.log);
            found |= !corpusMessages(t, work);
            failed += found ? 1 : 0;
        }
        System.out.printf("%-15s %,12d inputs in total, %d target(s) with findings%n", "all", total, failed);
        System.exit(failed == 0 ? 0 : 1);
    }

    /** Runs the corpus of {@code target} through the CLI; prints the figures and every contract break; true when there is none. */
    private static boolean corpusMessages(FuzzTargets target, Path work) throws IOException {
        Path corpusDir = work.resolve("corpus").resolve(target.id());
        Path scratch = Files.createDirectories(work.resolve("cli").resolve(target.id()));
        List<Path> inputs;
        try (var s = Files.list(corpusDir)) {
            inputs = s.sorted().toList();
        }
        if (CliMessages.commands(target, new byte[0], scratch).isEmpty()) {
            return true;
        }
        List<String> problems = new ArrayList<>();
        int[] refusals = {0};
        for (Path p : inputs) {
            try {
                problems.addAll(CliMessages.problems(target, p.getFileName().toString(), Files.readAllBytes(p), scratch, refusals));
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                problems.add(target.id() + " " + p.getFileName() + ": " + e);
            }
        }
        System.out.printf("%-15s %,12d corpus inputs through the CLI, %,d command lines refused, %d with JVM text or exit 70%n",
                "", inputs.size(), refusals[0], problems.size());
        problems.forEach(p -> System.out.println("    " + p));
        return problems.isEmpty();
    }
}
