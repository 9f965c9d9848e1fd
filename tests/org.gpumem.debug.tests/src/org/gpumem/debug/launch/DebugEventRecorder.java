package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;

/** Waits for debug events with a timeout (CountDownLatch), never by sleeping. */
final class DebugEventRecorder implements IDebugEventSetListener, AutoCloseable {
    private final List<Waiter> waiters = new ArrayList<>();

    private record Waiter(Predicate<DebugEvent> condition, CountDownLatch latch, DebugEvent[] seen, DebugEvent[][] set) {
    }

    DebugEventRecorder() {
        DebugPlugin.getDefault().addDebugEventListener(this);
    }

    /** Arms a wait for the next event matching {@code condition}; call before causing it. */
    synchronized Pending expect(Predicate<DebugEvent> condition) {
        Waiter w = new Waiter(condition, new CountDownLatch(1), new DebugEvent[1], new DebugEvent[1][]);
        waiters.add(w);
        return new Pending(w);
    }

    /** An armed wait. */
    static final class Pending {
        private final Waiter waiter;

        private Pending(Waiter waiter) {
            this.waiter = waiter;
        }

        DebugEvent await(String what) throws InterruptedException {
            assertTrue(waiter.latch().await(60, TimeUnit.SECONDS), "timed out waiting for " + what);
            return waiter.seen()[0];
        }

        /** The whole event set the awaited event came in (after {@link #await}). */
        DebugEvent[] set() {
            return waiter.set()[0];
        }
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        synchronized (this) {
            for (DebugEvent e : events) {
                for (Waiter w : new ArrayList<>(waiters)) {
                    if (w.condition().test(e)) {
                        w.seen()[0] = e;
                        w.set()[0] = events;
                        waiters.remove(w);
                        w.latch().countDown();
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        DebugPlugin.getDefault().removeDebugEventListener(this);
    }
}
