package org.gpumem.debug.model;

import org.gpumem.debug.core.CudaFocus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.WarpStatus;

/**
 * The {@code (lane)} entry of every frame: the lane whose values the frame's variables show, with
 * its thread's coordinates. Changing it (in the Variables view) focuses another lane of the warp
 * ({@link KernelFocus}).
 */
public final class LaneVariable extends KernelDebugElement implements IVariable {
    /** Name shown in the Variables view. */
    public static final String NAME = "(lane)";

    private final PtxStackFrame frame;

    LaneVariable(PtxStackFrame frame) {
        super(frame.getDebugTarget());
        this.frame = frame;
    }

    @Override
    public IValue getValue() {
        WarpThread thread = (WarpThread) frame.getThread();
        WarpStatus s = thread.status();
        String text = Integer.toString(thread.focusedLane());
        if (s != null && kernelTarget().block() != null) {
            CudaFocus lane = CudaFocus.of(thread.lane(), kernelTarget().block(), kernelTarget().engineTarget());
            text += String.format(" (thread %s of %s; active lanes 0x%08x)", lane.thread(),
                    thread.lane().describe(org.gpumem.model.Scope.WORK_GROUP), s.activeMask());
        }
        return new LaneValue(this, text);
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getReferenceTypeName() {
        return "lane";
    }

    @Override
    public boolean hasValueChanged() {
        return false;
    }

    @Override
    public boolean supportsValueModification() {
        return true;
    }

    @Override
    public boolean verifyValue(String expression) {
        try {
            int lane = Integer.parseInt(expression.trim());
            return lane >= 0 && lane < lanes();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Lanes of a warp: the engine target's subgroup size. */
    private int lanes() {
        return kernelTarget().engineTarget().getSubgroupSize();
    }

    @Override
    public boolean verifyValue(IValue value) throws DebugException {
        return verifyValue(value.getValueString());
    }

    @Override
    public void setValue(String expression) throws DebugException {
        if (!verifyValue(expression)) {
            throw new DebugException(Status.error("a lane is a number from 0 to " + (lanes() - 1) + ": " + expression));
        }
        ((WarpThread) frame.getThread()).setFocusedLane(Integer.parseInt(expression.trim()));
    }

    @Override
    public void setValue(IValue value) throws DebugException {
        setValue(value.getValueString().split(" ")[0]);
    }

    /** The displayed value of the lane variable. */
    private static final class LaneValue extends KernelDebugElement implements IValue {
        private final String text;

        LaneValue(LaneVariable variable, String text) {
            super(variable.getDebugTarget());
            this.text = text;
        }

        @Override
        public String getReferenceTypeName() {
            return "lane";
        }

        @Override
        public String getValueString() {
            return text;
        }

        @Override
        public boolean isAllocated() {
            return true;
        }

        @Override
        public IVariable[] getVariables() {
            return new IVariable[0];
        }

        @Override
        public boolean hasVariables() {
            return false;
        }
    }
}
