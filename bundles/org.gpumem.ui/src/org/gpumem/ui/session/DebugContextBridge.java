package org.gpumem.ui.session;

import java.lang.ref.WeakReference;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.contexts.DebugContextEvent;
import org.eclipse.debug.ui.contexts.IDebugContextListener;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelFocus;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.ui.GpuMemoryViews;

/**
 * Feeds the session from the platform debugger: the selected stack frame's variables go to the
 * Variable Locations view; a selected gpumem warp or frame becomes its session's CUDA focus
 * ({@link KernelFocus}); a selected debug element that adapts to {@link MemoryState} shows its
 * state, focused on the {@link Context} it adapts to; a focus change of a gpumem target, and
 * every stop (which moves the focus to the warp that stopped), selects the focused warp's frame
 * in the Debug view and moves the views' focus with it, so that the focus, the Debug view's
 * selection, the Variables view and the editor's current line agree; suspend and change events
 * of any debug target refresh the views (merged by the session), and a target's termination
 * detaches the views from its stop.
 */
public final class DebugContextBridge implements IDebugContextListener, IDebugEventSetListener {

    private static DebugContextBridge installed;
    private final IWorkbenchWindow window;
    /**
     * The element of the last activated debug context (UI thread only). The Debug view activates
     * its selection again after refreshes and whenever a selection is set on its viewer, also one
     * that could not be set (the frame's item not shown yet), the old selection staying: such a
     * repeat is not a user's choice, and following it moved the focus back to the old warp. Held
     * weakly: a frame holds its kernel's whole simulated state after the launch ended.
     */
    private WeakReference<Object> activated = new WeakReference<>(null);

    private DebugContextBridge(IWorkbenchWindow window) {
        this.window = window;
    }

    /** Installs the bridge once for {@code window}; later calls do nothing. */
    public static synchronized void install(IWorkbenchWindow window) {
        if (installed != null || window == null) {
            return;
        }
        installed = new DebugContextBridge(window);
        DebugPlugin.getDefault().addDebugEventListener(installed);
        DebugUITools.getDebugContextManager().getContextService(window).addDebugContextListener(installed);
        installed.select(DebugUITools.getDebugContextManager().getContextService(window).getActiveContext());
    }

    @Override
    public void debugContextChanged(DebugContextEvent event) {
        if ((event.getFlags() & DebugContextEvent.ACTIVATED) != 0) {
            select(event.getContext());
        }
    }

    private void select(Object selection) {
        if (!(selection instanceof IStructuredSelection structured) || structured.isEmpty()) {
            return;
        }
        Object element = structured.getFirstElement();
        if (element == activated.get()) {
            return;
        }
        activated = new WeakReference<>(element);
        WarpThread warp = element instanceof WarpThread t ? t
                : element instanceof PtxStackFrame f ? (WarpThread) f.getThread() : null;
        if (warp != null) {
            // selecting a warp (or one of its frames) is cuda-gdb's "cuda block .. thread ..": it
            // becomes the session's focus, with the focused lane index where it holds a thread
            warp.kernelTarget().focus().followSelection(warp);
        }
        IStackFrame frame = Adapters.adapt(element, IStackFrame.class);
        if (frame != null) {
            GpuMemorySession.get().showFrame(frame);
        }
        MemoryState state = Adapters.adapt(element, MemoryState.class);
        if (state == null) {
            return;
        }
        GpuMemorySession.get().show(state, Adapters.adapt(element, Context.class), String.valueOf(element), false,
                element instanceof IDebugElement debugElement ? debugElement.getDebugTarget() : null);
    }

    /** A kernel ran to its end: its output buffers appear in the Output Buffers view. */
    private void showOutputs(KernelProcess process) {
        Display display = window.getShell() == null || window.getShell().isDisposed() ? null : window.getShell().getDisplay();
        if (display == null) {
            return;
        }
        display.asyncExec(() -> {
            IWorkbenchPage page = window.getActivePage();
            if (page == null) {
                return;
            }
            try {
                ((KernelOutputsPart) page.showView(GpuMemoryViews.OUTPUT_BUFFERS, null, IWorkbenchPage.VIEW_VISIBLE)).show(process);
            } catch (PartInitException e) {
                Platform.getLog(DebugContextBridge.class).log(e.getStatus());
            }
        });
    }

    private static String launchName(IDebugTarget target) {
        ILaunchConfiguration configuration = target.getLaunch() == null ? null : target.getLaunch().getLaunchConfiguration();
        return configuration != null ? configuration.getName() : target.toString();
    }

    /**
     * The focus of {@code target} moved ({@link KernelFocus}): if the views show its stop, they
     * show the new focus; the Debug view selects the focused warp's top frame unless a frame of
     * that warp is selected (the selection the Variables view follows; the platform's own
     * selection policy never moves a selection between suspended threads, so the target's Debug
     * view proxy forces it, {@link KernelTargetProxies#select}).
     */
    private void followFocus(KernelDebugTarget target, CudaFocus focus) {
        GpuMemorySession session = GpuMemorySession.get();
        MemoryState state = Adapters.adapt(target, MemoryState.class);
        if (state != null && state == session.state()) {
            session.focus(Adapters.adapt(target, Context.class));
        }
        Display display = window.getShell() == null || window.getShell().isDisposed() ? null : window.getShell().getDisplay();
        if (display != null) {
            display.asyncExec(() -> selectInDebugView(target, focus));
        }
    }

    private void selectInDebugView(KernelDebugTarget target, CudaFocus focus) {
        WarpThread focused = target.thread(focus.lane().warp());
        PtxStackFrame top = focused == null ? null : focused.topFrame();
        Object selected = DebugUITools.getDebugContext();
        IStackFrame selectedFrame = Adapters.adapt(selected, IStackFrame.class);
        if (top == null || !focused.hasStackFrames() || !focus.equals(target.focus().current())
                || selectedFrame != null && selectedFrame.getThread() == focused) {
            return;
        }
        KernelTargetProxies.select(top);
        IStackFrame shown = GpuMemorySession.get().frame();
        if (shown != null && shown.getDebugTarget() == target && shown.getThread() != focused) {
            GpuMemorySession.get().showFrame(top);
        }
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        for (DebugEvent event : events) {
            if (event.getKind() == DebugEvent.CHANGE && event.getSource() instanceof KernelDebugTarget target
                    && event.getData() instanceof CudaFocus focus) {
                followFocus(target, focus);
            }
            if (event.getKind() == DebugEvent.SUSPEND && event.getSource() instanceof KernelDebugTarget target
                    && target.focus().current() != null) {
                // a stop moved the focus (to the warp that stopped) without a focus event; the
                // platform keeps a selected frame of another suspended warp, so it is moved here
                followFocus(target, target.focus().current());
            }
            if (event.getKind() == DebugEvent.TERMINATE && event.getSource() instanceof IDebugTarget target) {
                GpuMemorySession.get().ended(target, "The kernel of " + launchName(target) + " has terminated.");
            }
            if (event.getKind() == DebugEvent.TERMINATE && event.getSource() instanceof KernelProcess process
                    && !process.outputs().isEmpty()) {
                showOutputs(process);
            }
        }
        for (DebugEvent event : events) {
            if (event.getKind() == DebugEvent.SUSPEND || event.getKind() == DebugEvent.CHANGE
                    || event.getKind() == DebugEvent.TERMINATE) {
                GpuMemorySession.get().changed();
                return;
            }
        }
    }
}
