package org.gpumem.model.memory;

/**
 * A {@link ByteSource} cannot be read or written now, for a reason that is a state of its owner
 * and not a fault of the caller or of gpumem: the kernel whose stop it describes runs again, or
 * its debug session has ended. Views show the message (e.g. "the kernel has terminated") instead
 * of the bytes and neither log nor report it as an error.
 */
public final class MemoryUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MemoryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
