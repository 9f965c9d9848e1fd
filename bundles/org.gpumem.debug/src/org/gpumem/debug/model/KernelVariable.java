package org.gpumem.debug.model;

import java.util.Arrays;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.ValueFormat;
import org.gpumem.debug.core.VariableValue.Element;
import org.gpumem.debug.core.VariableValue.Location;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * A variable of a frame (or one element of an array variable), decoded from the DWARF in the
 * PTX. Its bytes were read through its (context, address space, offset) location;
 * {@link #location()} says where, e.g. {@code shared [CTA (1,0,0)] +0x40}, and the model
 * presentation shows it beside the value. Scalars in memory can be changed; the new bytes are
 * written to the simulator.
 */
public final class KernelVariable extends KernelDebugElement implements IVariable {
    private final PtxStackFrame frame;
    private final VariableValue variable;
    /** Element index for an element of an array, -1 for the variable itself. */
    private final int index;
    /** The whole variable's bytes at the previous stop, or null when unknown. */
    private final byte[] previousStop;

    /**
     * @param previousStop the variable's bytes when the frame was last read at an earlier stop,
     *        for the same lane (null when not known)
     */
    KernelVariable(PtxStackFrame frame, VariableValue variable, byte[] previousStop) {
        this(frame, variable, -1, previousStop);
    }

    private KernelVariable(PtxStackFrame frame, VariableValue variable, int index, byte[] previousStop) {
        super(frame.getDebugTarget());
        this.frame = frame;
        this.variable = variable;
        this.index = index;
        this.previousStop = previousStop;
    }

    /** The frame the variable belongs to. */
    public PtxStackFrame frame() {
        return frame;
    }

    /** What DWARF and the simulator said about the whole variable. */
    public VariableValue variable() {
        return variable;
    }

    /** Element {@code i} of an array variable. */
    KernelVariable element(int i) {
        return new KernelVariable(frame, variable, i, previousStop);
    }

    boolean isArray() {
        return index < 0 && variable.count() > 1;
    }

    /** The expression of the debug core's evaluator that designates this variable or element: {@code stage}, {@code stage[5]}. */
    public String expression() {
        return index < 0 ? variable.name() : variable.name() + "[" + index + "]";
    }

    /** The memory location of this variable or element, or null when it lives in a register. */
    public Location memoryLocation() {
        Location l = variable.location();
        if (l == null || index < 0) {
            return l;
        }
        return new Location(l.space(), l.lane(), l.offset() + (long) index * variable.element().size());
    }

    /** Where the value lives: {@code shared [CTA (1,0,0)] +0x40} or {@code register %r5}. */
    public String location() {
        Location l = memoryLocation();
        if (l != null) {
            return l.describe(kernelTarget().engineTarget());
        }
        return variable.register() != null
                ? "register " + variable.register() + " [" + ((WarpThread) frame.getThread()).lane().describe(Scope.LANE) + "]"
                : "no location";
    }

    /** The address space name of the location, or {@code register}. */
    public String spaceName() {
        Location l = memoryLocation();
        return l != null ? l.space() : "register";
    }

    /** The bytes of this variable or element, little-endian; null when unavailable. */
    public byte[] bytes() {
        byte[] all = variable.bytes();
        if (all == null || index < 0) {
            return all;
        }
        int size = variable.element().size();
        return Arrays.copyOfRange(all, index * size, index * size + size);
    }

    @Override
    public IValue getValue() {
        return new KernelValue(this);
    }

    @Override
    public String getName() {
        return index < 0 ? variable.name() : "[" + index + "]";
    }

    @Override
    public String getReferenceTypeName() {
        if (index < 0) {
            return variable.type();
        }
        String t = variable.type();
        int bracket = t.indexOf('[');
        return bracket > 0 ? t.substring(0, bracket) : t;
    }

    /** Whether the value differs from the previous stop's (both known, same lane). */
    @Override
    public boolean hasValueChanged() {
        byte[] now = variable.bytes();
        if (previousStop == null || now == null || previousStop.length != now.length) {
            return false;
        }
        if (index < 0) {
            return !Arrays.equals(previousStop, now);
        }
        int size = variable.element().size();
        return !Arrays.equals(previousStop, index * size, index * size + size, now, index * size, index * size + size);
    }

    @Override
    public boolean supportsValueModification() {
        Location l = memoryLocation();
        return l != null && !isArray() && variable.bytes() != null
                && variable.element().encoding() != VariableValue.Encoding.OTHER
                && !AddressSpaces.require(kernelTarget().engineTarget(), l.space()).isReadOnly();
    }

    @Override
    public boolean verifyValue(String expression) {
        try {
            ValueFormat.parse(expression, variable.element());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Override
    public boolean verifyValue(IValue value) throws DebugException {
        return verifyValue(value.getValueString());
    }

    @Override
    public void setValue(String expression) throws DebugException {
        Location l = memoryLocation();
        if (!supportsValueModification()) {
            throw notSupported("changing " + getName() + " (" + location() + ")");
        }
        Element element = variable.element();
        byte[] bytes;
        try {
            bytes = ValueFormat.parse(expression, element);
        } catch (NumberFormatException e) {
            throw new DebugException(Status.error("not a value of type " + getReferenceTypeName() + ": " + expression, e));
        }
        StopMemoryState stop = kernelTarget().stopMemoryState();
        org.gpumem.model.Location at = stop == null ? null : stop.location(l.space(), l.lane(), l.offset());
        if (at == null) {
            throw new DebugException(Status.error("cannot change " + getName() + ": the kernel is not stopped with it resident"));
        }
        try {
            stop.write(at.getSpace(), at.getContext(), at.getOffset(), bytes);
        } catch (NotStoppedException e) {
            throw SessionCalls.notStopped(e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(Status.error("cannot change " + getName() + ": " + e.getMessage(), e));
        }
        frame.invalidateVariables();
        frame.fireChangeEvent(DebugEvent.CONTENT);
    }

    @Override
    public void setValue(IValue value) throws DebugException {
        setValue(value.getValueString());
    }
}
