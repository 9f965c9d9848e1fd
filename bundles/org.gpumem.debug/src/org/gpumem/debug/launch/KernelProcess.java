package org.gpumem.debug.launch;

import org.gpumem.debug.model.KernelTargetProcess;
import org.gpumem.debug.model.SessionCalls;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.StepKind;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.WarpId;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.PreparedLaunch;
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
public final class KernelProcess extends ConsoleProcess implements KernelTargetProcess, DebugSession.Listener {
    /** Exit value after a fault, as {@code gpumem run} exits. */
    public static final int EXIT_FAULT = 2;
    /** Exit value when the user terminated the kernel before it ended. */
    public static final int EXIT_TERMINATED = 1;

    private final KernelEngine engine;
    private final Path outputDirectory;
    private volatile DebugSession session;
    /** The output buffers after a complete run, by name in the launch file's order; empty until then. */
    private volatile Map<String, ByteBuffer> outputs = Map.of();
    /** The wall-clock limit that ended the run, or 0. */
    private volatile double timedOut;

    /**
     * @param outputDirectory where {@code NAME.bin} of each output buffer is written after a
     *                        complete run, or null
     * @param checks          the memory checks whose report ends the console, or null
     */
    public KernelProcess(ILaunch launch, String label, KernelEngine engine, Path outputDirectory, CheckedRun checks) {
        super(launch, label, "gpumem.kernel");
        this.engine = engine;
        this.outputDirectory = outputDirectory;
        checkedBy(checks);
        addToLaunch();
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
                if (!isTerminated() && s != null) {
                    timedOut = timeoutSeconds;
                    s.terminate();
                }
            });
        }
        session.resume();
    }

    @Override
    public IProcess process() {
        return this;
    }

    /** The absolute path of the launched module. */
    @Override
    public String modulePath() {
        return engine.prepared().description().module().toAbsolutePath().normalize().toString();
    }

    /**
     * The session driving the kernel (this process's own in run mode, the debug target's in
     * debug mode), or null before it starts.
     */
    public DebugSession session() {
        return session;
    }

    /**
     * The launch file's kernel as prepared: its description and buffers (the initial contents,
     * and after a complete run the outputs in device memory). Not the engine: that is the
     * session's alone.
     */
    public PreparedLaunch prepared() {
        return engine.prepared();
    }

    /**
     * The bytes of each output buffer the launch names, as the kernel left them (name to a
     * read-only view of device memory, in the launch file's order), once the kernel ran to its
     * end; empty before that, after a fault and when terminated.
     */
    public Map<String, ByteBuffer> outputs() {
        return outputs;
    }

    /** The element type the launch file declares for buffer {@code name}, or null. */
    public ScalarType bufferType(String name) {
        for (KernelArgument.Buffer b : engine.prepared().description().buffers()) {
            if (b.name().equals(name)) {
                return b.type();
            }
        }
        return null;
    }

    @Override
    public void appendOutput(String text) {
        printOutput(text);
    }

    @Override
    public void appendError(String text) {
        printError(text);
    }

    /** Records the end of the session: exit value, outputs, console summary. Executor thread. */
    @Override
    public void sessionEnded(DebugSession ended) {
        session = ended;
        LaunchResult result = ended.endResult();
        EndedKernels.record(getLaunch(), getLabel(), engine.finalState());
        int exitValue;
        // the GPU's printf buffer comes out at the end of the kernel, however it ended
        printOutput(new String(result != null ? result.deviceOutput() : engine.deviceOutput(), StandardCharsets.UTF_8));
        if (result == null) {
            exitValue = EXIT_TERMINATED;
            StringBuilder where = new StringBuilder(timedOut > 0 ? "the wall-clock limit of " + timedOut
                    + " s was reached (raise it in the launch configuration's Timeout); " : "");
            where.append("terminated before the kernel ended; the resident warps were at:\n");
            for (WarpPosition p : engine.positions()) {
                where.append("  ").append(p.format()).append('\n');
            }
            printOutput(where.toString());
        } else if (!result.completed()) {
            exitValue = EXIT_FAULT;
        } else {
            exitValue = 0;
            printOutput(String.format("%s completed: %,d warp instructions, %,d thread instructions%n",
                    engine.launch().label(), result.warpInstructions(), result.threadInstructions()));
            Map<String, ByteBuffer> read = new LinkedHashMap<>();
            for (String name : engine.prepared().description().outputs()) {
                read.put(name, engine.prepared().bufferView(name));
            }
            outputs = Collections.unmodifiableMap(read);
            writeOutputs();
        }
        if (checks() != null) {
            checks().report(this::printOutput, this::printError);
        }
        exited(exitValue);
    }

    private void writeOutputs() {
        if (outputDirectory == null) {
            return;
        }
        try {
            Files.createDirectories(outputDirectory);
            for (String name : outputs.keySet()) {
                Path file = outputDirectory.resolve(name + ".bin");
                try (OutputStream out = Files.newOutputStream(file)) {
                    engine.prepared().writeBuffer(name, out);
                }
                printOutput("wrote " + file + "\n");
            }
        } catch (IOException e) {
            printError("cannot write outputs to " + outputDirectory + ": " + e.getMessage() + "\n");
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
            printOutput(stop.fault().report());
            session.terminate();
        } else if (stop.reason() != StopReason.EXITED) {
            session.resume();
        }
    }

    @Override
    public void failed(Throwable error) {
        printError(SessionCalls.logBug("simulating " + getLabel(), error) + "\n");
    }

    @Override
    public void ended() {
        sessionEnded(session);
    }

    // ------------------------------------------------------------------ IProcess

    @Override
    protected void input(String text) throws IOException {
        throw new IOException("a simulated kernel reads no input");
    }

    @Override
    public void terminate() {
        DebugSession s = session;
        if (s != null) {
            s.terminate();
        }
    }

    /** Lets the debug target's session be terminated through the process too. */
    @Override
    public void attach(DebugSession debugSession) {
        session = debugSession;
    }
}
