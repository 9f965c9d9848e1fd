package org.gpumem.debug.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.gpumem.debug.engine.DebugSession;
import org.gpumem.debug.engine.SimulatorEngine;
import org.gpumem.debug.engine.StepKind;
import org.gpumem.debug.engine.Stop;
import org.gpumem.debug.engine.StopReason;
import org.gpumem.debug.engine.WarpId;
import org.gpumem.sim.LaunchResult;

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

    private final SimulatorEngine engine;
    private final Path outputDirectory;
    private volatile DebugSession session;

    /**
     * @param outputDirectory where {@code NAME.bin} of each output buffer is written after a
     *                        complete run, or null
     */
    public KernelProcess(ILaunch launch, String label, SimulatorEngine engine, Path outputDirectory) {
        super(launch, label, "gpumem.kernel");
        this.engine = engine;
        this.outputDirectory = outputDirectory;
        addToLaunch();
    }

    /** Runs the whole kernel (run mode): this process drives the session. */
    public void run() {
        session = new DebugSession(engine, this);
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

    /** The engine, for tests and the UI that compare with the simulator. */
    public SimulatorEngine engine() {
        return engine;
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
        LaunchResult result = engine.result();
        int exitValue;
        if (result == null) {
            exitValue = EXIT_TERMINATED;
            printOutput("terminated before the kernel ended\n");
        } else if (!result.completed()) {
            exitValue = EXIT_FAULT;
        } else {
            exitValue = 0;
            printOutput(String.format("%s completed: %,d warp instructions, %,d thread instructions%n",
                    engine.describeLaunch(), result.warpInstructions(), result.threadInstructions()));
            writeOutputs();
        }
        exited(exitValue);
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
    public void failed(IStatus status) {
        Platform.getLog(KernelProcess.class).log(status);
        printError(status.getMessage() + "\n");
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
