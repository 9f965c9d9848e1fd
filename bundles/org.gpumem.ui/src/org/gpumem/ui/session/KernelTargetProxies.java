package org.gpumem.ui.session;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IMemoryBlockRetrieval;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IModelDelta;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IModelProxyFactory;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IPresentationContext;
import org.eclipse.debug.internal.ui.viewers.model.provisional.ModelDelta;
import org.eclipse.debug.internal.ui.viewers.update.DebugTargetProxy;
import org.eclipse.debug.internal.ui.viewers.update.DefaultModelProxyFactory;
import org.eclipse.debug.internal.ui.viewers.update.MemoryRetrievalProxy;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchWindow;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.model.WarpThread;

/**
 * The model proxies of a kernel debug target, which tell the platform's tree viewers what changed.
 * In the Debug view: the platform's proxy, through which {@link #select} selects a warp's frame
 * as the model itself does at a stop (a delta expanding the warp and selecting the frame), forced
 * past the platform's selection policy, which keeps a selected frame of another suspended thread.
 * A selection set on the viewer instead fails while a collapsed warp's frames are not fetched
 * yet, and then the viewer announces its old selection again. In the Memory view's Monitors
 * pane: the platform's proxy, which only announces blocks added and removed, plus a label (state)
 * change of a block whose content changed, so that a block moved to another CTA or lane (the CUDA
 * focus) shows its new context. Every other view gets the platform's own proxies. The first
 * Debug view proxy of a window installs the {@link DebugContextBridge} there.
 */
@SuppressWarnings("restriction")
public final class KernelTargetProxies implements IAdapterFactory {

    private static final IModelProxyFactory PLATFORM = new DefaultModelProxyFactory();

    /** The Debug view proxies installed now, of every window (any thread). */
    private static final Set<SelectingProxy> DEBUG_VIEW = ConcurrentHashMap.newKeySet();

    private static final IModelProxyFactory PROXIES = (element, context) -> {
        if (element instanceof KernelDebugTarget target && IDebugUIConstants.ID_MEMORY_VIEW.equals(context.getId())) {
            return new RelabellingProxy(target);
        }
        if (element instanceof KernelDebugTarget target && IDebugUIConstants.ID_DEBUG_VIEW.equals(context.getId())) {
            return new SelectingProxy(target);
        }
        return PLATFORM.createModelProxy(element, context);
    };

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        return adapterType == IModelProxyFactory.class && adaptable instanceof KernelDebugTarget
                ? adapterType.cast(PROXIES) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IModelProxyFactory.class};
    }

    /**
     * Selects {@code frame}, the top frame of its warp, in every Debug view that shows its target:
     * its warp expanded, its frames fetched if they were not, the selection forced.
     */
    static void select(PtxStackFrame frame) {
        for (SelectingProxy proxy : DEBUG_VIEW) {
            if (proxy.target == frame.getDebugTarget()) {
                proxy.select(frame);
            }
        }
    }

    /** The platform's Debug view proxy of a debug target, which also selects a frame on request. */
    private static final class SelectingProxy extends DebugTargetProxy {
        private final KernelDebugTarget target;

        SelectingProxy(KernelDebugTarget target) {
            super(target);
            this.target = target;
        }

        @Override
        public void init(IPresentationContext context) {
            super.init(context);
            DEBUG_VIEW.add(this);
            // the Debug view shows a kernel: its selection and the CUDA focus follow each other
            // from now on, also in a window where no gpumem view has been opened yet
            IWorkbenchWindow window = context.getWindow();
            Display display = window == null ? null : window.getWorkbench().getDisplay();
            if (display != null && !display.isDisposed()) {
                display.asyncExec(() -> DebugContextBridge.install(window));
            }
        }

        @Override
        public synchronized void dispose() {
            DEBUG_VIEW.remove(this);
            super.dispose();
        }

        /** The delta the platform's thread handler fires at a stop, with the selection forced. */
        void select(PtxStackFrame frame) {
            ILaunch launch = target.getLaunch();
            if (isDisposed() || launch == null) {
                return;
            }
            ModelDelta root = new ModelDelta(DebugPlugin.getDefault().getLaunchManager(), IModelDelta.NO_CHANGE);
            ModelDelta launchNode = root.addNode(launch, indexOf(DebugPlugin.getDefault().getLaunchManager().getLaunches(),
                    launch), IModelDelta.NO_CHANGE, launch.getChildren().length);
            ModelDelta targetNode = launchNode.addNode(target, indexOf(launch.getChildren(), target), IModelDelta.NO_CHANGE,
                    target.getThreads().length);
            WarpThread warp = (WarpThread) frame.getThread();
            ModelDelta threadNode = targetNode.addNode(warp, indexOf(target.getThreads(), warp),
                    IModelDelta.NO_CHANGE | IModelDelta.EXPAND, warp.getStackFrames().length);
            threadNode.addNode(frame, 0, IModelDelta.NO_CHANGE | IModelDelta.SELECT | IModelDelta.FORCE, 0);
            fireModelChanged(root);
        }
    }

    /** The platform's Monitors-pane proxy, plus label updates of the target's blocks. */
    private static final class RelabellingProxy extends MemoryRetrievalProxy implements IDebugEventSetListener {
        private final IMemoryBlockRetrieval retrieval;

        RelabellingProxy(IMemoryBlockRetrieval retrieval) {
            super(retrieval);
            this.retrieval = retrieval;
        }

        @Override
        public void init(IPresentationContext context) {
            super.init(context);
            DebugPlugin.getDefault().addDebugEventListener(this);
        }

        @Override
        public synchronized void dispose() {
            DebugPlugin.getDefault().removeDebugEventListener(this);
            super.dispose();
        }

        @Override
        public void handleDebugEvents(DebugEvent[] events) {
            ModelDelta delta = new ModelDelta(retrieval, IModelDelta.NO_CHANGE);
            boolean relabelled = false;
            for (DebugEvent e : events) {
                if (e.getKind() == DebugEvent.CHANGE && e.getSource() instanceof SpaceMemoryBlock block
                        && block.getMemoryBlockRetrieval() == retrieval) {
                    delta.addNode(block, IModelDelta.STATE);
                    relabelled = true;
                }
            }
            if (relabelled && !isDisposed()) {
                fireModelChanged(delta);
            }
        }
    }
}
