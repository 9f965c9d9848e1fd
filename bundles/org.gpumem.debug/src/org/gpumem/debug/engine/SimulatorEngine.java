package org.gpumem.debug.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.CtaView;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.StepScope;
import org.gpumem.sim.debug.StepUnit;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.debug.WarpView;
import org.gpumem.sim.launch.FinalMemoryState;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * {@link KernelEngine} over the simulator's debug API ({@code org.gpumem.sim.debug}). The
 * simulator keeps as many CTAs resident as one SM would (in linear order), so the warps are
 * those of the resident CTAs, and warps of another CTA are refused.
 */
public final class SimulatorEngine implements KernelEngine {
    private final PreparedLaunch prepared;
    private final Path modulePath;
    private final org.gpumem.sim.KernelLaunch launch;
    private final org.gpumem.sim.debug.ControlledLaunch sim;
    private final FrameVariables variables;
    /** Adds the variables the launch's maker knows of (a CUDA program's allocations) to each stop's state. */
    private final Consumer<MemoryState> stateVariables;
    private boolean terminated;

    /**
     * @param prepared the launch, loaded and with its buffers filled
     * @param budget   most warp instructions before the session stops with a budget fault
     */
    public SimulatorEngine(PreparedLaunch prepared, long budget) {
        // with the address-space profile, which the IDE's profile view shows of the session
        this(prepared, prepared.description().module().toAbsolutePath().normalize(),
                prepared.launch(org.gpumem.sim.debug.ControlledLaunch.options(budget).withProfile(true)));
    }

    /**
     * A launch made elsewhere (a CUDA program's, its module loaded from the program's fatbin):
     * it has no PTX file, so breakpoints on PTX lines do not apply to it.
     *
     * @param launch a launch prepared with {@link org.gpumem.sim.debug.ControlledLaunch#options}
     */
    public SimulatorEngine(org.gpumem.sim.KernelLaunch launch) {
        this(launch, state -> { });
    }

    /**
     * As {@link #SimulatorEngine(org.gpumem.sim.KernelLaunch)}, {@code stateVariables} adding
     * the maker's variables (a CUDA program's allocations) to the state of each stop, on the
     * session's executor.
     */
    public SimulatorEngine(org.gpumem.sim.KernelLaunch launch, Consumer<MemoryState> stateVariables) {
        this(null, null, launch, stateVariables);
    }

    private SimulatorEngine(PreparedLaunch prepared, Path modulePath, org.gpumem.sim.KernelLaunch launch) {
        this(prepared, modulePath, launch, state -> { });
    }

    private SimulatorEngine(PreparedLaunch prepared, Path modulePath, org.gpumem.sim.KernelLaunch launch,
            Consumer<MemoryState> stateVariables) {
        this.stateVariables = stateVariables;
        this.prepared = prepared;
        this.modulePath = modulePath;
        this.launch = launch;
        this.sim = new org.gpumem.sim.debug.ControlledLaunch(launch);
        this.variables = new FrameVariables(launch.module());
    }

