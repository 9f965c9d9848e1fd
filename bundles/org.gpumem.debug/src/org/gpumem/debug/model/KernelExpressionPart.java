package org.gpumem.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.expr.ExpressionValue;

/**
 * A member or element of a watch expression's struct, union or array value
 * ({@link ExpressionValue#parts()}): the child rows the Expressions view shows under it, as the
 * Variables view shows a variable's. Read-only: the value was computed at the stop.
 */
public final class KernelExpressionPart extends KernelDebugElement implements IVariable {
    private final ExpressionValue.Part part;
    /** One value, whose own parts are then made once however often the view asks. */
    private final KernelExpressionValue value;

    KernelExpressionPart(KernelDebugTarget target, ExpressionValue.Part part) {
        super(target);
        this.part = part;
        this.value = new KernelExpressionValue(target, part.value());
    }

    @Override
    public IValue getValue() {
        return value;
    }

    @Override
    public String getName() {
        return part.name();
    }

    @Override
    public String getReferenceTypeName() {
        return part.value().typeName();
    }

    @Override
    public boolean hasValueChanged() {
        return false;
    }

    @Override
    public boolean supportsValueModification() {
        return false;
    }

    @Override
    public boolean verifyValue(String expression) {
        return false;
    }

    @Override
    public boolean verifyValue(IValue value) {
        return false;
    }

    @Override
    public void setValue(String expression) throws DebugException {
        throw notSupported("changing a part of an expression's value");
    }

    @Override
    public void setValue(IValue value) throws DebugException {
        throw notSupported("changing a part of an expression's value");
    }
}
