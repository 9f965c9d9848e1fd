package org.gpumem.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Only the latest read publishes, whatever the order in which reads finish and the UI thread runs. */
class LatestReadsTest {

    private Shell shell;
    private LatestReads reads;
    private final List<String> shown = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();

    @BeforeEach
    void widget() {
        shell = new Shell(Display.getCurrent());
        reads = new LatestReads(shell);
    }

    @AfterEach
    void dispose() {
        shell.dispose();
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(60, TimeUnit.SECONDS), "the test never released the read");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Job start(String name, LatestReads.Reading<String> reading) {
        return reads.start(name, reading, (result, error) -> shown.add(result), dropped::add);
    }

    @Test
    void aReadThatFinishedBeforeTheNextOneStartedIsNotShown() throws Exception {
        start("first", monitor -> "first").join();
        // The first result now waits in the UI thread's queue; a new read supersedes it there.
        start("second", monitor -> "second").join();
        UiTesting.runQueuedUiWork();
        assertEquals(List.of("second"), shown);
        assertEquals(List.of("first"), dropped);
    }

    /** A read that runs until the test releases it; its result is its name. */
    private record Held(Job job, CountDownLatch release) {
    }

    private Held startHeld(String name) {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Job job = start(name, monitor -> {
            running.countDown();
            await(release);
            return name;
        });
        UiTesting.waitUntil(() -> running.getCount() == 0, 60_000, name + " to run");
        return new Held(job, release);
    }

    @Test
    void aReadSupersededWhileRunningIsNotShown() throws Exception {
        Held first = startHeld("first");
        start("second", monitor -> "second").join();
        UiTesting.runQueuedUiWork();
        assertEquals(List.of("second"), shown);
        first.release().countDown();
        first.job().join();
        UiTesting.runQueuedUiWork();
        assertEquals(List.of("second"), shown);
        assertEquals(List.of("first"), dropped);
    }

    @Test
    void aCancelledReadIsNotShown() throws Exception {
        Held read = startHeld("cancelled");
        reads.cancel();
        read.release().countDown();
        read.job().join();
        UiTesting.runQueuedUiWork();
        assertEquals(List.of(), shown);
        assertEquals(List.of("cancelled"), dropped);
    }
}