    /** The prepared launch (buffers, description), or null for a launch made elsewhere. */
    public PreparedLaunch prepared() {
        return prepared;
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
                if (modulePath == null || !line.file().toAbsolutePath().normalize().equals(modulePath)) {
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
        return toStop(sim.resume());
    }

    @Override
    public Stop step(WarpId warp, StepKind kind) {
        checkLive();
        sim.selectWarp(warp(warp));
        StepUnit unit = switch (kind) {
            case OVER -> StepUnit.SOURCE_LINE;
            case INTO -> StepUnit.SOURCE_LINE_INTO;
            case RETURN -> StepUnit.RETURN;
        };
        return toStop(sim.step(StepScope.WARP, unit));
    }

    @Override
    public void requestSuspend() {
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

    @Override
    public AddressSpaceProfile profile() {
        return sim.profile();
    }

    /** Where the resident warps are (the session is stopped: on the executor). */
    public List<WarpPosition> positions() {
        return sim.positions();
    }

    /** The device printf output of the CTAs that finished so far. */
    public byte[] deviceOutput() {
        return sim.deviceOutput();
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
        List<WarpStatus> out = new ArrayList<>();
        if (terminated) {
            return out;
        }
        for (CtaView cta : sim.residentCtas()) {
            for (WarpView w : cta.warps()) {
                out.add(new WarpStatus(new WarpId(cta.index(), w.id()), w.state(), w.validMask(), w.liveMask(),
                        w.activeMask(), w.frames()));
            }
        }
        return out;
    }

    /** The warp an id names; it must be in a resident CTA. */
    private WarpView warp(WarpId id) {
        for (CtaView cta : sim.residentCtas()) {
            if (cta.index().equals(id.cta())) {
                if (id.warp() < 0 || id.warp() >= cta.warpCount()) {
                    throw new IllegalArgumentException(id.label() + " does not exist (the CTA has " + cta.warpCount()
                            + " warps)");
                }
                return cta.warp(id.warp());
            }
        }
        throw new IllegalArgumentException(WarpId.ctaLabel(id.cta()) + " is not resident (resident: "
                + sim.residentCtas().stream().map(c -> WarpId.ctaLabel(c.index())).toList() + ")");
    }

    @Override
    public List<VariableValue> variables(WarpId warp, int level, int lane) {
        WarpView w = warp(warp);
        if (level < 0 || level >= w.depth()) {
            throw new IllegalArgumentException(warp.label() + " has no frame " + level);
        }
        if (lane < 0 || lane > 31) {
            throw new IllegalArgumentException("lane must be 0..31: " + lane);
        }
        if (variables.problem() != null) {
            throw new IllegalArgumentException(variables.problem());
        }
        LaneId at = new LaneId(warp, lane);
        List<VariableValue> out = new ArrayList<>();
        for (FrameVariable v : variables.bind(sim, w, level, lane)) {
            out.add(value(v, at));
        }
        return out;
    }

    /**
     * The debug model's view of a bound variable; types it cannot print keep their location
     * unshown. The simulator's state spaces are the target's spaces of the same names.
     */
    private static VariableValue value(FrameVariable v, LaneId lane) {
        VariableType type = v.type();
        VariableValue.Element element = new VariableValue.Element(VariableValue.Encoding.valueOf(type.encoding().name()),
                type.elementSize());
        int count = (int) Math.min(type.count(), Integer.MAX_VALUE);
        String pointee = type.pointee() != null ? type.pointee().ptxName() : null;
        if (v.problem() != null && !(v.location() instanceof FrameVariable.Register)) {
            return new VariableValue(v.name(), type.name(), v.parameter(), null, null, null, element, count, pointee,
                    v.problem());
        }
        if (type.encoding() == VariableType.Encoding.OTHER) {
            return new VariableValue(v.name(), type.name(), v.parameter(), null, null, null, element, count, pointee,
                    "type " + type.name() + " is not decoded");
        }
        if (v.location() instanceof FrameVariable.Memory m) {
            VariableValue.Location location = new VariableValue.Location(m.space().ptxName(), lane, m.offset());
            return new VariableValue(v.name(), type.name(), v.parameter(), location, null, v.bytes(), element, count,
                    pointee, null);
        }
        String register = v.location() instanceof FrameVariable.Register r ? r.name() : null;
        return new VariableValue(v.name(), type.name(), v.parameter(), null, register, v.bytes(), element, count, pointee,
                v.problem());
    }

    @Override
    public Target target() {
        return launch.module().device().addressSpaces();
    }

    @Override
    public MemoryState memoryState() {
        if (terminated) {
            throw new IllegalStateException("the launch has ended");
        }
        MemoryState state = StoppedMemoryState.of(sim);
        stateVariables.accept(state);
        return state;
    }

    /**
     * The state a launch file's kernel is left in ({@link FinalMemoryState}: global memory with
     * the buffers as variables, the last resident CTAs), for after its session ended or was
     * terminated, when nothing runs it again; null for a launch made elsewhere. On the executor.
     */
    public MemoryState finalState() {
        return prepared == null ? null : FinalMemoryState.of(prepared, sim, sim.result());
    }

    @Override
    public Dim3 grid() {
        return launch.config().grid();
    }

    @Override
    public Dim3 block() {
        return launch.config().block();
    }

    @Override
    public String describeLaunch() {
        Dim3 g = launch.config().grid();
        Dim3 b = launch.config().block();
        return ItaniumDemangler.readable(launch.kernel().name()) + " <<<(" + g.x() + "," + g.y() + "," + g.z() + "), (" + b.x() + "," + b.y() + ","
                + b.z() + ")>>>";
    }
}
