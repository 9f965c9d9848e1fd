package org.gpumem.debug.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.model.MemoryState;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.debug.StepScope;
import org.gpumem.sim.debug.StepUnit;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.Dim3;
import org.gpumem.sim.exec.LaunchResult;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.WarpState;
import org.gpumem.sim.launch.PreparedLaunch;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.LocalLayout;
import org.gpumem.sim.memory.MemoryAccessException;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.SourceLocation;

/**
 * {@link KernelEngine} over the simulator's debug API ({@code org.gpumem.sim.debug}). The
 * simulator keeps one CTA resident at a time (in linear order), so the warps are those of the
 * resident CTA, and contexts naming another CTA are refused. Source-line steps "into" and
 * "return" are built from single-instruction steps of the warp.
 */
public final class SimulatorEngine implements KernelEngine {
    private final PreparedLaunch prepared;
    private final Path modulePath;
    private final org.gpumem.sim.debug.DebugSession sim;
    private final FrameVariables variables;
    private volatile boolean suspendRequested;
    private boolean terminated;

    /**
     * @param prepared the launch, loaded and with its buffers filled
     * @param budget   most warp instructions before the session stops with a budget fault
     */
    public SimulatorEngine(PreparedLaunch prepared, long budget) {
        this.prepared = prepared;
        this.modulePath = prepared.description().module().toAbsolutePath().normalize();
        this.sim = new org.gpumem.sim.debug.DebugSession(prepared.deviceModule().launch(prepared.config(),
                org.gpumem.sim.debug.DebugSession.options(budget)));
        this.variables = new FrameVariables(prepared.deviceModule());
    }

    /** The prepared launch (buffers, description). */
    public PreparedLaunch prepared() {
        return prepared;
    }

    /** The simulator session, for tests that compare with what the simulator holds. */
    public org.gpumem.sim.debug.DebugSession simulator() {
        return sim;
    }

    @Override
    public List<BreakpointLine> setBreakpoints(List<BreakpointLine> lines) {
        for (Breakpoint b : sim.breakpoints()) {
            sim.removeBreakpoint(b);
        }
        List<BreakpointLine> resolved = new ArrayList<>();
        for (BreakpointLine line : lines) {
            Breakpoint b;
            if (line.ptx()) {
                if (!line.file().toAbsolutePath().normalize().equals(modulePath)) {
                    continue;
                }
                b = sim.addPtxBreakpoint(line.line());
            } else {
                b = sim.addSourceBreakpoint(line.file().toString(), line.line());
                if (b.sites().isEmpty() && line.file().getFileName() != null) {
                    sim.removeBreakpoint(b);
                    b = sim.addSourceBreakpoint(line.file().getFileName().toString(), line.line());
                }
            }
            if (b.sites().isEmpty()) {
                sim.removeBreakpoint(b);
            } else {
                resolved.add(line);
            }
        }
        return resolved;
    }

    @Override
    public Stop resume() {
        checkLive();
        suspendRequested = false;
        return toStop(sim.resume());
    }

    @Override
    public Stop step(WarpId warp, StepKind kind) {
        checkLive();
        Warp w = warp(warp);
        sim.selectWarp(warp.warp());
        suspendRequested = false;
        if (kind == StepKind.OVER) {
            return toStop(sim.step(StepScope.WARP, StepUnit.SOURCE_LINE));
        }
        int depth = w.depth();
        SourceLocation start = w.sourceLocation();
        while (true) {
            DebugEvent e = sim.step(StepScope.WARP, StepUnit.INSTRUCTION);
            if (e.kind() != DebugEvent.Kind.SUSPENDED_STEP) {
                return toStop(e);
            }
            if (sim.cta() != w.cta() || w.state() == WarpState.EXITED) {
                return toStop(e);
            }
            if (suspendRequested) {
                suspendRequested = false;
                return new Stop(StopReason.SUSPEND, warp, null);
            }
            if (w.state() != WarpState.READY) {
                continue;
            }
            SourceLocation now = w.sourceLocation();
            boolean done = kind == StepKind.RETURN ? w.depth() < depth
                    : w.depth() < depth || now != null && (w.depth() > depth || start == null || now.line() != start.line()
                            || !now.file().equals(start.file()));
            if (done) {
                return new Stop(StopReason.STEP, warp, null);
            }
        }
    }

    @Override
    public void requestSuspend() {
        suspendRequested = true;
        sim.suspend();
    }

    @Override
    public void terminate() {
        terminated = true;
    }

    @Override
    public LaunchResult result() {
        return sim.result();
    }

    private void checkLive() {
        if (terminated || sim.isTerminated()) {
            throw new IllegalStateException("the launch has ended");
        }
    }

