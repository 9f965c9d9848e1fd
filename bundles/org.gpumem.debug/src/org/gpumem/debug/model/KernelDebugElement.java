package org.gpumem.debug.model;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.DebugElement;
import org.eclipse.debug.core.model.IDebugTarget;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;

/** Common base of the gpumem debug elements: model identifier and access to the session. */
public abstract class KernelDebugElement extends DebugElement {

    protected KernelDebugElement(IDebugTarget target) {
        super(target);
    }

    @Override
    public String getModelIdentifier() {
        return KernelDebugIds.MODEL_ID;
    }

    /** The target this element belongs to. */
    public KernelDebugTarget kernelTarget() {
        return (KernelDebugTarget) getDebugTarget();
    }

    /**
     * Besides the platform's adapters: {@link MemoryState} (the current stop as a model state,
     * built when the kernel stopped, see {@link KernelDebugTarget#stopMemoryState()}) and
     * {@link Context} (the model context the element stands for, see {@link #modelContext}).
     * Neither touches the simulator, so any thread may ask.
     */
    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == MemoryState.class || adapter == Context.class) {
            StopMemoryState stop = kernelTarget().stopMemoryState();
            if (stop == null) {
                return null;
            }
            return adapter.cast(adapter == MemoryState.class ? stop.state() : modelContext(stop));
        }
        return super.getAdapter(adapter);
    }

    /** The model context this element stands for in {@code stop}, or null. */
    protected Context modelContext(StopMemoryState stop) {
        return null;
    }

    protected DebugSession session() {
        return kernelTarget().session();
    }

    protected static DebugException notSupported(String what) {
        return new DebugException(Status.error(what + " is not supported by the gpumem simulator"));
    }
}
