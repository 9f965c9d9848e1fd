package org.gpumem.debug.events;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;

/**
 * Merges bursts of debug events into few refreshes. The first event after a quiet period
 * starts a window of {@code window}; every event that arrives until the window closes is
 * merged, and the refresh callback then runs once, on a system job, with the merged
 * {@link MergedDebugEvents}. Events that arrive while the callback runs open the next window.
 * So 1,000 step events fired in a burst cost a handful of refreshes instead of 1,000, and the
 * events of one suspend (target, threads, frames) cost exactly one.
 *
 * <p>Threads: {@link #handleDebugEvents} may be called from any thread (the platform calls it
 * on its event dispatch thread) and never blocks; the callback runs on a worker thread of the
 * job manager, never concurrently with itself. A UI client hops to its display from there.
 */
public final class MergedRefreshHandler implements IDebugEventSetListener, AutoCloseable {
    private final Predicate<DebugEvent> filter;
    private final Consumer<MergedDebugEvents> refresh;
    private final long windowMillis;
    private final Job job;
    private final Object lock = new Object();
    private Map<Object, DebugEvent> pending = new LinkedHashMap<>();
    private int pendingKinds;
    private int pendingCount;
    private boolean scheduled;
    private boolean registered;

    /**
     * @param window  how long to collect events after the first one of a burst
     * @param filter  which events concern the client (others are ignored)
     * @param refresh called once per window with everything merged in it
     */
    public MergedRefreshHandler(Duration window, Predicate<DebugEvent> filter, Consumer<MergedDebugEvents> refresh) {
        this.filter = Objects.requireNonNull(filter);
        this.refresh = Objects.requireNonNull(refresh);
        this.windowMillis = Math.max(0, window.toMillis());
        this.job = Job.createSystem("gpumem merged refresh", monitor -> {
            flush();
            return Status.OK_STATUS;
        });
    }

    /** Creates a handler and registers it with {@link DebugPlugin}; {@link #close()} removes it. */
    public static MergedRefreshHandler register(Duration window, Predicate<DebugEvent> filter,
            Consumer<MergedDebugEvents> refresh) {
        MergedRefreshHandler handler = new MergedRefreshHandler(window, filter, refresh);
        DebugPlugin.getDefault().addDebugEventListener(handler);
        handler.registered = true;
        return handler;
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        boolean schedule = false;
        synchronized (lock) {
            for (DebugEvent e : events) {
                if (!filter.test(e)) {
                    continue;
                }
                pending.remove(e.getSource());
                pending.put(e.getSource(), e);
                pendingKinds |= e.getKind();
                pendingCount++;
            }
            if (pendingCount > 0 && !scheduled) {
                scheduled = true;
                schedule = true;
            }
        }
        if (schedule) {
            job.schedule(windowMillis);
        }
    }

    private void flush() {
        MergedDebugEvents merged;
        synchronized (lock) {
            scheduled = false;
            if (pendingCount == 0) {
                return;
            }
            merged = new MergedDebugEvents(pending, pendingKinds, pendingCount);
            pending = new LinkedHashMap<>();
            pendingKinds = 0;
            pendingCount = 0;
        }
        refresh.accept(merged);
    }

    /** Stops listening; a refresh already scheduled is cancelled. */
    @Override
    public void close() {
        if (registered) {
            DebugPlugin plugin = DebugPlugin.getDefault();
            if (plugin != null) {
                plugin.removeDebugEventListener(this);
            }
            registered = false;
        }
        job.cancel();
    }
}
