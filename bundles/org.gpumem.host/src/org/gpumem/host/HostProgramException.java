package org.gpumem.host;

/** A program gpumem cannot run on the simulator, with the one line that says why and what to do. */
public final class HostProgramException extends Exception {
    private static final long serialVersionUID = 1L;

    public HostProgramException(String message) {
        super(message);
    }
}
