package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A refresh supersedes one still reading: the rows of the old state are never shown. */
class SupersededVariableLocationsTest {

    private static final String READ = "Reading variable locations";

    @AfterEach
    void clear() {
        GpuMemorySession.get().show(null, null, "", false);
    }

    /** A one-CTA state with one shared variable called {@code name}. */
    private static MemoryState stateWith(String name) {
        Target target = BuiltinTargets.nvptx("sm_90");
        MemoryState state = UiTesting.state(target, 1, 32);
        Variable v = GpumemFactory.eINSTANCE.createVariable();
        v.setName(name);
        v.setTypeName("int[4]");
        v.setSpace(AddressSpaces.find(target, "shared"));
        v.setOffset(0x40);
        v.setByteSize(16);
        state.getVariables().add(v);
        return state;
    }

    private static Context firstLane(MemoryState state) {
        return Contexts.descendants(state.getDevice(), Scope.LANE).get(0);
    }

    private static Pool sharedPool(MemoryState state) {
        Context cta = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0);
        return Contexts.pool(cta, state.getTarget().getStorages().stream().filter(s -> s.getName().equals("shared"))
                .findFirst().orElseThrow());
    }

    @Test
    void rowsOfARefreshSupersededWhileReadingAreNeverShown() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        VariableLocationsView view = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        MemoryState old = stateWith("old");
        UiTesting.GatedSource gate = UiTesting.GatedSource.install(sharedPool(old), READ);
        try {
            GpuMemorySession.get().show(old, firstLane(old), "old state", false);
            UiTesting.waitUntil(gate::holding, 60_000, "the view to read the old state's variable");

            MemoryState current = stateWith("current");
            GpuMemorySession.get().show(current, firstLane(current), "current state", false);
            UiTesting.waitUntil(() -> names(view).equals(List.of("current")), 60_000, "the rows of the current state");

            // The old read now finishes and hands its rows to the UI thread, which must drop them.
            gate.open();
            gate.held().join();
            UiTesting.runQueuedUiWork();
            assertEquals(List.of("current"), names(view), "rows shown after the superseded read finished");
            assertEquals(1, view.viewer().getTable().getItemCount());
            assertEquals("current", view.viewer().getTable().getItem(0).getText(0));
        } finally {
            gate.open();
        }
    }

    private static List<String> names(VariableLocationsView view) {
        return view.rows().stream().map(VariableLocationsView.Row::name).toList();
    }
}
