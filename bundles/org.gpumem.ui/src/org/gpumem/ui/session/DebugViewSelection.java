package org.gpumem.ui.session;

import java.util.Map;
import java.util.WeakHashMap;

import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.internal.ui.viewers.model.provisional.ITreeModelViewer;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IViewerUpdate;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IViewerUpdateListener;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.viewers.AbstractTreeViewer;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;

/**
 * Selects a stack frame in the Debug view's viewer as a click would: its thread expanded, the
 * selection forced (the platform's selection policy keeps a selected frame of another suspended
 * thread against model deltas and plain selections). The viewer fetches a collapsed thread's
 * frames in the background, so a selection that does not take at once is tried again each time
 * the viewer's updates complete, a few times at most, and only while the CUDA focus is still on
 * the frame's warp: once the user selects another warp (or a stop moves the focus), forcing the
 * old frame would take the user's selection away.
 */
final class DebugViewSelection implements IViewerUpdateListener {

    /** Update rounds a selection waits for its frame to appear before it gives up. */
    private static final int ROUNDS = 10;
    /**
     * The selection still waiting, per viewer: a newer one replaces it, so that an old focus
     * change never forces its frame over a later one (UI thread only).
     */
    private static final Map<ITreeModelViewer, DebugViewSelection> PENDING = new WeakHashMap<>();

    private final ITreeModelViewer viewer;
    private final TreePath path;
    private int rounds;

    private DebugViewSelection(ITreeModelViewer viewer, TreePath path) {
        this.viewer = viewer;
        this.path = path;
    }

    /** Selects {@code frame} (under its launch, target and thread) in {@code viewer}. Must run on the UI thread. */
    static void select(ITreeModelViewer viewer, PtxStackFrame frame) {
        TreePath path = new TreePath(new Object[] {frame.getLaunch(), frame.getDebugTarget(), frame.getThread(), frame});
        if (viewer instanceof AbstractTreeViewer tree) {
            tree.expandToLevel(path.getParentPath(), 1);
        }
        DebugViewSelection previous = PENDING.remove(viewer);
        if (previous != null) {
            viewer.removeViewerUpdateListener(previous);
        }
        DebugViewSelection selection = new DebugViewSelection(viewer, path);
        if (!selection.tryOnce()) {
            PENDING.put(viewer, selection);
            viewer.addViewerUpdateListener(selection);
        }
    }

    /**
     * Whether the frame is the debug context now, after one forced selection; false without
     * selecting when its target has ended (its frame will never be shown again).
     */
    private boolean tryOnce() {
        if (((IStackFrame) path.getLastSegment()).getDebugTarget().isTerminated()) {
            return false;
        }
        viewer.setSelection(new TreeSelection(path), true, true);
        return DebugUITools.getDebugContext() == path.getLastSegment();
    }

    @Override
    public void viewerUpdatesComplete() {
        PtxStackFrame frame = (PtxStackFrame) path.getLastSegment();
        boolean ended = frame.getDebugTarget().isTerminated();
        if (ended || !((WarpThread) frame.getThread()).hasFocus() || tryOnce() || ++rounds >= ROUNDS) {
            viewer.removeViewerUpdateListener(this);
            PENDING.remove(viewer, this);
        }
    }

    @Override
    public void viewerUpdatesBegin() {
        // the selection is tried when the updates are complete
    }

    @Override
    public void updateStarted(IViewerUpdate update) {
        // idem
    }

    @Override
    public void updateComplete(IViewerUpdate update) {
        // idem
    }
}
