package org.gpumem.dap;

import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * A request the server answers with an error response saying why (bad arguments, a kernel that
 * is running, a CTA that is not resident): the user's situation, not a bug, so nothing is logged.
 */
final class Refusal {
    private Refusal() {
    }

    /** The exception whose response carries {@code message}. */
    static ResponseErrorException of(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidRequest, message, null));
    }

    /** A request of DAP that gpumem does not serve (and does not advertise). */
    static ResponseErrorException unsupported(String command) {
        return of("gpumem dap does not support the " + command + " request");
    }

    /** A request gpumem will serve once it has what {@code why} names. */
    static ResponseErrorException unsupported(String command, String why) {
        return of("gpumem dap does not support the " + command + " request yet: " + why);
    }
}
