package org.gpumem.debug.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IDebugTarget;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostSession;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;

/**
 * A CUDA program started by a {@link HostSession}, as a process of the launch: its console
 * shows the program's standard output and error as they come, with gpumem's reports (faults,
 * unsupported calls) on the error stream, and passes console input to the program. Its exit
 * value is the program's. Terminating it ends the program and the kernel launch it waits in.
 *
 * <p>Threads: two reader threads copy the program's streams, a third waits for its end and
 * fires TERMINATE; every method may be called from any thread.
 */
public final class HostProgramProcess extends ConsoleProcess {
    private final HostProgram program;
    private volatile HostSession session;
    private volatile Runnable onTerminate = () -> {
    };
    /** The kernel launch each debug target of the program runs; weak, as the launch holds its targets. */
    private final Map<IDebugTarget, ProgramLaunch> debugged = Collections.synchronizedMap(new WeakHashMap<>());
    /** The latest kernel launch run to its end without a debug target (run mode), and its result. */
    private volatile RunLaunch lastRun;

    /** A kernel launch the program ran in run mode, and how it ended. */
    public record RunLaunch(ProgramLaunch launch, LaunchResult result) {
    }

    public HostProgramProcess(ILaunch launch, HostProgram program) {
        super(launch, program.executable().toAbsolutePath().normalize() + " [" + program.device() + "]", "gpumem.host");
        this.program = program;
    }

    /** The program this process runs (executable, simulated device...). */
    public HostProgram program() {
        return program;
    }

    /** The kernel launch of the program that {@code target} debugs, or null when it is not one of this program's. */
    public ProgramLaunch kernelLaunch(IDebugTarget target) {
        return debugged.get(target);
    }

    /** The latest kernel launch the program ran to its end in run mode, or null (none yet, or debug mode). */
    public RunLaunch lastRun() {
        return lastRun;
    }

    /** A launch ran to its end in run mode: recorded, and the debug views are told (CHANGE). */
    void ran(ProgramLaunch launch, LaunchResult result) {
        lastRun = new RunLaunch(launch, result);
        changed();
    }

    /** Records that {@code target} debugs {@code launch}. */
    void debugging(IDebugTarget target, ProgramLaunch launch) {
        debugged.put(target, launch);
    }

    /**
     * Follows the started program: copies its streams, waits for its end. {@code ended} runs
     * once the program's process has exited or is terminated (before gpumem finished serving
     * it): it must end the kernel launch the program may still be waiting in. {@code checks}, the
     * program's memory checks or null, report on the console once gpumem finished serving it.
     */
    public void start(HostSession started, Runnable ended, CheckedRun checks) {
        session = started;
        checkedBy(checks);
        onTerminate = ended;
        addToLaunch();
        started.process().onExit().thenRun(ended);
        Thread stdout = copy(started.process().getInputStream(), this::printOutput, "stdout");
        Thread stderr = copy(started.process().getErrorStream(), this::printError, "stderr");
        Thread waiter = new Thread(() -> waitForEnd(stdout, stderr), "gpumem-host-" + started.process().pid());
        waiter.setDaemon(true);
        waiter.start();
    }

    private void waitForEnd(Thread stdout, Thread stderr) {
        int status = -1;
        try {
            status = session.waitFor();
            stdout.join();
            stderr.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | IllegalStateException e) {
            // a bug of gpumem's serving, not of the program: logged with its trace
            Platform.getLog(HostProgramProcess.class).log(Status.error("gpumem failed serving " + getLabel(), e));
            printError("gpumem: " + e.getMessage() + " (details in the error log)\n");
        }
        if (checks() != null) {
            checks().report(this::printError, this::printError);
        }
        exited(status);
    }

    private static Thread copy(InputStream from, Consumer<String> to, String name) {
        Thread t = new Thread(() -> {
            char[] buffer = new char[8192];
            try (InputStreamReader in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    to.accept(new String(buffer, 0, n));
                }
            } catch (IOException e) {
                to.accept("gpumem: lost the program's " + name + ": " + e.getMessage() + "\n");
            }
        }, "gpumem-host-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A report of gpumem's about the program, shown on its error stream. */
    public void report(String text) {
        printError(text.endsWith("\n") ? text : text + "\n");
    }

    @Override
    protected void input(String text) throws IOException {
        OutputStream in = session.process().getOutputStream();
        in.write(text.getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Ends the program (and its child processes) and the kernel launch it waits in. */
    @Override
    public void terminate() {
        HostSession s = session;
        if (s != null) {
            s.terminate();
        }
        onTerminate.run();
    }
}
