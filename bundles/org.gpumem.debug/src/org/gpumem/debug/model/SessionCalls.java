package org.gpumem.debug.model;

import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.NotStoppedException;

/**
 * The debug core's session calls in the platform's terms: a kernel that runs or ended is a
 * {@link DebugException} with {@link #NOT_STOPPED} (a state views show, not an error), and the
 * engine's refusal of a request (a CTA that is not resident, a range it does not reach) one with
 * {@link DebugException#TARGET_REQUEST_FAILED} carrying the engine's message.
 */
public final class SessionCalls {
    /** The status code of the {@link DebugException}s that say the kernel runs or its session ended. */
    public static final int NOT_STOPPED = 5021;

    private SessionCalls() {
    }

    /** {@link DebugSession#query} with the core's exceptions as {@link DebugException}s. */
    public static <T> T query(DebugSession session, Function<KernelEngine, T> reader) throws DebugException {
        try {
            return session.query(reader);
        } catch (NotStoppedException e) {
            throw notStopped(e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID,
                    DebugException.TARGET_REQUEST_FAILED, e.getMessage(), e));
        }
    }

    /** {@link DebugSession#modify} with the core's exceptions as {@link DebugException}s. */
    public static void modify(DebugSession session, Consumer<KernelEngine> writer) throws DebugException {
        query(session, e -> {
            writer.accept(e);
            return null;
        });
    }

    /** The {@link DebugException} of a kernel that runs or ended. */
    public static DebugException notStopped(NotStoppedException e) {
        return new DebugException(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID, NOT_STOPPED, e.getMessage(), null));
    }

    /** Whether {@code e} says only that the kernel runs or its session ended. */
    public static boolean notStopped(DebugException e) {
        return e.getStatus().getCode() == NOT_STOPPED;
    }

    /**
     * A bug of gpumem while a session ran (an unexpected exception on its executor): its trace
     * goes to the Error Log, and the returned line says so for a console, without the exception's
     * text.
     */
    public static String logBug(String what, Throwable error) {
        Platform.getLog(SessionCalls.class).log(new Status(IStatus.ERROR, KernelDebugIds.PLUGIN_ID, "gpumem failed " + what, error));
        return "gpumem: internal error while " + what + " (a bug in gpumem; its trace is in the Error Log)";
    }
}
