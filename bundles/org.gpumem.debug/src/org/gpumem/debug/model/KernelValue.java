package org.gpumem.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.engine.MemorySpace;
import org.gpumem.debug.engine.VariableValue;

/**
 * The value of a {@link KernelVariable}: a scalar printed by its DWARF base type, an array
 * with one child per element, or a pointer printed with the space its address falls into
 * ({@code 0x7f0100000000 -> local +0x0}) when the pointer is generic.
 */
public final class KernelValue extends KernelDebugElement implements IValue {
    private final KernelVariable variable;

    KernelValue(KernelVariable variable) {
        super(variable.getDebugTarget());
        this.variable = variable;
    }

    /** The variable (or array element) this is the value of. */
    public KernelVariable variable() {
        return variable;
    }

    @Override
    public String getReferenceTypeName() {
        return variable.getReferenceTypeName();
    }

    @Override
    public String getValueString() throws DebugException {
        VariableValue v = variable.variable();
        if (v.problem() != null) {
            return "<" + v.problem() + ">";
        }
        if (variable.isArray()) {
            return variable.getReferenceTypeName();
        }
        byte[] bytes = variable.bytes();
        String text = ValueFormat.format(bytes, v.element(), 0);
        if (v.element().encoding() == VariableValue.Encoding.POINTER && bytes != null && v.pointee() != null) {
            text += " -> " + resolve(v.pointee(), ValueFormat.bits(bytes, v.element(), 0));
        }
        return text;
    }

    /** Which space a pointer value reaches: for generic pointers, the window it falls into. */
    private String resolve(MemorySpace pointee, long address) throws DebugException {
        if (pointee != MemorySpace.GENERIC) {
            return pointee.spaceName() + " +0x" + Long.toHexString(address);
        }
        return variable.kernelTarget().session().query(e -> {
            MemorySpace space = e.resolveGeneric(address);
            long base = e.toGeneric(space, 0);
            return space.spaceName() + " +0x" + Long.toHexString(base < 0 ? address : address - base);
        });
    }

    @Override
    public boolean isAllocated() {
        return variable.bytes() != null;
    }

    @Override
    public IVariable[] getVariables() {
        if (!variable.isArray()) {
            return new IVariable[0];
        }
        int count = variable.variable().count();
        IVariable[] elements = new IVariable[count];
        for (int i = 0; i < count; i++) {
            elements[i] = variable.element(i);
        }
        return elements;
    }

    @Override
    public boolean hasVariables() {
        return variable.isArray();
    }
}
