package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test: it prints figures and whether they meet the goal, and asserts nothing.
 * {@code ./gpumem ui-benchmark} runs it; {@code ./gpumem test} leaves it out (test classes are
 * named {@code *Test}). Measures the time from a suspend (the session told that the
 * contents changed) until every open gpumem view has read the new bytes and redrawn, for one CTA
 * of 1,024 threads with a 48 KiB shared pool, the Space Memory view showing the shared pool:
 * median and worst of {@value #RUNS} suspends against the goal of {@value #GOAL_MILLIS} ms, and
 * as the reference of the same run the time the UI thread takes to answer an empty asyncExec.
 */
class SuspendRefreshBenchmark {

    private static final int RUNS = 30;
    private static final int GOAL_MILLIS = 100;

    @Test
    void suspendToAllViewsRedrawn() throws Exception {
        Target target = SimulatorTarget.create();
        MemoryState state = new MemoryStateBuilder(target).name("benchmark", "1 CTA x 1024 threads")
                .launch(1, 1, 1, 1024, 1, 1).poolSize("shared", 48 * 1024).build();
        Context cta = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0);
        Pool shared = Contexts.pool(cta, target.getStorages().stream().filter(s -> s.getName().equals("shared")).findFirst()
                .orElseThrow());
        Context lane = Contexts.descendants(cta, Scope.LANE).get(517);

        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        page.getWorkbenchWindow().getShell().setSize(1440, 900);
        page.showView(GpuMemoryViews.ADDRESS_SPACES);
        page.showView(GpuMemoryViews.MEMORY_POOLS);
        page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        SpaceMemoryView memory = (SpaceMemoryView) page.showView(GpuMemoryViews.SPACE_MEMORY);
        GpuMemorySession session = GpuMemorySession.get();
        session.show(state, lane, "benchmark", false);
        memory.show(cta, AddressSpaces.find(target, "shared"), 0);
        UiTesting.waitUntil(() -> !memory.table().loading(), 60_000, "first paint");

        Random random = new Random(42);
        byte[] contents = new byte[48 * 1024];
        List<Long> nanos = new ArrayList<>();
        List<Long> reference = new ArrayList<>();
        for (int run = 0; run < RUNS + 3; run++) {
            random.nextBytes(contents);
            shared.getSource().write(0, contents, 0, contents.length);
            long before = session.lastRedrawNanos();
            int refreshes = session.refreshCount();
            Thread suspend = new Thread(session::changed, "simulated suspend");
            suspend.start();
            suspend.join();
            UiTesting.waitUntil(() -> session.refreshCount() > refreshes && session.lastRedrawNanos() != before
                    && !memory.table().loading(), 60_000, "redraw after suspend " + run);
            if (run >= 3) {
                nanos.add(session.lastRedrawNanos());
            }
            long start = System.nanoTime();
            boolean[] answered = {false};
            Display.getCurrent().asyncExec(() -> answered[0] = true);
            UiTesting.waitUntil(() -> answered[0], 1_000, "asyncExec");
            reference.add(System.nanoTime() - start);
        }
        Collections.sort(nanos);
        Collections.sort(reference);
        double median = nanos.get(nanos.size() / 2) / 1e6;
        double worst = nanos.get(nanos.size() - 1) / 1e6;
        double ref = reference.get(reference.size() / 2) / 1e6;
        System.out.printf("gpumem ui benchmark: suspend -> all views redrawn (1 CTA x 1024 threads, 48 KiB shared, %d views):"
                + " median %.1f ms, worst %.1f ms over %d suspends (goal: median < %d ms, %s); empty asyncExec round trip"
                + " %.2f ms (ratio %.0fx)%n", 4, median, worst, nanos.size(), GOAL_MILLIS,
                median < GOAL_MILLIS ? "met" : "NOT met", ref, median / Math.max(ref, 1e-3));
    }
}
