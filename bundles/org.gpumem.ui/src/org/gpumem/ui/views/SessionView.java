package org.gpumem.ui.views;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.ui.session.DebugContextBridge;
import org.gpumem.ui.session.GpuMemorySession;

/** A view that shows the {@link GpuMemorySession} and redraws when it changes. */
abstract class SessionView extends ViewPart implements GpuMemorySession.Refreshable {

    @Override
    public final void createPartControl(Composite parent) {
        createContents(parent);
        DebugContextBridge.install(getSite().getWorkbenchWindow());
        GpuMemorySession.get().addView(this);
        refresh(() -> {
        });
    }

    protected abstract void createContents(Composite parent);

    protected GpuMemorySession session() {
        return GpuMemorySession.get();
    }

    @Override
    public void dispose() {
        GpuMemorySession.get().removeView(this);
        super.dispose();
    }
}
