package org.gpumem.debug.model;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.DebugElement;
import org.eclipse.debug.core.model.IDebugTarget;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.engine.DebugSession;

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

    protected DebugSession session() {
        return kernelTarget().session();
    }

    protected static DebugException notSupported(String what) {
        return new DebugException(Status.error(what + " is not supported by the gpumem simulator"));
    }
}
