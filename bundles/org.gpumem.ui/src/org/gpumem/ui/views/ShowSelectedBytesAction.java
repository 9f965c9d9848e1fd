package org.gpumem.ui.views;

import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.action.Action;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.session.GpuMemorySession.SelectedBytes;
import org.gpumem.ui.session.GpuMemorySession;

/**
 * A view's toolbar button that opens the Lanes or the Aliases view on the bytes of the row
 * selected in the view (a variable, a pool): the bytes become the session's selected bytes.
 */
final class ShowSelectedBytesAction extends Action {

    private final IWorkbenchPage page;
    private final String viewId;
    private final Supplier<SelectedBytes> selection;
    private final Consumer<String> say;

    /**
     * @param selection the bytes of the row selected in the view, or null
     * @param say       shows why nothing could be opened, in the view
     */
    private ShowSelectedBytesAction(String text, String tooltip, IWorkbenchPage page, String viewId,
            Supplier<SelectedBytes> selection, Consumer<String> say) {
        super(text);
        setToolTipText(tooltip);
        this.page = page;
        this.viewId = viewId;
        this.selection = selection;
        this.say = say;
    }

    static ShowSelectedBytesAction lanes(IWorkbenchPage page, Supplier<SelectedBytes> selection, Consumer<String> say) {
        return new ShowSelectedBytesAction("Lanes", "Show the selected per-lane variable or pool across the lanes of its warp"
                + " (the Lanes view)", page, GpuMemoryViews.LANES, selection, say);
    }

    static ShowSelectedBytesAction aliases(IWorkbenchPage page, Supplier<SelectedBytes> selection, Consumer<String> say) {
        return new ShowSelectedBytesAction("Aliases", "Show every address space and context that reaches the selected"
                + " variable or pool (the Aliases view)", page, GpuMemoryViews.ALIASES, selection, say);
    }

    @Override
    public void run() {
        SelectedBytes bytes = selection.get();
        try {
            page.showView(viewId);
        } catch (PartInitException e) {
            say.accept("Cannot open the " + getText() + " view: " + e.getMessage());
            Platform.getLog(ShowSelectedBytesAction.class).log(e.getStatus());
            return;
        }
        if (bytes == null) {
            say.accept("Select a variable or a pool that lives in an address space to see its " + getText().toLowerCase());
            return;
        }
        GpuMemorySession.get().select(bytes);
    }
}
