package org.gpumem.debug.model;

import org.eclipse.debug.core.model.IProcess;
import org.gpumem.debug.core.DebugSession;

/**
 * The process side of a {@link KernelDebugTarget}: where the target's
 * console text goes, which {@link IProcess} it reports, and who hears that its session ended.
 * A kernel launched from a launch file is its own process (the launch package's {@code KernelProcess}); a CUDA
 * program's launch belongs to the program's process.
 *
 * <p>Threads: {@link #sessionEnded} runs on the session executor; the others on any thread.
 */
public interface KernelTargetProcess {
    /** The process the Debug view shows for the target. */
    IProcess process();

    /** The target's session: terminating the process must reach it. */
    void attach(DebugSession session);

    /** Text for the console's output stream (fault reports). */
    void appendOutput(String text);

    /** Text for the console's error stream (engine failures). */
    void appendError(String text);

    /** The target's session ended (terminated, exited or failed). */
    void sessionEnded(DebugSession ended);

    /** The launched PTX file (absolute), whose lines PTX-line breakpoints name, or null when there is none. */
    String modulePath();
}
