package org.gpumem.debug.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.junit.jupiter.api.Test;

class MergedRefreshHandlerTest {
    /** Stands in for a debug element: events only need a source. */
    private record Source(String name) {
    }

    @Test
    void aBurstOfOneThousandStepEventsRefreshesAHandfulOfTimes() throws Exception {
        Source thread = new Source("thread");
        Source last = new Source("end of burst");
        AtomicInteger refreshes = new AtomicInteger();
        AtomicInteger merged = new AtomicInteger();
        CountDownLatch sawLast = new CountDownLatch(1);
        try (MergedRefreshHandler handler = MergedRefreshHandler.register(Duration.ofMillis(100),
                e -> e.getSource() instanceof Source, m -> {
                    refreshes.incrementAndGet();
                    merged.addAndGet(m.count());
                    if (m.sources().contains(last)) {
                        sawLast.countDown();
                    }
                })) {
            DebugPlugin plugin = DebugPlugin.getDefault();
            for (int i = 0; i < 1000; i++) {
                plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(thread, DebugEvent.RESUME, DebugEvent.STEP_OVER)});
                plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(thread, DebugEvent.SUSPEND, DebugEvent.STEP_END)});
            }
            plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(last, DebugEvent.CHANGE)});
            assertTrue(sawLast.await(60, TimeUnit.SECONDS), "the last event of the burst was delivered");
        }
        assertEquals(2001, merged.get(), "every event was merged into some refresh");
        assertTrue(refreshes.get() <= 5, "1,000 steps refreshed " + refreshes.get() + " times");
    }

    @Test
    void mergedEventsKeepTheLastEventOfEachSource() throws Exception {
        Source a = new Source("a");
        Source b = new Source("b");
        CountDownLatch done = new CountDownLatch(1);
        MergedDebugEvents[] seen = new MergedDebugEvents[1];
        MergedRefreshHandler handler = new MergedRefreshHandler(Duration.ofMillis(50), e -> true, m -> {
            seen[0] = m;
            done.countDown();
        });
        handler.handleDebugEvents(new DebugEvent[] {new DebugEvent(a, DebugEvent.RESUME), new DebugEvent(b, DebugEvent.RESUME),
            new DebugEvent(a, DebugEvent.SUSPEND, DebugEvent.BREAKPOINT)});
        assertTrue(done.await(60, TimeUnit.SECONDS));
        handler.close();
        assertEquals(3, seen[0].count());
        assertEquals(DebugEvent.SUSPEND, seen[0].lastEvent(a).getKind());
        assertEquals(DebugEvent.RESUME, seen[0].lastEvent(b).getKind());
        assertTrue(seen[0].contains(DebugEvent.RESUME) && seen[0].contains(DebugEvent.SUSPEND));
        assertTrue(seen[0].endsSuspended());
    }
}