    private Stop toStop(DebugEvent e) {
        WarpId warp = e.warp() == null ? null : new WarpId(e.cta().index(), e.warp().id());
        switch (e.kind()) {
            case SUSPENDED_BREAKPOINT:
                return new Stop(StopReason.BREAKPOINT, warp, null);
            case SUSPENDED_STEP:
                return new Stop(StopReason.STEP, warp, null);
            case SUSPENDED_REQUEST:
                return new Stop(StopReason.SUSPEND, warp, null);
            case FAULT:
                return new Stop(StopReason.FAULT, faultWarp(e, warp), e.fault());
            default:
                return new Stop(StopReason.EXITED, null, null);
        }
    }

    /** The warp the fault report names (the one that faulted), else the event's warp. */
    private static WarpId faultWarp(DebugEvent e, WarpId fallback) {
        if (e.fault() != null && e.fault().cta() != null && e.fault().warp() >= 0) {
            return new WarpId(e.fault().cta(), e.fault().warp());
        }
        return fallback;
    }

    // ------------------------------------------------------------------ state

    @Override
    public List<WarpStatus> warps() {
        Cta cta = sim.cta();
        List<WarpStatus> out = new ArrayList<>();
        if (terminated) {
            return out;
        }
        for (int i = 0; i < cta.warpCount(); i++) {
            Warp w = cta.warp(i);
            List<CallFrame> frames = new ArrayList<>();
            for (int level = w.depth() - 1; level >= 0; level--) {
                PtxFunction f = w.function(level);
                int pc = w.pc(level);
                Instruction in = pc >= 0 && pc < f.instructions().size() ? f.instructions().get(pc) : null;
                frames.add(new CallFrame(level, f.name(), in == null ? f.line() : in.line, in == null ? null : in.location,
                        in == null ? null : in.text));
            }
            out.add(new WarpStatus(new WarpId(cta.index(), i), w.state(), w.validMask(), w.liveMask(), w.activeMask(), frames));
        }
        return out;
    }

    /** The warp a context names; it must be in the resident CTA. */
    Warp warp(WarpId id) {
        Cta cta = sim.cta();
        if (!cta.index().equals(id.cta())) {
            throw new IllegalArgumentException(WarpId.ctaLabel(id.cta()) + " is not resident (the simulator runs "
                    + WarpId.ctaLabel(cta.index()) + ")");
        }
        if (id.warp() < 0 || id.warp() >= cta.warpCount()) {
            throw new IllegalArgumentException(id.label() + " does not exist (the CTA has " + cta.warpCount() + " warps)");
        }
        return cta.warp(id.warp());
    }

    @Override
    public List<VariableValue> variables(WarpId warp, int level, int lane) {
        Warp w = warp(warp);
        if (level < 0 || level >= w.depth()) {
            throw new IllegalArgumentException(warp.label() + " has no frame " + level);
        }
        if (variables.problem() != null) {
            throw new IllegalArgumentException(variables.problem());
        }
        MemoryContext context = new MemoryContext(warp, lane);
        List<VariableValue> out = new ArrayList<>();
        for (FrameVariable v : variables.bind(sim, w, level, lane)) {
            out.add(value(v, context));
        }
        return out;
    }

    /** The debug model's view of a bound variable; types it cannot print keep their location unshown. */
    private static VariableValue value(FrameVariable v, MemoryContext context) {
        VariableType type = v.type();
        VariableValue.Element element = new VariableValue.Element(VariableValue.Encoding.valueOf(type.encoding().name()),
                type.elementSize());
        int count = (int) Math.min(type.count(), Integer.MAX_VALUE);
        MemorySpace pointee = type.pointee() != null ? MemorySpace.of(type.pointee()) : null;
        if (v.problem() != null && !(v.location() instanceof FrameVariable.Register)) {
            return new VariableValue(v.name(), type.name(), v.parameter(), null, null, null, element, count, pointee,
                    v.problem());
        }
        if (type.encoding() == VariableType.Encoding.OTHER) {
            return new VariableValue(v.name(), type.name(), v.parameter(), null, null, null, element, count, pointee,
                    "type " + type.name() + " is not decoded");
        }
        if (v.location() instanceof FrameVariable.Memory m) {
            VariableValue.Location location = new VariableValue.Location(MemorySpace.of(m.space()), context, m.offset());
            return new VariableValue(v.name(), type.name(), v.parameter(), location, null, v.bytes(), element, count,
                    pointee, null);
        }
        String register = v.location() instanceof FrameVariable.Register r ? r.name() : null;
        return new VariableValue(v.name(), type.name(), v.parameter(), null, register, v.bytes(), element, count, pointee,
                v.problem());
    }

