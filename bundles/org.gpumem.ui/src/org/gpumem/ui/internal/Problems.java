package org.gpumem.ui.internal;

import java.util.Locale;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.memory.MemoryUnavailableException;

/**
 * What a view says when something could not be read or done, in one line, and what goes to the
 * Error Log: a problem of the input or of the state (an address out of range, a kernel that runs
 * again, an unreadable file, a debugger's refusal) is said with its own message; anything else
 * is a bug in gpumem, logged with its trace, and said as an internal error without the
 * exception's text. No failure is turned into silence.
 */
public final class Problems {

    private static final String BUNDLE = "org.gpumem.ui";

    private Problems() {
    }

    /** The message for a problem of the input or the state, or null when {@code e} is a bug. */
    public static String expected(Throwable e) {
        if (e instanceof AddressingException || e instanceof MemoryUnavailableException
                || e instanceof UnreadableMemoryException) {
            return message(e);
        }
        if (e instanceof CoreException core) {
            return core.getStatus().getMessage();
        }
        return InputFiles.userMessage(e);
    }

    /**
     * The one line to show for {@code e}, which happened while {@code doing} ("reading the
     * variables"): its message when the input or the state is the problem, else "internal error
     * while ..." after logging {@code e} to the Error Log.
     */
    public static String say(String doing, Throwable e) {
        String expected = expected(e);
        if (expected != null) {
            return expected;
        }
        log(doing, e);
        return internal(doing);
    }

    /** What the view says for a bug whose trace went to the Error Log. */
    public static String internal(String doing) {
        return "internal error while " + doing.toLowerCase(Locale.ROOT)
                + " (a bug in gpumem, not a problem with the input); the details are in the Error Log";
    }

    /** The status that carries a bug met while {@code doing} to the Error Log. */
    public static IStatus bug(String doing, Throwable e) {
        return new Status(IStatus.ERROR, BUNDLE, doing + " failed", e);
    }

    /** Logs {@code e}, met while {@code doing}, as an error in the Error Log. */
    public static void log(String doing, Throwable e) {
        Platform.getLog(Problems.class).log(bug(doing, e));
    }

    /** {@code e}'s message, or its kind when it has none (never an empty line). */
    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
