package org.gpumem.host.internal;

import java.io.IOException;

/** A message on the channel that does not follow PROTOCOL.md; gpumem closes the channel. */
public final class ProtocolException extends IOException {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }
}
