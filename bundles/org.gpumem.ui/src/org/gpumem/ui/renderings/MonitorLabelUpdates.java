package org.gpumem.ui.renderings;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.model.IMemoryBlockRetrieval;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IModelDelta;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IModelProxy;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IModelProxyFactory;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IPresentationContext;
import org.eclipse.debug.internal.ui.viewers.model.provisional.ModelDelta;
import org.eclipse.debug.internal.ui.viewers.update.DefaultModelProxyFactory;
import org.eclipse.debug.internal.ui.viewers.update.MemoryRetrievalProxy;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.model.KernelDebugTarget;

/**
 * Keeps the labels of gpumem blocks in the Memory view's Monitors pane true when a block moves
 * to another CTA or lane (the CUDA focus). The platform's proxy for that pane only announces
 * blocks added and removed, so a relabelled block kept its old context there; this proxy, for
 * kernel debug targets, also announces a block whose content changed as a label (state) change.
 * Every other view gets the platform's own proxies.
 */
@SuppressWarnings("restriction")
public final class MonitorLabelUpdates implements IAdapterFactory {

    private static final IModelProxyFactory PLATFORM = new DefaultModelProxyFactory();

    private static final IModelProxyFactory PROXIES = (element, context) ->
            IDebugUIConstants.ID_MEMORY_VIEW.equals(context.getId()) && element instanceof KernelDebugTarget target
                    ? new RelabellingProxy(target) : PLATFORM.createModelProxy(element, context);

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        return adapterType == IModelProxyFactory.class && adaptable instanceof KernelDebugTarget
                ? adapterType.cast(PROXIES) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IModelProxyFactory.class};
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
