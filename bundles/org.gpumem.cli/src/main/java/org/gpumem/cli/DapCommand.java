package org.gpumem.cli;

import java.util.concurrent.Callable;

import org.gpumem.dap.DapEndpoint;
import org.gpumem.dap.DapServer;
import org.gpumem.dap.InternalErrorLog;
import org.gpumem.host.RuntimeLibrary;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpumem dap}: the Debug Adapter Protocol server (org.gpumem.dap) for VS Code and any other
 * DAP client, over standard input and output, or on a loopback TCP port.
 */
@Command(name = "dap", description = "Debug Adapter Protocol server for VS Code and other DAP clients: "
        + "over standard input and output, or with --port on 127.0.0.1 (see docs/DAP-ADDRESS-SPACES.md)")
final class DapCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", description = "listen on 127.0.0.1 port N (0: any free port, printed on standard error) instead of standard input and output")
    Integer port;

    @Override
    public Integer call() throws Exception {
        DapServer.RuntimeFolder runtime = () -> RuntimeLibrary.folder(DapCommand.class);
        InternalErrorLog log = new InternalErrorLog(e -> InternalErrors.logged("gpumem dap", e));
        if (port == null) {
            DapEndpoint.serve(System.in, System.out, () -> new DapServer(runtime), log);
        } else {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("--port must be 0..65535");
            }
            DapEndpoint.listen(port, () -> new DapServer(runtime), log, System.err);
        }
        return 0;
    }
}
