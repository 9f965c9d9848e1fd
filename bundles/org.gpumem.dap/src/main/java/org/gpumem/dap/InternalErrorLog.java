package org.gpumem.dap;

import java.util.concurrent.CompletionException;
import java.util.function.Function;

import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.dwarf.io.InputFiles;

/**
 * Turns what a request handler threw into the error response the client sees: a refusal's or a
 * bad input's own message, or, for anything unexpected (a bug), the line the front end's bug
 * report gives (it writes the trace to a log file and names it), never the exception's text.
 */
public final class InternalErrorLog {
    private final Function<Throwable, String> bugReport;

    /** @param bugReport writes the trace of a bug somewhere and returns the one line saying where */
    public InternalErrorLog(Function<Throwable, String> bugReport) {
        this.bugReport = bugReport;
    }

    /** The response for {@code thrown}. */
    public ResponseError toResponse(Throwable thrown) {
        Throwable e = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (e instanceof ResponseErrorException r) {
            return r.getResponseError();
        }
        if (e instanceof NotStoppedException) {
            return new ResponseError(ResponseErrorCode.InvalidRequest, e.getMessage(), null);
        }
        String input = InputFiles.userMessage(e);
        if (input != null) {
            return new ResponseError(ResponseErrorCode.InvalidParams, input, null);
        }
        return new ResponseError(ResponseErrorCode.InternalError, bugReport.apply(e), null);
    }
}
