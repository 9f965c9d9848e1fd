package org.gpumem.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.Test;

class GpuMemorySessionTest {

    @Test
    void aBurstOfChangesFromAnotherThreadRefreshesEveryViewOnce() throws Exception {
        GpuMemorySession session = GpuMemorySession.get();
        UiTesting.runQueuedUiWork();
        List<String> refreshed = new ArrayList<>();
        GpuMemorySession.Refreshable first = done -> {
            refreshed.add("first");
            done.run();
        };
        GpuMemorySession.Refreshable second = done -> {
            refreshed.add("second");
            done.run();
        };
        session.addView(first);
        session.addView(second);
        try {
            int before = session.refreshCount();
            // A debugger's suspend fires several events (thread, target, memory blocks), and
            // stepping fires many; the UI thread is busy here until the burst is over.
            Thread burst = new Thread(() -> {
                for (int i = 0; i < 1000; i++) {
                    session.changed();
                }
            }, "suspend events");
            burst.start();
            burst.join();
            UiTesting.waitUntil(() -> session.refreshCount() > before, 60_000, "the refresh after the burst");
            UiTesting.runQueuedUiWork();
            assertEquals(before + 1, session.refreshCount(), "refreshes for a burst of 1,000 changes");
            assertEquals(List.of("first", "second"), refreshed);
        } finally {
            session.removeView(first);
            session.removeView(second);
        }
    }
}
