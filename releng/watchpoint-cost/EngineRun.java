import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.function.Function;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * One run of a launch file on one simulator build (releng/bench-watchpoints compiles it against
 * each and loads each copy beside its build): {launch file, engine name} to {nanoseconds of the
 * run, CPU nanoseconds of the running thread, thread instructions} (one worker: the run is this thread's). Uses only the simulator's public API, which both builds share; no
 * watchpoint is set, as in every run outside a debugger.
 */
public final class EngineRun implements Function<String[], long[]> {
    @Override
    public long[] apply(String[] args) {
        try {
            PreparedLaunch launch = PreparedLaunch.prepare(new LaunchFileReader().read(Path.of(args[0])));
            ExecEngine engine = args[1].equals("fast") ? ExecEngine.FAST : ExecEngine.INTERPRETER;
            ExecOptions options = ExecOptions.defaults().withWorkers(1).withEngine(engine);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            LaunchResult r = launch.launch(options).run();
            long nanos = System.nanoTime() - t0;
            long cpu = threads.getCurrentThreadCpuTime() - c0;
            if (!r.completed()) {
                throw new IllegalStateException(args[0] + " faulted: " + r.fault().message());
            }
            return new long[] {nanos, cpu, r.threadInstructions()};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
