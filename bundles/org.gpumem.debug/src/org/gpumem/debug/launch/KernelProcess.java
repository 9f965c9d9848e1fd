package org.gpumem.debug.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;
import org.gpumem.debug.engine.DebugSession;
import org.gpumem.debug.engine.SimulatorEngine;
import org.gpumem.debug.engine.StepKind;
import org.gpumem.debug.engine.Stop;
import org.gpumem.debug.engine.StopReason;
import org.gpumem.debug.engine.WarpId;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.WarpPosition;

/**
 * The simulated kernel launch as a process of the launch: its console shows fault reports and
 * what the run produced, and its exit value follows {@code gpumem run}: 0 when every thread
 * finished, 2 after a fault, 1 when terminated before the end. In run mode it drives the
 * session itself (no debug target); in debug mode the debug target does and tells it when the
 * session ends.
 *
 * <p>Threads: {@link #sessionEnded} and the listener methods run on the session executor;
 * the getters may be called from any thread.
 */
public final class KernelProcess implements IProcess, DebugSession.Listener {
    /** Exit value after a fault, as {@code gpumem run} exits. */
    public static final int EXIT_FAULT = 2;
    /** Exit value when the user terminated the kernel before it ended. */
    public static final int EXIT_TERMINATED = 1;

    private final ILaunch launch;
    private final String label;
    private final SimulatorEngine engine;
    private final Path outputDirectory;
    private final Map<String, String> attributes = new HashMap<>();
    private final TextStreamMonitor out = new TextStreamMonitor();
    private final TextStreamMonitor err = new TextStreamMonitor();
    private volatile DebugSession session;
    private volatile boolean terminated;
    private volatile int exitValue = -1;
    /** The wall-clock limit that ended the run, or 0. */
    private volatile double timedOut;

    /**
     * @param outputDirectory where {@code NAME.bin} of each output buffer is written after a
     *                        complete run, or null
     */
    public KernelProcess(ILaunch launch, String label, SimulatorEngine engine, Path outputDirectory) {
        this.launch = launch;
        this.label = label;
        this.engine = engine;
        this.outputDirectory = outputDirectory;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, "gpumem.kernel");
        launch.addProcess(this);
        fire(DebugEvent.CREATE);
    }

    /** Runs the whole kernel (run mode): this process drives the session. */
    public void run() {
        run(0);
    }

    /**
     * Runs the whole kernel (run mode), terminating it with the report of where its warps were
     * when it runs longer than {@code timeoutSeconds} (0: no limit), as {@code gpumem run --timeout}.
     */
    public void run(double timeoutSeconds) {
        session = new DebugSession(engine, this);
        if (timeoutSeconds > 0) {
            CompletableFuture.delayedExecutor(Math.round(timeoutSeconds * 1000), TimeUnit.MILLISECONDS).execute(() -> {
                DebugSession s = session;
                if (!terminated && s != null) {
                    timedOut = timeoutSeconds;
                    s.terminate();
                }
            });
        }
        session.resume();
    }

    /** The absolute path of the launched module. */
    public String modulePath() {
        return engine.prepared().description().module().toAbsolutePath().normalize().toString();
    }

    /** The engine, for tests and the UI that compare with the simulator. */
    public SimulatorEngine engine() {
        return engine;
    }

    public void appendOutput(String text) {
        out.append(text);
    }

    public void appendError(String text) {
        err.append(text);
    }

    /** Records the end of the session: exit value, outputs, console summary. Executor thread. */
    public void sessionEnded(DebugSession ended) {
        session = ended;
        LaunchResult result = engine.result();
        // the GPU's printf buffer comes out at the end of the kernel, however it ended
        out.append(new String(result != null ? result.deviceOutput() : engine.deviceOutput(), StandardCharsets.UTF_8));
        if (result == null) {
            exitValue = EXIT_TERMINATED;
            StringBuilder where = new StringBuilder(timedOut > 0 ? "the wall-clock limit of " + timedOut
                    + " s was reached (raise it in the launch configuration's Timeout); " : "");
            where.append("terminated before the kernel ended; the resident warps were at:\n");
            for (WarpPosition p : engine.positions()) {
                where.append("  ").append(p.format()).append('\n');
            }
            out.append(where.toString());
        } else if (!result.completed()) {
            exitValue = EXIT_FAULT;
        } else {
            exitValue = 0;
            out.append(String.format("%s completed: %,d warp instructions, %,d thread instructions%n",
                    engine.describeLaunch(), result.warpInstructions(), result.threadInstructions()));
            writeOutputs();
        }
        terminated = true;
        fire(DebugEvent.TERMINATE);
    }

    private void writeOutputs() {
        if (outputDirectory == null) {
            return;
        }
        try {
            Files.createDirectories(outputDirectory);
            for (String name : engine.prepared().description().outputs()) {
                Path file = outputDirectory.resolve(name + ".bin");
                Files.write(file, engine.prepared().buffer(name));
                out.append("wrote " + file + "\n");
            }
        } catch (IOException e) {
            err.append("cannot write outputs to " + outputDirectory + ": " + e.getMessage() + "\n");
        }
    }

    // ------------------------------------------------------------------ run mode session callbacks

    @Override
    public void running(WarpId warp, StepKind step) {
        // Run mode shows no run state besides the process itself.
    }

    @Override
    public void stopped(Stop stop) {
        if (stop.reason() == StopReason.FAULT) {
            out.append(stop.fault().report());
            session.terminate();
        } else if (stop.reason() != StopReason.EXITED) {
            session.resume();
        }
    }

    @Override
    public void failed(IStatus status) {
        Platform.getLog(KernelProcess.class).log(status);
        err.append(status.getMessage() + "\n");
    }

    @Override
    public void ended() {
        sessionEnded(session);
    }

    // ------------------------------------------------------------------ IProcess

    @Override
    public String getLabel() {
        return label;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IStreamsProxy getStreamsProxy() {
        return new IStreamsProxy() {
            @Override
            public IStreamMonitor getErrorStreamMonitor() {
                return err;
            }

            @Override
            public IStreamMonitor getOutputStreamMonitor() {
                return out;
            }

            @Override
            public void write(String input) throws IOException {
                throw new IOException("a simulated kernel reads no input");
            }
        };
    }

    @Override
    public void setAttribute(String key, String value) {
        synchronized (attributes) {
            attributes.put(key, value);
        }
        fire(DebugEvent.CHANGE);
    }

    @Override
    public String getAttribute(String key) {
        synchronized (attributes) {
            return attributes.get(key);
        }
    }

    @Override
    public int getExitValue() throws DebugException {
        if (!terminated) {
            throw new DebugException(Status.error(label + " has not terminated"));
        }
        return exitValue;
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public void terminate() {
        DebugSession s = session;
        if (s != null) {
            s.terminate();
        }
    }

    /** Lets the debug target's session be terminated through the process too. */
    public void attach(DebugSession debugSession) {
        session = debugSession;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IProcess.class) {
            return adapter.cast(this);
        }
        if (adapter == ILaunch.class) {
            return adapter.cast(launch);
        }
        return null;
    }

    private void fire(int kind) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null) {
            plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(this, kind)});
        }
    }
}
