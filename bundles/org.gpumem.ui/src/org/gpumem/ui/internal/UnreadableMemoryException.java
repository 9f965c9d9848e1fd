package org.gpumem.ui.internal;

/**
 * Bytes a memory reader cannot read, said in the message (the debugger marks them
 * unreadable, or refuses the read): a state to show in place of the bytes, not a bug.
 */
public final class UnreadableMemoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnreadableMemoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
