package org.gpumem.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.ValueFormat;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.addressing.SpaceOffset;

/**
 * The value of a {@link KernelVariable}: a scalar printed by its DWARF base type, an array
 * with one child per element, or a pointer printed with the space its address falls into
 * ({@code 0x... -> local +0x0}) when the pointer is generic, by the windows of the engine's
 * address spaces.
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

    /** Which space a pointer value reaches: for windowed (generic) pointers, the window it falls into. */
    private String resolve(String pointee, long address) {
        try {
            SpaceOffset at = AddressResolver.throughWindows(AddressSpaces.require(variable.kernelTarget().engineTarget(),
                    pointee), address);
            return at.space().getName() + " +0x" + Long.toHexString(at.offset());
        } catch (AddressingException e) {
            return pointee + " +0x" + Long.toHexString(address) + " (" + e.getMessage() + ")";
        }
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
