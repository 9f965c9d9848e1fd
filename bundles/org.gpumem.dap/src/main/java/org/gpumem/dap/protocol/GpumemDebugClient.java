package org.gpumem.dap.protocol;

import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;

/** DAP's events plus gpumem's. */
public interface GpumemDebugClient extends IDebugProtocolClient {

    /** The CUDA focus moved (a gpumem/focus request, or a stop in another warp). */
    @JsonNotification("gpumem/focusChanged")
    void focusChanged(FocusInfo focus);
}
