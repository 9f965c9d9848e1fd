package org.gpumem.ui.session;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.swt.widgets.Display;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;

/**
 * What gpumem's views show: one stopped {@link MemoryState} (a suspended launch or an opened
 * snapshot) and the focused context in it. A change of either, or any number of suspend events in
 * a burst, makes every open view refresh once: requests are merged until the UI thread runs the
 * refresh, and the time until the last view has redrawn is recorded.
 */
public final class GpuMemorySession {

    /** A view that redraws from the session; it calls {@code done} on the UI thread once it has. */
    public interface Refreshable {
        void refresh(Runnable done);
    }

    /**
     * Bytes a view selected in the state shown: {@code length} bytes from {@code offset} of
     * {@code space} seen from {@code context}. The Lanes and Aliases views follow them.
     */
    public record SelectedBytes(Context context, AddressSpace space, long offset, int length) {
    }

    private static final GpuMemorySession INSTANCE = new GpuMemorySession();

    private final List<Refreshable> views = new CopyOnWriteArrayList<>();
    private final List<Consumer<SelectedBytes>> selectionListeners = new CopyOnWriteArrayList<>();
    /** The bytes selected last in the state shown, or null. */
    private volatile SelectedBytes selected;
    private volatile MemoryState state;
    private volatile Context focus;
    private volatile String origin = "";
    private volatile boolean readOnly;
    private volatile IStackFrame frame;
    /** The debug target whose stop {@link #state} is, or null (a snapshot). */
    private volatile IDebugTarget owner;
    /** Why nothing is shown any more (the owner ended), or null. */
    private volatile String detached;
    private long requestedAt;
    private boolean pending;
    private volatile long lastRedrawNanos = -1;
    private final AtomicInteger refreshes = new AtomicInteger();

    public static GpuMemorySession get() {
        return INSTANCE;
    }

    public MemoryState state() {
        return state;
    }

    /** The focused context (a lane when one is selected), or the first lane of the state. */
    public Context focus() {
        Context f = focus;
        if (f != null || state == null || state.getDevice() == null) {
            return f;
        }
        List<Context> lanes = Contexts.descendants(state.getDevice(), Scope.LANE);
        return lanes.isEmpty() ? state.getDevice() : lanes.get(0);
    }

    /** Where the state comes from: a launch name or a snapshot file. */
    public String origin() {
        return origin;
    }

    /** Whether the state is a snapshot, which the views show without offering writes. */
    public boolean readOnly() {
        return readOnly;
    }

    /** Shows {@code state}; {@code focus} may be null (first lane). */
    public void show(MemoryState state, Context focus, String origin, boolean readOnly) {
        show(state, focus, origin, readOnly, null);
    }

    /**
     * Shows {@code state}, a stop of {@code owner} (null for a snapshot): when the owner ends
     * ({@link #ended}), the views let go of it.
     */
    public void show(MemoryState state, Context focus, String origin, boolean readOnly, IDebugTarget owner) {
        if (state != this.state) {
            selected = null;
        }
        this.state = state;
        this.focus = focus;
        this.origin = origin == null ? "" : origin;
        this.readOnly = readOnly;
        this.owner = owner;
        this.detached = null;
        changed();
    }

    /**
     * {@code target} has terminated: if the views show its stop or one of its frames, they let go
     * of them and say {@code why} instead; nothing of an ended session is read again.
     */
    public void ended(IDebugTarget target, String why) {
        boolean ownState = target != null && target == owner;
        IStackFrame f = frame;
        boolean ownFrame = f != null && f.getDebugTarget() == target;
        if (!ownState && !ownFrame) {
            return;
        }
        if (ownState) {
            state = null;
            selected = null;
            focus = null;
            owner = null;
            origin = "";
        }
        if (ownFrame) {
            frame = null;
        }
        detached = why;
        changed();
    }

    /** What views say when there is no state: why the last one went away, or how to get one. */
    public String emptyText() {
        String why = detached;
        return why != null ? why : "No kernel suspended: launch one in debug mode or open a .gpumem snapshot.";
    }

    /** The debug target whose stop the state is, or null (a snapshot, or none). */
    public IDebugTarget owner() {
        return owner;
    }

    /** The selected stack frame of a debug target, or null. */
    public IStackFrame frame() {
        return frame;
    }

    /** Shows the variables of {@code frame} (a suspended debug target's selected frame). */
    public void showFrame(IStackFrame frame) {
        if (frame != this.frame) {
            this.frame = frame;
            if (frame != null) {
                detached = null;
            }
            changed();
        }
    }

    public void focus(Context context) {
        if (context != focus) {
            focus = context;
            changed();
        }
    }

    /**
     * {@code bytes} were selected in a view (on the UI thread): the views that follow a selection
     * of bytes show them.
     */
    public void select(SelectedBytes bytes) {
        selected = bytes;
        for (Consumer<SelectedBytes> listener : selectionListeners) {
            listener.accept(bytes);
        }
    }

    /** The bytes selected last in the state shown, or null. */
    public SelectedBytes selectedBytes() {
        return selected;
    }

    /** {@code listener} gets every selection of bytes, on the UI thread. */
    public void addSelectionListener(Consumer<SelectedBytes> listener) {
        selectionListeners.add(listener);
    }

    public void removeSelectionListener(Consumer<SelectedBytes> listener) {
        selectionListeners.remove(listener);
    }

    public void addView(Refreshable view) {
        views.add(view);
    }

    public void removeView(Refreshable view) {
        views.remove(view);
    }

    /** Nanoseconds the last refresh took from request to the last view redrawn, or -1. */
    public long lastRedrawNanos() {
        return lastRedrawNanos;
    }

    /** How many merged refreshes have run (each one refreshes every view once). */
    public int refreshCount() {
        return refreshes.get();
    }

    /**
     * The contents or the focus changed (a suspend, a step, a snapshot opened). Callable from any
     * thread; a burst of calls before the UI thread gets to it is one refresh.
     */
    public void changed() {
        synchronized (this) {
            if (pending) {
                return;
            }
            pending = true;
            requestedAt = System.nanoTime();
        }
        Display display = Display.getDefault();
        display.asyncExec(this::refreshViews);
    }

    private void refreshViews() {
        long started;
        synchronized (this) {
            pending = false;
            started = requestedAt;
        }
        refreshes.incrementAndGet();
        List<Refreshable> open = List.copyOf(views);
        if (open.isEmpty()) {
            finished(started);
            return;
        }
        AtomicInteger outstanding = new AtomicInteger(open.size());
        for (Refreshable view : open) {
            view.refresh(() -> {
                if (outstanding.decrementAndGet() == 0) {
                    finished(started);
                }
            });
        }
    }

    private void finished(long started) {
        lastRedrawNanos = System.nanoTime() - started;
    }
}
