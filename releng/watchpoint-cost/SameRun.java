import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Two simulator builds measured in one run (releng/bench-watchpoints): each build and its copy of
 * {@code EngineRun} in a class loader of its own, the same launches on both, runs alternating so
 * that both see the same load. Per launch and engine: warm-up runs of each, then the best of
 * {@code repeat} runs of each, the ratios of the second build's wall time and CPU time (of the
 * running thread: on a loaded machine wall time follows the load) to the first's, and the load
 * average; at the end the geometric means of the ratios per engine.
 * usage: SameRun REPEAT NAME=CLASSPATH NAME=CLASSPATH LAUNCH.json...
 */
public final class SameRun {
    private static final int WARM_UP = 3;

    public static void main(String[] args) throws Exception {
        int repeat = Integer.parseInt(args[0]);
        String[] names = new String[2];
        List<Function<String[], long[]>> builds = new ArrayList<>();
        for (int b = 0; b < 2; b++) {
            String[] spec = args[1 + b].split("=", 2);
            names[b] = spec[0];
            List<URL> urls = new ArrayList<>();
            for (String entry : spec[1].split(":")) {
                if (!entry.isEmpty()) {
                    urls.add(Path.of(entry).toUri().toURL());
                }
            }
            ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
            @SuppressWarnings("unchecked")
            Function<String[], long[]> run = (Function<String[], long[]>) loader.loadClass("EngineRun")
                    .getConstructor().newInstance();
            builds.add(run);
        }
        System.out.printf("%-14s %-11s %10s %10s %8s %10s %10s %8s %6s%n", "launch", "engine", names[0] + "-s",
                names[1] + "-s", "ratio", names[0] + "-cpu", names[1] + "-cpu", "ratio", "load");
        for (String engine : new String[] {"fast", "interpreter"}) {
            double logWall = 0;
            double logCpu = 0;
            int n = 0;
            for (int i = 3; i < args.length; i++) {
                String[] launch = {args[i], engine};
                long[] wall = {Long.MAX_VALUE, Long.MAX_VALUE};
                long[] cpu = {Long.MAX_VALUE, Long.MAX_VALUE};
                long[] instructions = new long[2];
                for (int r = 0; r < WARM_UP + repeat; r++) {
                    // alternate which build goes first, so neither always runs right after a GC of the other's garbage
                    for (int k = 0; k < 2; k++) {
                        int b = (r + k) % 2;
                        long[] result = builds.get(b).apply(launch);
                        instructions[b] = result[2];
                        if (r >= WARM_UP) {
                            wall[b] = Math.min(wall[b], result[0]);
                            cpu[b] = Math.min(cpu[b], result[1]);
                        }
                    }
                }
                if (instructions[0] != instructions[1]) {
                    System.out.printf("%s: the builds executed different numbers of thread instructions (%d, %d)%n",
                            args[i], instructions[0], instructions[1]);
                }
                double wallRatio = (double) wall[1] / wall[0];
                double cpuRatio = (double) cpu[1] / cpu[0];
                logWall += Math.log(wallRatio);
                logCpu += Math.log(cpuRatio);
                n++;
                System.out.printf("%-14s %-11s %10.4f %10.4f %7.3fx %10.4f %10.4f %7.3fx %6.2f%n",
                        Path.of(args[i]).getFileName().toString().replaceFirst("\\.json$", ""), engine, wall[0] / 1e9,
                        wall[1] / 1e9, wallRatio, cpu[0] / 1e9, cpu[1] / 1e9, cpuRatio,
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            }
            System.out.printf("geometric mean, %s, one worker: %s takes %.3fx the wall time of %s, %.3fx its CPU time%n",
                    engine, names[1], Math.exp(logWall / n), names[0], Math.exp(logCpu / n));
        }
    }
}
