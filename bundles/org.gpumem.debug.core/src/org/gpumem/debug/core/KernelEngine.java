package org.gpumem.debug.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.images.Kernel;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.ControlledLaunch;
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
import org.gpumem.sim.launch.KernelModules;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * A kernel launch on the simulator as the debugger sees it: run control, the resident warps,
 * frames and variables, the stop's model state. It wraps the simulator's
 * {@link ControlledLaunch}, which keeps as many CTAs resident as one SM would (in linear order),
 * so the warps are those of the resident CTAs, and warps of another CTA are refused.
 *
 * <p>Threads: every method but {@link #launch()} and {@link #requestSuspend()} is
 * {@link ConfinedToSession}: it runs on its {@link DebugSession}'s executor and throws on any
 * other thread. Reach it through {@link DebugSession#query}.
 */
public final class KernelEngine {
    /**
     * What does not change while the launch runs; any thread may read it.
     *
     * @param grid    the launch's grid extents in CTAs
     * @param block   the launch's block extents in threads
     * @param target  the address spaces the engine's memory follows (the simulator's target);
     *                the same description for the whole session, not to be modified
     * @param label   kernel name and launch extents, for labels
     * @param module  the launch file's PTX module, or null for a launch made elsewhere (a CUDA
     *                program's kernel, which has no PTX file)
     */
    public record Launch(Dim3 grid, Dim3 block, Target target, String label, Path module) {
    }

    private final PreparedLaunch prepared;
    private final Launch facts;
    private final KernelLaunch launch;
    private final ControlledLaunch sim;
    private final FrameVariables variables;
    /** Adds the variables the launch's maker knows of (a CUDA program's allocations) to each stop's state. */
    private final Consumer<MemoryState> stateVariables;
    private volatile DebugSession session;
    private boolean terminated;
    /** What each installed simulator breakpoint stands for. */
    private final Map<Breakpoint, BreakpointSpec> specs = new HashMap<>();

    /**
     * A launch file's kernel.
     *
     * @param prepared the launch, loaded and with its buffers filled
     * @param budget   most warp instructions before the session stops with a budget fault
     */
    public KernelEngine(PreparedLaunch prepared, long budget) {
        // with the address-space profile, which the IDE's profile view shows of the session
        this(prepared, prepared.description().module().toAbsolutePath().normalize(),
                prepared.launch(ControlledLaunch.options(budget).withProfile(true)), state -> { });
    }

    /**
     * A launch made elsewhere (a CUDA program's, its module loaded from the program's fatbin),
     * {@code stateVariables} adding the maker's variables (a CUDA program's allocations) to the
     * state of each stop, on the session's executor. It has no PTX file, so breakpoints on PTX
     * lines do not apply to it.
     *
     * @param launch a launch prepared with {@link ControlledLaunch#options}
     */
    public KernelEngine(KernelLaunch launch, Consumer<MemoryState> stateVariables) {
        this(null, null, launch, stateVariables);
    }

    private KernelEngine(PreparedLaunch prepared, Path modulePath, KernelLaunch launch,
            Consumer<MemoryState> stateVariables) {
        this.stateVariables = stateVariables;
        this.prepared = prepared;
        this.launch = launch;
        this.sim = new ControlledLaunch(launch);
        this.variables = new FrameVariables(launch.module());
        Dim3 g = launch.config().grid();
        Dim3 b = launch.config().block();
        this.facts = new Launch(g, b, launch.module().device().addressSpaces(),
                ItaniumDemangler.readable(launch.kernel().name()) + " <<<(" + g.x() + "," + g.y() + "," + g.z()
                        + "), (" + b.x() + "," + b.y() + "," + b.z() + ")>>>",
                modulePath);
    }

    /** Binds the engine to the session whose executor alone may call it. */
    void attach(DebugSession owner) {
        if (session != null) {
            throw new IllegalStateException("the engine already belongs to a session");
        }
        session = owner;
    }

    private void confined() {
        DebugSession s = session;
        if (s == null) {
            throw new IllegalStateException("the engine belongs to no session yet");
        }
        s.checkExecutor();
    }

    /** The launch's constant facts; any thread. */
    public Launch launch() {
        return facts;
    }

    /** The prepared launch (buffers, description), or null for a launch made elsewhere. Any thread. */
    public PreparedLaunch prepared() {
        return prepared;
    }

    /** Replaces the breakpoint lines; returns those that match at least one instruction. */
    @ConfinedToSession
    List<BreakpointSpec> setBreakpoints(List<BreakpointSpec> lines) {
        confined();
        for (Breakpoint b : sim.breakpoints()) {
            sim.removeBreakpoint(b);
        }
        specs.clear();
        List<BreakpointSpec> resolved = new ArrayList<>();
        for (BreakpointSpec line : lines) {
            Breakpoint b;
            if (line.isKernelEntry()) {
                if (!KernelModules.designates(Kernel.of(launch.kernel().name()), line.kernel())) {
                    continue;
                }
                b = sim.addPtxBreakpoint(launch.kernel().line());
            } else if (line.ptx()) {
                if (facts.module() == null || !line.file().toAbsolutePath().normalize().equals(facts.module())) {
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
                specs.put(b, line);
            }
        }
        return resolved;
    }

    /** Runs all warps until a breakpoint, a fault, a suspend request or the end of the kernel. */
    @ConfinedToSession
    Stop resume() {
        confined();
        checkLive();
        return toStop(sim.resume());
    }

    /** Runs one warp by a source line (see {@link StepKind}); other warps move only as a barrier needs. */
    @ConfinedToSession
    Stop step(WarpId warp, StepKind kind) {
        confined();
        checkLive();
        sim.selectWarp(warp(warp));
        StepUnit unit = switch (kind) {
            case OVER -> StepUnit.SOURCE_LINE;
            case INTO -> StepUnit.SOURCE_LINE_INTO;
            case RETURN -> StepUnit.RETURN;
        };
        return toStop(sim.step(StepScope.WARP, unit));
    }

    /** Asks a running or the next {@link #resume} or {@link #step} to stop. Any thread. */
    void requestSuspend() {
        sim.suspend();
    }

    /** Ends the kernel as a stopped launch with where every warp was ({@link KernelLaunch#requestStop}). Any thread. */
    void requestStop(String reason) {
        launch.requestStop(reason);
    }

    /** Abandons the launch; later commands fail. */
    @ConfinedToSession
    void terminate() {
        confined();
        terminated = true;
    }

    /** The outcome once the kernel exited or faulted, else null. */
    @ConfinedToSession
    public LaunchResult result() {
        confined();
        return sim.result();
    }

    /**
     * The address-space profile of what the kernel ran so far (generic accesses by the space
     * they resolved to, cvta, per source line), or null when the launch counts none.
     */
    @ConfinedToSession
    public AddressSpaceProfile profile() {
        confined();
        return sim.profile();
    }

    /** Where the resident warps are. */
    @ConfinedToSession
    public List<WarpPosition> positions() {
        confined();
        return sim.positions();
    }

    /** The device printf output of the CTAs that finished so far. */
    @ConfinedToSession
    public byte[] deviceOutput() {
        confined();
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
                return new Stop(StopReason.BREAKPOINT, warp, null, specs.get(e.breakpoint()));
            case SUSPENDED_STEP:
                return new Stop(StopReason.STEP, warp, null, null);
            case SUSPENDED_REQUEST:
                return new Stop(StopReason.SUSPEND, warp, null, null);
            case FAULT:
                return new Stop(StopReason.FAULT, faultWarp(e, warp), e.fault(), null);
            default:
                return new Stop(StopReason.EXITED, null, null, null);
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

    /** Every warp of every resident CTA, in launch order. */
    @ConfinedToSession
    public List<WarpStatus> warps() {
        confined();
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

    /**
     * Variables visible in frame {@code level} of {@code warp} (0 the outermost), read for
     * {@code lane}.
     *
     * @throws IllegalArgumentException for a warp, frame or lane that does not exist, or a module
     *         whose debug information cannot be read (the message says why)
     */
    @ConfinedToSession
    public List<VariableValue> variables(WarpId warp, int level, int lane) {
        confined();
        WarpView w = warp(warp);
        if (level < 0 || level >= w.depth()) {
            throw new IllegalArgumentException(warp.label() + " has no frame " + level);
        }
        int lanes = facts.target().getSubgroupSize();
        if (lane < 0 || lane >= lanes) {
            throw new IllegalArgumentException("lane must be 0.." + (lanes - 1) + ": " + lane);
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
     * The debugger's view of a bound variable; types it cannot print keep their location
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

    /**
     * The stopped kernel as a {@link MemoryState} of the launch's target: device, grid and the
     * resident CTAs with their warps and lanes, the pools reading the engine's live storage. It
     * describes this stop only; {@link DebugSession#stopState()} is the same state with its
     * pools read through the session.
     */
    @ConfinedToSession
    public MemoryState memoryState() {
        confined();
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
     * terminated, when nothing runs it again; null for a launch made elsewhere.
     */
    @ConfinedToSession
    public MemoryState finalState() {
        confined();
        return prepared == null ? null : FinalMemoryState.of(prepared, sim, sim.result());
    }
}
