package org.gpumem.dap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher;
import org.gpumem.dap.protocol.GpumemDebugClient;

/**
 * The transport of {@code gpumem dap}: DAP messages framed and parsed by LSP4J, over standard
 * input and output or over TCP connections on the loopback interface. One {@link DapServer} per
 * client; a request whose handler fails unexpectedly is answered with an error response naming
 * the log that holds the trace ({@link InternalErrorLog}), and the server goes on.
 */
public final class DapEndpoint {
    private DapEndpoint() {
    }

    /** Serves one client on {@code in}/{@code out} until its input ends; returns then. */
    public static void serve(InputStream in, OutputStream out, Supplier<DapServer> servers, InternalErrorLog log)
            throws IOException {
        DapServer server = servers.get();
        // requests are handled one at a time on LSP4J's reader thread; this executor only reads
        ExecutorService reader = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "gpumem-dap-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            Launcher<GpumemDebugClient> launcher = new DebugLauncher.Builder<GpumemDebugClient>()
                    .setLocalService(server)
                    .setRemoteInterface(GpumemDebugClient.class)
                    .setInput(in)
                    .setOutput(out)
                    .setExecutorService(reader)
                    .setExceptionHandler(log::toResponse)
                    .create();
            server.connect(launcher.getRemoteProxy());
            Future<Void> listening = launcher.startListening();
            listening.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IOException("the DAP connection failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            server.clientGone();
            reader.shutdownNow();
        }
    }

    /**
     * Listens on 127.0.0.1 port {@code port} (0: any free port) and serves each connection with
     * a server of its own, one at a time; says where it listens on {@code err}. Never returns
     * but by an exception.
     */
    public static void listen(int port, Supplier<DapServer> servers, InternalErrorLog log, PrintStream err)
            throws IOException {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            err.println("gpumem dap: listening on 127.0.0.1:" + socket.getLocalPort());
            err.flush();
            while (true) {
                try (Socket client = socket.accept()) {
                    serve(client.getInputStream(), client.getOutputStream(), servers, log);
                }
            }
        }
    }
}
