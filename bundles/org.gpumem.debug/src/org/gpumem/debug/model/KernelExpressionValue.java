package org.gpumem.debug.model;

import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.expr.ExpressionValue;

/**
 * The value of a watch expression, as the debug core's evaluator printed it (cuda-gdb's
 * printing: {@code {x = 1.5, y = 2}}, {@code (@shared int *) 0x10}), with the type's C name; a
 * struct, union or array value has its members or elements as child rows.
 */
public final class KernelExpressionValue extends KernelDebugElement implements IValue {
    private final ExpressionValue value;
    /** The child rows, made on the first ask (the view asks hasVariables, then getVariables). */
    private volatile IVariable[] parts;

    KernelExpressionValue(KernelDebugTarget target, ExpressionValue value) {
        super(target);
        this.value = value;
    }

    /** The evaluator's value. */
    public ExpressionValue value() {
        return value;
    }

    @Override
    public String getReferenceTypeName() {
        return value.typeName();
    }

    @Override
    public String getValueString() {
        return value.format();
    }

    @Override
    public boolean isAllocated() {
        return value.unavailable() == null;
    }

    /** The members of a struct or union, the elements of an array ({@link ExpressionValue#parts()}). */
    @Override
    public IVariable[] getVariables() {
        IVariable[] p = parts;
        if (p == null) {
            p = value.parts().stream().map(part -> new KernelExpressionPart(kernelTarget(), part)).toArray(IVariable[]::new);
            parts = p;
        }
        return p;
    }

    @Override
    public boolean hasVariables() {
        return getVariables().length > 0;
    }
}
