package org.gpumem.debug.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IRegisterGroup;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.debug.core.model.IVariable;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.Context;
import org.gpumem.model.Scope;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.debug.CallFrame;

/**
 * One activation of the PTX call stack of a warp: the kernel or a device function, with the
 * source file and line of its next instruction from {@code .loc} (the PTX line when the PTX
 * has no line information). Its variables are those the DWARF in the PTX declares for the
 * function, read for the warp's focused lane, plus a {@code (lane)} variable that selects
 * that lane.
 *
 * <p>Threads: the variables are read from the stopped simulator through
 * {@code DebugSession.query}, which never waits for a running kernel, and are cached until the
 * next stop or lane change.
 */
public final class PtxStackFrame extends KernelDebugElement implements IStackFrame {
    private final WarpThread thread;
    private volatile CallFrame frame;
    private List<IVariable> variables;
    private long variablesGeneration = -1;
    private int variablesLane = -1;
    /**
     * The focused lane's variable bytes as last read at an earlier stop, by name: what
     * {@link KernelVariable#hasValueChanged()} compares with (changes since the previous suspend).
     */
    private Map<String, byte[]> previousStop = Map.of();

    PtxStackFrame(WarpThread thread, CallFrame frame) {
        super(thread.getDebugTarget());
        this.thread = thread;
        this.frame = frame;
    }

    void update(CallFrame f) {
        frame = f;
    }

    /** The PTX activation this frame shows. */
    public CallFrame callFrame() {
        return frame;
    }

    synchronized void invalidateVariables() {
        variables = null;
    }

    @Override
    public IThread getThread() {
        return thread;
    }

    /** The lane whose values the variables show. */
    public int lane() {
        return thread.focusedLane();
    }

    /** The focused lane. */
    @Override
    protected Context modelContext(StopMemoryState stop) {
        return stop.context(Scope.LANE, thread.lane());
    }

    @Override
    public synchronized IVariable[] getVariables() throws DebugException {
        long generation = thread.generation();
        int lane = lane();
        if (variables == null || variablesGeneration != generation || variablesLane != lane) {
            CallFrame f = frame;
            List<VariableValue> values = SessionCalls.query(session(), e -> e.variables(thread.warpId(), f.level(), lane));
            if (variablesLane != lane) {
                previousStop = Map.of();
            } else if (variables != null && variablesGeneration != generation) {
                previousStop = bytesByName(variables);
            }
            List<IVariable> list = new ArrayList<>();
            list.add(new LaneVariable(this));
            for (VariableValue v : values) {
                list.add(new KernelVariable(this, v, previousStop.get(v.name())));
            }
            variables = list;
            variablesGeneration = generation;
            variablesLane = lane;
        }
        return variables.toArray(new IVariable[0]);
    }

    private static Map<String, byte[]> bytesByName(List<IVariable> variables) {
        Map<String, byte[]> bytes = new HashMap<>();
        for (IVariable v : variables) {
            if (v instanceof KernelVariable k && k.variable().bytes() != null) {
                bytes.put(k.getName(), k.variable().bytes());
            }
        }
        return bytes;
    }

    /** The frame's variable named {@code name}, or null. */
    public KernelVariable variable(String name) throws DebugException {
        for (IVariable v : getVariables()) {
            if (v instanceof KernelVariable k && k.getName().equals(name)) {
                return k;
            }
        }
        return null;
    }

    @Override
    public boolean hasVariables() {
        return true;
    }

    @Override
    public int getLineNumber() {
        CallFrame f = frame;
        return f.source() != null ? f.source().line() : f.ptxLine();
    }

    /** The source position, or null when the PTX has no {@code .loc} for this instruction. */
    public SourceLocation sourceLocation() {
        return frame.source();
    }

    /** The PTX line of the next instruction. */
    public int ptxLine() {
        return frame.ptxLine();
    }

    @Override
    public int getCharStart() {
        return -1;
    }

    @Override
    public int getCharEnd() {
        return -1;
    }

    @Override
    public String getName() {
        CallFrame f = frame;
        // a mangled name demangles with its parameter list; an extern "C" one gets "()"
        String demangled = ItaniumDemangler.demangle(f.function());
        StringBuilder sb = new StringBuilder(demangled != null ? demangled : f.function() + "()");
        if (f.source() != null) {
            String file = f.source().file();
            int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
            sb.append(" at ").append(file.substring(slash + 1)).append(':').append(f.source().line());
        }
        sb.append(" [PTX line ").append(f.ptxLine()).append(']');
        return sb.toString();
    }

    @Override
    public IRegisterGroup[] getRegisterGroups() {
        return new IRegisterGroup[0];
    }

    @Override
    public boolean hasRegisterGroups() {
        return false;
    }

    @Override
    public boolean canStepInto() {
        return thread.canStepInto();
    }

    @Override
    public boolean canStepOver() {
        return thread.canStepOver();
    }

    @Override
    public boolean canStepReturn() {
        return thread.canStepReturn();
    }

    @Override
    public boolean isStepping() {
        return false;
    }

    @Override
    public void stepInto() throws DebugException {
        thread.stepInto();
    }

    @Override
    public void stepOver() throws DebugException {
        thread.stepOver();
    }

    @Override
    public void stepReturn() throws DebugException {
        thread.stepReturn();
    }

    @Override
    public boolean canResume() {
        return thread.canResume();
    }

    @Override
    public boolean canSuspend() {
        return thread.canSuspend();
    }

    @Override
    public boolean isSuspended() {
        return thread.isSuspended();
    }

    @Override
    public void resume() throws DebugException {
        thread.resume();
    }

    @Override
    public void suspend() throws DebugException {
        thread.suspend();
    }

    @Override
    public boolean canTerminate() {
        return thread.canTerminate();
    }

    @Override
    public boolean isTerminated() {
        return thread.isTerminated();
    }

    @Override
    public void terminate() throws DebugException {
        thread.terminate();
    }
}
