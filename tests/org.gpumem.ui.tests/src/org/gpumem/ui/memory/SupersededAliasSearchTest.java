package org.gpumem.ui.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.Test;

/** A new selection supersedes an alias search still running: the old search's views are never shown. */
class SupersededAliasSearchTest {

    private static final String SEARCH = "Finding aliases of shared bytes";

    @Test
    void aSearchSupersededWhileReadingNeverShowsItsViews() throws Exception {
        MemoryState state = UiTesting.state(BuiltinTargets.nvptx("sm_90"), 1, 32);
        Context cta = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0);
        AddressSpace shared = AddressSpaces.find(state.getTarget(), "shared");
        UiTesting.GatedSource gate = UiTesting.GatedSource.install(
                Contexts.pool(cta, state.getTarget().getStorages().stream().filter(s -> s.getName().equals("shared"))
                        .findFirst().orElseThrow()), SEARCH);
        Shell shell = new Shell(Display.getCurrent());
        try {
            shell.setLayout(new FillLayout());
            shell.setSize(900, 500);
            AliasPanel panel = new AliasPanel(shell);
            shell.open();

            panel.show(cta, shared, 0x40, 8);
            UiTesting.waitUntil(gate::holding, 60_000, "the first search to read the shared bytes");
            panel.show(cta, shared, 0x100, 4);
            UiTesting.waitUntil(() -> !panel.loading(), 60_000, "the second search");
            assertEquals(0x100L, panel.views().get(0).selected().iterator().next().longValue(), "shown first");

            // The first search now finishes and hands its views to the UI thread, which must drop them.
            gate.open();
            gate.held().join();
            UiTesting.runQueuedUiWork();
            assertFalse(panel.loading());
            assertEquals(0x100L, panel.views().get(0).selected().iterator().next().longValue(),
                    "the superseded search replaced the views of the current one");
            assertEquals(4, panel.views().get(0).selected().size());
            assertTrue(panel.text(0).getText().length() > 0);
        } finally {
            gate.open();
            shell.dispose();
        }
    }
}