    // ------------------------------------------------------------------ memory

    @Override
    public byte[] read(MemorySpace space, MemoryContext context, long offset, int length) {
        checkRange(space, context, offset, length);
        if (space == MemorySpace.LOCAL_WARP) {
            byte[] storage = warp(context.warp()).localStorage();
            byte[] out = new byte[length];
            System.arraycopy(storage, (int) offset, out, 0, length);
            return out;
        }
        int warp = needsWarp(space) ? warp(context.warp()).id() : 0;
        try {
            return sim.read(space.simSpace(), offset, length, warp, context.lane());
        } catch (MemoryAccessException e) {
            throw new IllegalArgumentException(space.spaceName() + " [" + context.describe(space) + "]: " + e.getMessage(), e);
        }
    }

    @Override
    public void write(MemorySpace space, MemoryContext context, long offset, byte[] bytes) {
        checkRange(space, context, offset, bytes.length);
        if (space == MemorySpace.LOCAL_WARP) {
            Warp w = warp(context.warp());
            for (int i = 0; i < bytes.length; i++) {
                long physical = offset + i;
                int lane = (int) (physical / LocalLayout.WORD % LocalLayout.LANES);
                long laneOffset = physical / (LocalLayout.WORD * LocalLayout.LANES) * LocalLayout.WORD + physical % LocalLayout.WORD;
                w.writeLocal(lane, laneOffset, new byte[] {bytes[i]});
            }
            return;
        }
        int warp = needsWarp(space) ? warp(context.warp()).id() : 0;
        try {
            sim.write(space.simSpace(), offset, bytes, warp, context.lane());
        } catch (MemoryAccessException e) {
            throw new IllegalArgumentException(space.spaceName() + " [" + context.describe(space) + "]: " + e.getMessage(), e);
        }
    }

    private boolean needsWarp(MemorySpace space) {
        return space == MemorySpace.LOCAL || space == MemorySpace.SHARED || space == MemorySpace.GENERIC;
    }

    private void checkRange(MemorySpace space, MemoryContext context, long offset, int length) {
        if (terminated) {
            throw new IllegalStateException("the launch has ended");
        }
        if (context.lane() < 0 || context.lane() > 31) {
            throw new IllegalArgumentException("lane must be 0..31: " + context.lane());
        }
        long[] r = range(space, context);
        if (length < 0 || offset < r[0] || offset + length > r[1] || offset + length < offset) {
            throw new IllegalArgumentException(String.format("%s [%s] has no bytes 0x%x..0x%x (readable 0x%x..0x%x)",
                    space.spaceName(), context.describe(space), offset, offset + length, r[0], r[1]));
        }
    }

    @Override
    public long[] range(MemorySpace space, MemoryContext context) {
        switch (space) {
            case GLOBAL: {
                GlobalMemory.Segments s = prepared.deviceModule().device().global().segments();
                long end = s.count() == 0 ? GenericWindows.GLOBAL_BASE : s.end(s.count() - 1);
                return new long[] {GenericWindows.GLOBAL_BASE, end};
            }
            case CONST:
                return new long[] {0, prepared.deviceModule().constBank().length};
            case PARAM:
                return new long[] {0, sim.launch().paramBuffer().length};
            case SHARED:
                warp(context.warp());
                return new long[] {0, sim.cta().sharedMemory().length};
            case LOCAL:
                return new long[] {0, warp(context.warp()).localBytesPerThread()};
            case LOCAL_WARP:
                return new long[] {0, warp(context.warp()).localStorage().length};
            default:
                return new long[] {GenericWindows.GLOBAL_BASE, GenericWindows.PARAM_BASE + GenericWindows.WINDOW_SIZE};
        }
    }

    @Override
    public MemorySpace resolveGeneric(long address) {
        return MemorySpace.of(GenericWindows.resolve(address));
    }

    @Override
    public long toGeneric(MemorySpace space, long offset) {
        switch (space) {
            case GLOBAL:
            case GENERIC:
                return offset;
            case LOCAL_WARP:
                return -1;
            default:
                return GenericWindows.base(space.simSpace()) + offset;
        }
    }

    @Override
    public MemoryState memoryState() {
        if (terminated) {
            throw new IllegalStateException("the launch has ended");
        }
        return StoppedMemoryState.of(sim);
    }

    @Override
    public String describeLaunch() {
        Dim3 g = prepared.config().grid();
        Dim3 b = prepared.config().block();
        return prepared.kernel().name() + " <<<(" + g.x() + "," + g.y() + "," + g.z() + "), (" + b.x() + "," + b.y() + ","
                + b.z() + ")>>>";
    }
}
