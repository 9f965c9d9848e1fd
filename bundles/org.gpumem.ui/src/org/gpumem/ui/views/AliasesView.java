package org.gpumem.ui.views;

import java.util.function.Consumer;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.gpumem.ui.memory.AliasPanel;
import org.gpumem.ui.memory.Idle;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;

/**
 * Aliases: every (space, context) that reaches the bytes selected last (in Space Memory, the
 * Lanes view, Variable Locations or Memory Pools), one under the other, the selected bytes
 * highlighted; read again after each stop.
 */
public final class AliasesView extends SessionView {

    private AliasPanel panel;
    private final Consumer<SelectedBytes> follow = this::selected;

    @Override
    protected void createContents(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new AliasPanel(parent);
        session().addSelectionListener(follow);
    }

    private void selected(SelectedBytes bytes) {
        if (!panel.isDisposed()) {
            panel.show(bytes.context(), bytes.space(), bytes.offset(), bytes.length());
        }
    }

    public AliasPanel panel() {
        return panel;
    }

    @Override
    public void refresh(Runnable done) {
        SelectedBytes bytes = session().selectedBytes();
        if (panel.isDisposed() || bytes == null) {
            if (!panel.isDisposed() && session().state() == null) {
                panel.clear(session().emptyText());
            }
            done.run();
            return;
        }
        selected(bytes);
        Idle.whenLoaded(panel, panel::loading, done);
    }

    @Override
    public void dispose() {
        session().removeSelectionListener(follow);
        super.dispose();
    }

    @Override
    public void setFocus() {
        panel.setFocus();
    }
}
