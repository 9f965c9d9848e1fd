package org.gpumem.host;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.gpumem.host.internal.Channel;

/**
 * A CUDA program running with gpumem's runtime: the session owns the process, the channel its
 * runtime connects to (a Unix socket in a private folder, named by GPUMEM_CHANNEL), and, for
 * each process of the program that connects, a simulated device whose global memory the
 * process maps, its modules and its launches. Kernel launches run through the session's
 * {@link KernelRunner}; the {@link HostListener} hears about connections, modules,
 * allocations, launches and calls gpumem does not implement.
 */
public final class HostSession implements AutoCloseable {
    /** The environment variable that names the channel to the program's runtime. */
    public static final String CHANNEL_VARIABLE = "GPUMEM_CHANNEL";

    /** Where the program's standard streams go. */
    public record Io(ProcessBuilder.Redirect in, ProcessBuilder.Redirect out, ProcessBuilder.Redirect err) {
        /** The program uses gpumem's own streams. */
        public static final Io INHERIT = new Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.INHERIT,
                ProcessBuilder.Redirect.INHERIT);
    }

    private final Path folder;
    private final ServerSocketChannel server;
    private final Process process;
    private final Thread acceptor;
    private final List<Thread> threads = new ArrayList<>();
    private final List<RuntimeConnection> connections = new ArrayList<>();
    private final RuntimeConnection.Settings settings;
    private volatile IOException acceptFailure;

    private HostSession(HostProgram program, HostListener listener, KernelRunner runner, Io io) throws IOException {
        folder = Files.createTempDirectory("gpumem-exec-");
        Path socket = folder.resolve("channel");
        settings = new RuntimeConnection.Settings(program.executable().getFileName().toString(), program.device(),
                program.memoryBytes(), folder, listener, runner);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(socket));
            ProcessBuilder pb = new ProcessBuilder(command(program)).directory(program.workingDirectory().toFile())
                    .redirectInput(io.in()).redirectOutput(io.out()).redirectError(io.err());
            Map<String, String> env = pb.environment();
            env.putAll(program.environment());
            String path = env.get("LD_LIBRARY_PATH");
            env.put("LD_LIBRARY_PATH", program.runtimeDirectory() + (path == null || path.isEmpty() ? "" : ":" + path));
            env.put(CHANNEL_VARIABLE, socket.toString());
            process = pb.start();
        } catch (IOException e) {
            server.close();
            deleteFolder();
            throw e;
        }
        acceptor = new Thread(this::accept, "gpumem-exec-channel");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Starts the program.
     *
     * @throws HostProgramException when gpumem cannot run it (linked with the static CUDA runtime...)
     * @throws IOException when the channel or the process cannot be created
     */
    public static HostSession start(HostProgram program, HostListener listener, KernelRunner runner, Io io)
            throws HostProgramException, IOException {
        ProgramCheck.check(program.executable());
        try {
            RuntimeDevice.checkTarget(program.device());
        } catch (IllegalArgumentException e) {
            throw new HostProgramException(e.getMessage());
        }
        return new HostSession(program, listener, runner, io);
    }

    private static List<String> command(HostProgram program) {
        List<String> c = new ArrayList<>();
        c.add(program.executable().toAbsolutePath().toString());
        c.addAll(program.arguments());
        return c;
    }

    private void accept() {
        try {
            while (true) {
                SocketChannel s = server.accept();
                RuntimeConnection c = new RuntimeConnection(new Channel(s), settings);
                Thread t = new Thread(c, "gpumem-exec-process-" + (threads.size() + 1));
                t.setDaemon(true);
                synchronized (this) {
                    connections.add(c);
                    threads.add(t);
                }
                t.start();
            }
        } catch (ClosedChannelException e) {
            // the session is closing
        } catch (IOException e) {
            acceptFailure = e;
        }
    }

    /** The program's process (its streams are those {@link Io} asked for). */
    public Process process() {
        return process;
    }

    /** The processes of the program that connected so far. */
    public synchronized List<HostProcess> processes() {
        return List.copyOf(connections);
    }

    /**
     * Waits for the program to exit and for gpumem to finish serving its processes, then
     * releases the session.
     *
     * @return the program's exit status (128 + N when signal N ended it)
     * @throws IllegalStateException when serving a process failed inside gpumem (a bug)
     */
    public int waitFor() throws InterruptedException, IOException {
        int status = process.waitFor();
        List<Thread> serving;
        synchronized (this) {
            serving = List.copyOf(threads);
        }
        for (Thread t : serving) {
            t.join();
        }
        close();
        List<RuntimeConnection> served;
        synchronized (this) {
            served = List.copyOf(connections);
        }
        for (RuntimeConnection c : served) {
            if (c.failure() != null) {
                throw new IllegalStateException("gpumem failed serving process " + c.pid(), c.failure());
            }
        }
        if (acceptFailure != null) {
            throw acceptFailure;
        }
        return status;
    }

    /** Ends the program and its child processes. */
    public void terminate() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Stops accepting processes and deletes the session's folder; the program keeps running if it still does. */
    @Override
    public void close() throws IOException {
        server.close();
        deleteFolder();
    }

    private void deleteFolder() throws IOException {
        if (Files.exists(folder)) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
