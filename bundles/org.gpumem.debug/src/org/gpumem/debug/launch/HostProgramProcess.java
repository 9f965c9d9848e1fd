package org.gpumem.debug.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;
import org.gpumem.host.HostSession;

/**
 * A CUDA program started by a {@link HostSession}, as a process of the launch: its console
 * shows the program's standard output and error as they come, with gpumem's reports (faults,
 * unsupported calls) on the error stream, and passes console input to the program. Its exit
 * value is the program's. Terminating it ends the program and the kernel launch it waits in.
 *
 * <p>Threads: two reader threads copy the program's streams, a third waits for its end and
 * fires TERMINATE; every method may be called from any thread.
 */
public final class HostProgramProcess implements IProcess {
    private final ILaunch launch;
    private final String label;
    private final Map<String, String> attributes = new HashMap<>();
    private final TextStreamMonitor out = new TextStreamMonitor();
    private final TextStreamMonitor err = new TextStreamMonitor();
    private volatile HostSession session;
    private volatile Runnable onTerminate = () -> {
    };
    private volatile boolean terminated;
    private volatile int exitValue = -1;

    public HostProgramProcess(ILaunch launch, String label) {
        this.launch = launch;
        this.label = label;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, "gpumem.host");
    }

    /**
     * Follows the started program: copies its streams, waits for its end. {@code ended} runs
     * once the program's process has exited (before gpumem finished serving it): it must end
     * the kernel launch the program may still be waiting in.
     */
    public void start(HostSession started, Runnable ended) {
        session = started;
        onTerminate = ended;
        launch.addProcess(this);
        fire(DebugEvent.CREATE);
        started.process().onExit().thenRun(ended);
        Thread stdout = copy(started.process().getInputStream(), out, "stdout");
        Thread stderr = copy(started.process().getErrorStream(), err, "stderr");
        Thread waiter = new Thread(() -> waitForEnd(stdout, stderr), "gpumem-host-" + started.process().pid());
        waiter.setDaemon(true);
        waiter.start();
    }

    private void waitForEnd(Thread stdout, Thread stderr) {
        int status = -1;
        try {
            status = session.waitFor();
            stdout.join();
            stderr.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | IllegalStateException e) {
            // a bug of gpumem's serving, not of the program: logged with its trace
            Platform.getLog(HostProgramProcess.class).log(Status.error("gpumem failed serving " + label, e));
            err.append("gpumem: " + e.getMessage() + " (details in the error log)\n");
        }
        exitValue = status;
        terminated = true;
        fire(DebugEvent.TERMINATE);
    }

    private static Thread copy(InputStream from, TextStreamMonitor to, String name) {
        Thread t = new Thread(() -> {
            char[] buffer = new char[8192];
            try (InputStreamReader in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    to.append(new String(buffer, 0, n));
                }
            } catch (IOException e) {
                to.append("gpumem: lost the program's " + name + ": " + e.getMessage() + "\n");
            }
        }, "gpumem-host-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A report of gpumem's about the program, shown on its error stream. */
    public void report(String text) {
        err.append(text.endsWith("\n") ? text : text + "\n");
    }

    /** The program's session. */
    public HostSession session() {
        return session;
    }

    @Override
    public String getLabel() {
        return label;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IStreamsProxy getStreamsProxy() {
        return new IStreamsProxy() {
            @Override
            public IStreamMonitor getErrorStreamMonitor() {
                return err;
            }

            @Override
            public IStreamMonitor getOutputStreamMonitor() {
                return out;
            }

            @Override
            public void write(String input) throws IOException {
                OutputStream in = session.process().getOutputStream();
                in.write(input.getBytes(StandardCharsets.UTF_8));
                in.flush();
            }
        };
    }

    @Override
    public void setAttribute(String key, String value) {
        synchronized (attributes) {
            attributes.put(key, value);
        }
        fire(DebugEvent.CHANGE);
    }

    @Override
    public String getAttribute(String key) {
        synchronized (attributes) {
            return attributes.get(key);
        }
    }

    @Override
    public int getExitValue() throws DebugException {
        if (!terminated) {
            throw new DebugException(Status.error(label + " has not terminated"));
        }
        return exitValue;
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    /** Ends the program (and its child processes) and the kernel launch it waits in. */
    @Override
    public void terminate() {
        HostSession s = session;
        if (s != null) {
            s.terminate();
        }
        onTerminate.run();
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IProcess.class) {
            return adapter.cast(this);
        }
        if (adapter == ILaunch.class) {
            return adapter.cast(launch);
        }
        return null;
    }

    private void fire(int kind) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null) {
            plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(this, kind)});
        }
    }
}
