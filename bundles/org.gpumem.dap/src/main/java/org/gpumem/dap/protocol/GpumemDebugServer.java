package org.gpumem.dap.protocol;

import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

/** DAP's requests plus gpumem's three (docs/DAP-ADDRESS-SPACES.md). */
public interface GpumemDebugServer extends IDebugProtocolServer {

    /** The target's spaces from a context, the resident contexts and the focus. */
    @JsonRequest("gpumem/addressSpaces")
    CompletableFuture<AddressSpacesResponse> addressSpaces(AddressSpacesArguments arguments);

    /** Sets the CUDA focus (or, without arguments, answers it). */
    @JsonRequest("gpumem/focus")
    CompletableFuture<FocusInfo> focus(FocusArguments arguments);

    /** One expression in every lane of a warp. */
    @JsonRequest("gpumem/lanes")
    CompletableFuture<LanesResponse> lanes(LanesArguments arguments);
}
