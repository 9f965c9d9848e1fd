package org.gpumem.debug.launch;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;

/**
 * What gpumem's processes of a launch share: a label, attributes, the two text streams the
 * console shows, and the exit value recorded once, with the TERMINATE event.
 *
 * <p>Threads: every method may be called from any thread.
 */
public abstract class ConsoleProcess implements IProcess {
    private final ILaunch launch;
    private final String label;
    private final Map<String, String> attributes = new HashMap<>();
    private final TextStreamMonitor out = new TextStreamMonitor();
    private final TextStreamMonitor err = new TextStreamMonitor();
    private volatile boolean terminated;
    private volatile int exitValue = -1;
    /** The memory checks of the run, or null when it has none. */
    private volatile CheckedRun checks;

    /** @param type the {@link IProcess#ATTR_PROCESS_TYPE} */
    protected ConsoleProcess(ILaunch launch, String label, String type) {
        this.launch = launch;
        this.label = label;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, type);
    }

    /** Adds the process to its launch, which opens its console. */
    protected final void addToLaunch() {
        launch.addProcess(this);
        fire(DebugEvent.CREATE);
    }

    /** Text on the console's output stream. */
    protected final void printOutput(String text) {
        out.append(text);
    }

    /** Text on the console's error stream. */
    protected final void printError(String text) {
        err.append(text);
    }

    /**
     * The run's memory checks, or null: they report before the process terminates, and are the
     * process's {@link CheckedRun} adapter.
     */
    protected final void checkedBy(CheckedRun run) {
        checks = run;
    }

    /** The run's memory checks, or null when it has none. */
    protected final CheckedRun checks() {
        return checks;
    }

    /** Records the exit value and tells the launch the process has terminated. */
    protected final void exited(int value) {
        exitValue = value;
        terminated = true;
        fire(DebugEvent.TERMINATE);
    }

    /** Tells the debug views that something the process shows changed. */
    protected final void changed() {
        fire(DebugEvent.CHANGE);
    }

    /** Passes text typed in the console to the process. */
    protected abstract void input(String text) throws IOException;

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
                input(input);
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

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IProcess.class) {
            return adapter.cast(this);
        }
        if (adapter == ILaunch.class) {
            return adapter.cast(launch);
        }
        if (adapter == CheckedRun.class) {
            return adapter.cast(checks);
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
