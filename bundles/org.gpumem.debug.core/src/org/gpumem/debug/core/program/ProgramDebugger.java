package org.gpumem.debug.core.program;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;

import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.host.AllocationVariables;
import org.gpumem.host.HostCode;
import org.gpumem.host.KernelRunner;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.ControlledLaunch;

/**
 * Runs each kernel launch of a CUDA program under a {@link DebugSession} of its own: the one way
 * every front end (the IDE in debug and run mode, {@code gpumem exec --break}, the DAP server)
 * debugs a program. The program waits in its launch call until that session ends. Each stop's
 * memory state holds the program's allocations as global variables ({@link AllocationVariables},
 * their host calls named once per program by one {@link HostCode}). A launch whose session ends
 * with the kernel's end (completed or faulted, then terminated) returns its result to the
 * program; one terminated before its end abandons the program.
 *
 * <p>Threads: {@link #run} is called on the thread serving the program and blocks it; the
 * session runs on its own executor; {@link #programEnded} may come from any thread.
 */
public final class ProgramDebugger implements KernelRunner {
    /** The front end's side: how a launch's session is opened and what its end means. */
    public interface Front {
        /**
         * Opens a session on {@code engine} for {@code launch} and starts it (breakpoints, then a
         * resume). Called on the program's serving thread, which waits for the session's end.
         *
         * @throws IOException when the front end abandons the program instead
         */
        DebugSession open(ProgramLaunch launch, KernelEngine engine) throws IOException;

        /**
         * The launch's session ended: {@code result} is the kernel's outcome, or null when it was
         * terminated before its end (the program is then abandoned).
         */
        default void ended(ProgramLaunch launch, LaunchResult result) {
        }
    }

    private final long budget;
    private final Front front;
    /** Names the host calls of the program's allocations, its files' symbols read once. */
    private final HostCode hostCode = new HostCode();
    private DebugSession current;
    private boolean ended;

    /**
     * @param budget most warp instructions of each launch (0 for none)
     * @param front  opens each launch's session
     */
    public ProgramDebugger(long budget, Front front) {
        this.budget = budget;
        this.front = front;
    }

    @Override
    public LaunchResult run(ProgramLaunch launch) throws IOException {
        KernelEngine engine = new KernelEngine(
                // with the address-space profile, which the IDE's profile view shows of each launch
                launch.prepare(ControlledLaunch.options(budget).withProfile(true)),
                state -> AllocationVariables.addTo(state, launch.process(), hostCode));
        DebugSession session;
        synchronized (this) {
            if (ended) {
                throw new IOException(launch + " was not started: the program was terminated");
            }
        }
        session = front.open(launch, engine);
        synchronized (this) {
            current = session;
            if (ended) {
                session.terminate();
            }
        }
        LaunchResult result;
        try {
            result = session.whenEnded().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.terminate();
            throw new InterruptedIOException("interrupted while debugging " + launch);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the session of " + launch + " failed", e.getCause());
        } finally {
            synchronized (this) {
                current = null;
            }
        }
        front.ended(launch, result);
        if (result == null) {
            throw new IOException(launch + " was terminated in the debugger, and the program with it");
        }
        return result;
    }

    /** The program has ended or is being terminated: the launch it waits in ends too. */
    public void programEnded() {
        DebugSession waiting;
        synchronized (this) {
            ended = true;
            waiting = current;
        }
        if (waiting != null) {
            waiting.terminate();
        }
    }
}
