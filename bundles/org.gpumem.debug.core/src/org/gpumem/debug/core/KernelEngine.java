package org.gpumem.debug.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.debug.core.expr.ExpressionEvaluator;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.debug.core.expr.ParsedExpression;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.images.Kernel;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.addressing.SpaceOffset;
import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ModuleVariable;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.TextureArray;
import org.gpumem.sim.TextureObject;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.CallFrame;
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
import org.gpumem.sim.debug.Watchpoint;
import org.gpumem.sim.launch.FinalMemoryState;
import org.gpumem.sim.launch.KernelModules;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * A kernel launch on the simulator as the debugger sees it: run control, breakpoints (with
 * conditions evaluated per lane and hit counts) and watchpoints, the resident warps, frames and
 * variables, expressions in a lane or across a warp, the stop's model state. It wraps the simulator's
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
    /** What each installed simulator breakpoint stands for, in the order they were given. */
    private final Map<Breakpoint, BreakpointSpec> specs = new LinkedHashMap<>();
    /** Each breakpoint's parsed condition, or the error that parsing it gave. */
    private final Map<BreakpointSpec, Object> conditions = new HashMap<>();
    /** Counted reaches per breakpoint, kept across updates of the breakpoint set while the breakpoint stays. */
    private final Map<BreakpointSpec, Integer> hits = new HashMap<>();
    /** {@code space:} before a memory expression (not {@code ::}). */
    private static final Pattern SPACE_PREFIX = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*:(?!:)(.*)", Pattern.DOTALL);
    /** What each installed simulator watchpoint stands for. */
    private final Map<Watchpoint, WatchpointSpec> watched = new HashMap<>();
    /** The module's symbols by PTX name, readable name and unqualified name (made on first use). */
    private Map<String, ModuleVariable> symbols;
    /** A state of the kernel for expressions read between stops, and the resident CTAs it was made of. */
    private MemoryState readState;
    private List<CtaView> readStateResident;

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
        conditions.clear();
        hits.keySet().retainAll(lines);
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
                if (line.condition() != null) {
                    try {
                        conditions.put(line, parse(line.condition()));
                    } catch (ExpressionException e) {
                        conditions.put(line, e);
                    }
                }
            }
        }
        return resolved;
    }

    /**
     * Whether the launch's first memory check finding that is new to its device stops the kernel
     * right after the access ({@link StopReason#FINDING}, the finding's lane the stop's), from the
     * next resume or step on. Returns false, changing nothing, when the launch has no checks.
     */
    @ConfinedToSession
    boolean stopAtFirstFinding(boolean on) {
        confined();
        return sim.stopAtFirstFinding(on);
    }

    /**
     * Replaces the watchpoints; returns those the simulator watches (a range outside its space,
     * or in a space without watchpoints, is left out: {@link #watchpoint} refuses those when it
     * makes them).
     */
    @ConfinedToSession
    List<WatchpointSpec> setWatchpoints(List<WatchpointSpec> specs) {
        confined();
        for (Watchpoint w : sim.watchpoints()) {
            sim.removeWatchpoint(w);
        }
        watched.clear();
        List<WatchpointSpec> installed = new ArrayList<>();
        for (WatchpointSpec spec : specs) {
            Watchpoint w = toSim(spec);
            if (w != null && sim.checkWatchpoint(w) == null) {
                sim.addWatchpoint(w);
                watched.put(w, spec);
                installed.add(spec);
            }
        }
        return installed;
    }

    /** The simulator's watchpoint for {@code spec}, or null when its space has no simulator storage. */
    private static Watchpoint toSim(WatchpointSpec spec) {
        PtxStateSpace space = PtxStateSpace.fromPtxName(spec.space());
        if (space == null || spec.length() > Integer.MAX_VALUE) {
            return null;
        }
        Watchpoint.Access access = switch (spec.kind()) {
            case WRITE -> Watchpoint.Access.WRITE;
            case READ -> Watchpoint.Access.READ;
            case ACCESS -> Watchpoint.Access.ACCESS;
        };
        boolean one = !spec.everyContext();
        boolean local = space == PtxStateSpace.LOCAL;
        return new Watchpoint(space, spec.offset(), (int) spec.length(), access, one ? spec.context().cta() : null,
                one && local ? spec.context().warp().warp() : -1, one && local ? spec.context().lane() : -1);
    }

    /**
     * A watchpoint on what {@code expression} designates in {@code lane}, frame {@code level}
     * (an lvalue in memory: {@code stage[5]}, {@code window}, {@code *p}), as that lane sees it
     * ({@link WatchpointSpec#inEveryContext()} widens it); a generic address is taken through
     * the target's windows to the space that stores the bytes.
     *
     * @throws ExpressionException when the expression cannot be evaluated, is not in memory, or
     *         its bytes cannot be watched (the message says why)
     */
    @ConfinedToSession
    public WatchpointSpec watchpoint(ParsedExpression expression, LaneId lane, int level, WatchpointSpec.Kind kind) {
        ExpressionValue v = evaluate(expression, lane, level);
        if (v.memory() == null) {
            throw new ExpressionException(0, "'" + expression.text().strip() + "' is not in memory"
                    + (v.register() != null ? " (it is in register " + v.register() + ")" : "") + ": there is nothing to watch");
        }
        long length = v.type().byteSize();
        if (length <= 0) {
            throw new ExpressionException(0, "the size of " + v.typeName() + " is not known");
        }
        return watch(expression.text().strip(), v.memory().space(), v.memory().offset(), length, lane, kind, v.type());
    }

    /**
     * A watchpoint on {@code length} bytes at {@code address} of {@code space} as {@code lane}
     * sees them (bytes selected in a memory view, a DAP data breakpoint on an address); a generic
     * address is taken through the target's windows to the space that stores the bytes. They
     * print as bytes when they change.
     *
     * @throws ExpressionException when the space has no such address or the bytes cannot be
     *         watched (the message says why)
     */
    @ConfinedToSession
    public WatchpointSpec watchpoint(String space, long address, long length, LaneId lane, WatchpointSpec.Kind kind) {
        confined();
        if (length < 1) {
            throw new ExpressionException(0, "a watchpoint watches at least one byte, not " + length);
        }
        return watch(space + " +0x" + Long.toHexString(address), space, address, length, lane, kind, null);
    }

    private WatchpointSpec watch(String label, String space, long address, long length, LaneId lane,
            WatchpointSpec.Kind kind, DwarfType type) {
        SpaceOffset stored;
        try {
            stored = AddressResolver.throughWindows(AddressSpaces.require(facts.target(), space), address);
        } catch (AddressingException e) {
            throw new ExpressionException(0, e.getMessage());
        }
        WatchpointSpec spec = new WatchpointSpec(label, stored.space().getName(), lane, false, stored.offset(), length, kind, type);
        Watchpoint w = toSim(spec);
        String problem = w == null ? "the simulator cannot watch " + stored.space().getName() + " memory" : sim.checkWatchpoint(w);
        if (problem != null) {
            throw new ExpressionException(0, problem);
        }
        return spec;
    }

    /** Runs all warps until a breakpoint, a fault, a suspend request or the end of the kernel. */
    @ConfinedToSession
    Stop resume() {
        confined();
        checkLive();
        while (true) {
            DebugEvent e = sim.resume();
            if (e.kind() != DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
                return toStop(e);
            }
            Stop stop = breakpointStop(e);
            if (stop != null) {
                return stop;
            }
            // no breakpoint there wants this reach: the warp goes on from it, the others from where they are
        }
    }

    /**
     * The stop a warp's reach of a breakpoint makes, or null when every breakpoint at that
     * instruction lets it pass (its condition holds in no active lane, or its hit count is not
     * reached yet). Counts the reach of each breakpoint whose condition holds.
     */
    private Stop breakpointStop(DebugEvent e) {
        WarpView w = e.warp();
        WarpId warp = new WarpId(e.cta().index(), w.id());
        int level = w.depth() - 1;
        String function = w.function(level);
        int pc = w.pc(level);
        for (Map.Entry<Breakpoint, BreakpointSpec> entry : specs.entrySet()) {
            boolean here = false;
            for (Breakpoint.Site site : entry.getKey().sites()) {
                here |= site.function().equals(function) && site.instruction() == pc;
            }
            if (!here) {
                continue;
            }
            BreakpointSpec spec = entry.getValue();
            int lane = -1;
            Object condition = conditions.get(spec);
            if (condition instanceof ExpressionException parse) {
                return new Stop(StopReason.BREAKPOINT, warp, null, spec, -1, null, parse.getMessage());
            }
            if (condition instanceof ParsedExpression parsed) {
                String error = null;
                boolean evaluated = false;
                for (int mask = w.activeMask(); mask != 0 && lane < 0; mask &= mask - 1) {
                    int l = Integer.numberOfTrailingZeros(mask);
                    FrameScope scope = new FrameScope(this, sim, variables, w, level, new LaneId(warp, l));
                    try {
                        if (ExpressionEvaluator.isTrue(ExpressionEvaluator.evaluate(parsed, scope), scope)) {
                            lane = l;
                        }
                        evaluated = true;
                    } catch (ExpressionException x) {
                        error = error != null ? error : "lane " + l + ": " + x.getMessage();
                    }
                }
                if (lane < 0 && !evaluated && error != null) {
                    return new Stop(StopReason.BREAKPOINT, warp, null, spec, -1, null, error);
                }
                if (lane < 0) {
                    continue;
                }
            }
            int count = hits.merge(spec, 1, Integer::sum);
            if (count >= spec.hitCount()) {
                return new Stop(StopReason.BREAKPOINT, warp, null, spec, lane, null, null);
            }
        }
        return null;
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
        DebugEvent e = sim.step(StepScope.WARP, unit);
        if (e.kind() == DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
            // another warp reached a breakpoint while the stepping one waited at a barrier
            Stop stop = breakpointStop(e);
            return stop != null ? stop : new Stop(StopReason.SUSPEND, warp, null, null);
        }
        return toStop(e);
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
            case SUSPENDED_WATCHPOINT: {
                Watchpoint.Hit h = e.watch();
                WatchpointSpec spec = watched.get(h.watchpoint());
                LaneId lane = new LaneId(warp, h.lane());
                SourceLocation source = h.source();
                // an instruction without a line (inline assembly): the nearest call on the stack that has one
                for (CallFrame f : h.warp().frames()) {
                    source = source != null ? source : f.source();
                }
                return new Stop(StopReason.WATCHPOINT, warp, null, null, h.lane(), new WatchHit(spec, lane, h.wrote(),
                        h.before(), h.after(), h.function(), h.ptxLine(), source), null);
            }
            case SUSPENDED_FINDING: {
                Finding f = e.finding();
                // the lane whose access the checks found, in the warp that made it (the stopped one)
                int lane = f != null && f.access() != null && f.access().warp() == e.warp().id() ? f.access().lane() : -1;
                return new Stop(StopReason.FINDING, warp, null, null, lane, null, null, f);
            }
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
            // where it is, but not its value: the view prints elements; expressions print structs
            VariableValue.Location location = v.location() instanceof FrameVariable.Memory m
                    ? new VariableValue.Location(m.space().ptxName(), lane, m.offset()) : null;
            return new VariableValue(v.name(), type.name(), v.parameter(), location, null, null, element, count, pointee,
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

    // ------------------------------------------------------------------ expressions

    /**
     * Parses {@code text} knowing the module's type names (so that {@code (Particle *) p} is a
     * cast). Parse a condition or a watch expression once and evaluate it in many lanes.
     *
     * @throws ExpressionException naming the position where the text stops being an expression
     */
    @ConfinedToSession
    public ParsedExpression parse(String text) {
        confined();
        return ParsedExpression.parse(text, name -> namedType(variables, name) != null);
    }

    /**
     * The type the module's DWARF names {@code name}, or null; DWARF that does not read is the
     * expression's failure, saying where (the evaluator adds the position in the text).
     */
    static DwarfType namedType(FrameVariables variables, String name) {
        try {
            return variables.namedType(name);
        } catch (InputFormatException e) {
            throw new ExpressionException("cannot read the type '" + name + "' in the module's debug information: "
                    + e.getMessage());
        }
    }

    /**
     * The value of {@code expression} in {@code lane}, in frame {@code level} of its warp (0 the
     * kernel, as {@link #variables} counts), with cuda-gdb's syntax and printing
     * ({@link ExpressionValue#format()}).
     *
     * @throws ExpressionException when it cannot be evaluated there (the message names the position)
     * @throws IllegalArgumentException for a warp that is not resident, a frame it does not have,
     *         or a lane that holds no thread
     */
    @ConfinedToSession
    public ExpressionValue evaluate(ParsedExpression expression, LaneId lane, int level) {
        confined();
        return ExpressionEvaluator.evaluate(expression, scope(lane, level));
    }

    /** {@link #evaluate(ParsedExpression, LaneId, int)} of {@code text}. */
    @ConfinedToSession
    public ExpressionValue evaluate(String text, LaneId lane, int level) {
        return evaluate(parse(text), lane, level);
    }

    /**
     * {@code expression} in every lane of {@code warp} (Warp Watch), frame {@code level}: active
     * lanes and lanes that wait on the other side of a divergent branch (inactive) get a value or
     * the error their evaluation gave; exited lanes and lanes without a thread get neither.
     */
    @ConfinedToSession
    public List<LaneEvaluation> evaluateWarp(ParsedExpression expression, WarpId warp, int level) {
        confined();
        WarpView w = warp(warp);
        frame(w, warp, level);
        List<LaneEvaluation> out = new ArrayList<>();
        int lanes = facts.target().getSubgroupSize();
        for (int l = 0; l < lanes; l++) {
            LaneEvaluation.State state = (w.validMask() & 1 << l) == 0 ? LaneEvaluation.State.NO_THREAD
                    : (w.liveMask() & 1 << l) == 0 ? LaneEvaluation.State.EXITED
                            : (w.activeMask() & 1 << l) != 0 ? LaneEvaluation.State.ACTIVE : LaneEvaluation.State.INACTIVE;
            if (state == LaneEvaluation.State.NO_THREAD || state == LaneEvaluation.State.EXITED) {
                out.add(new LaneEvaluation(l, state, null, null));
                continue;
            }
            try {
                out.add(new LaneEvaluation(l, state, ExpressionEvaluator.evaluate(expression,
                        new FrameScope(this, sim, variables, w, level, new LaneId(warp, l))), null));
            } catch (ExpressionException e) {
                out.add(new LaneEvaluation(l, state, null, e));
            }
        }
        return out;
    }

    /**
     * CDT's {@code [space]:[expression]} for a memory monitor, evaluated in {@code lane}, frame
     * {@code level}: the expression gives the address (a pointer's value in its space, an array
     * or other object in memory by its place, an integer in the prefix space or else the
     * target's default space), and a {@code space:} prefix naming another space than the
     * address's (any name or alias of the target: {@code generic:&stage}, {@code local_warp:&window})
     * takes the address there through the model's aliases of the byte.
     *
     * @throws ExpressionException when the expression cannot be evaluated, or the prefix space
     *         does not reach the address from the lane
     */
    @ConfinedToSession
    public MemoryReference memoryReference(String text, LaneId lane, int level) {
        confined();
        Matcher prefix = SPACE_PREFIX.matcher(text);
        String space = null;
        int skipped = 0;
        if (prefix.matches() && AddressSpaces.find(facts.target(), prefix.group(1)) != null) {
            space = AddressSpaces.find(facts.target(), prefix.group(1)).getName();
            skipped = prefix.start(2);
        }
        String expression = text.substring(skipped);
        ExpressionValue v;
        try {
            v = evaluate(expression, lane, level);
        } catch (ExpressionException e) {
            throw e.position() < 0 ? e : new ExpressionException(e.position() + skipped, e.detail());
        }
        TextureMemory texture = texture(v, expression, skipped, lane);
        if (texture != null) {
            if (space != null && !space.equals(texture.memory().space())) {
                throw new ExpressionException(0, space + " does not reach the " + texture.resource() + " of "
                        + (texture.surface() ? "surface" : "texture") + " object " + texture.handle() + " (it is in "
                        + texture.memory().space() + ")");
            }
            return texture.memory();
        }
        DwarfType t = v.type().stripped();
        String at;
        long offset;
        DwarfType element = null;
        if (t instanceof DwarfType.Pointer p) {
            offset = unsigned(v.bytes(), p.size());
            at = p.space() != null && AddressSpaces.find(facts.target(), p.space().name()) != null
                    ? AddressSpaces.find(facts.target(), p.space().name()).getName() : facts.target().getDefaultSpace().getName();
            element = p.pointee();
        } else if (v.memory() != null && !(t instanceof DwarfType.Base) && !(t instanceof DwarfType.Enumeration)) {
            at = v.memory().space();
            offset = v.memory().offset();
            element = t instanceof DwarfType.Array a ? a.element() : v.type();
        } else if (t instanceof DwarfType.Base b && b.isInteger() || t instanceof DwarfType.Enumeration) {
            offset = unsigned(v.bytes(), 8);
            at = space != null ? space : facts.target().getDefaultSpace().getName();
        } else {
            throw new ExpressionException(skipped, "'" + expression.strip() + "' is " + v.typeName() + ", not an address");
        }
        if (space != null && !space.equals(at)) {
            MemoryState state = readState();
            Location from = StopMemoryState.location(state, at, lane, offset);
            // the state's own description of the space: aliases name the spaces of the state's target
            long through = from == null ? -1 : StopMemoryState.offsetIn(state, AddressSpaces.require(state.getTarget(), space),
                    lane, from);
            if (through < 0) {
                throw new ExpressionException(skipped, space + " does not reach " + at + " 0x" + Long.toHexString(offset)
                        + " from " + lane.describe(AddressSpaces.require(facts.target(), space).getScope()));
            }
            return new MemoryReference(space, lane, through, element);
        }
        return new MemoryReference(at, lane, offset, element);
    }

    /**
     * Whether {@code type} is, through typedefs and qualifiers, CUDA's texture or surface object
     * handle, whose {@link #memoryReference} is the memory the object reads ({@link #textureMemory(String, LaneId, int)}).
     */
    public static boolean textureObjectType(DwarfType type) {
        for (DwarfType t = type; ; ) {
            if (t instanceof DwarfType.Typedef d) {
                if (d.typedefName().equals("cudaTextureObject_t") || d.typedefName().equals("cudaSurfaceObject_t")) {
                    return true;
                }
                t = d.target();
            } else if (t instanceof DwarfType.Qualified q) {
                t = q.target();
            } else {
                return false;
            }
        }
    }

    /**
     * What the texture or surface object {@code expression} evaluates to in {@code lane}, frame
     * {@code level}, reads and writes, as the lane sees it: a CUDA array in the texture space
     * ({@link SimulatorTarget#TEXTURE}, at its device address, gpumem's linear layout), linear or
     * pitched memory in the global space; null when the value is no texture or surface object
     * ({@link #textureObjectType}) or its bytes are not read.
     *
     * @throws ExpressionException when the expression cannot be evaluated, or its handle names no
     *         texture or surface object of the device
     */
    @ConfinedToSession
    public TextureMemory textureMemory(String expression, LaneId lane, int level) {
        confined();
        return texture(evaluate(expression, lane, level), expression, 0, lane);
    }

    /** {@link #textureMemory(String, LaneId, int)} of {@code v}, the value of {@code expression} found at column {@code position}. */
    private TextureMemory texture(ExpressionValue v, String expression, int position, LaneId lane) {
        if (!textureObjectType(v.type()) || v.bytes() == null) {
            return null;
        }
        long handle = unsigned(v.bytes(), 8);
        TextureObject o = launch.module().device().textures().get(handle);
        if (o == null) {
            throw new ExpressionException(position, "'" + expression.strip() + "' is " + v.typeName() + " " + handle
                    + ", which names no texture or surface object of the device");
        }
        TextureObject.Level base = o.levels().get(0);
        int bits = o.channelBits()[0];
        VariableValue.Element element = new VariableValue.Element(switch (o.channelKind()) {
            case TextureObject.FLOAT -> bits == 16 ? VariableValue.Encoding.OTHER : VariableValue.Encoding.FLOAT;
            case TextureObject.SIGNED -> VariableValue.Encoding.SIGNED;
            default -> VariableValue.Encoding.UNSIGNED;
        }, bits / 8);
        if (o.resourceType() == TextureObject.ARRAY || o.resourceType() == TextureObject.MIPMAPPED_ARRAY) {
            TextureArray array = launch.module().device().textures().arrayAt(base.address());
            if (array == null) {
                throw new IllegalStateException((o.surface() ? "surface" : "texture") + " object " + handle
                        + " reads a CUDA array at 0x" + Long.toHexString(base.address()) + " the device does not know");
            }
            return new TextureMemory(handle, o.surface(), array.describe(),
                    new MemoryReference(SimulatorTarget.TEXTURE, lane, array.address(), null), array.bytes(), element);
        }
        long bytes = o.resourceType() == TextureObject.LINEAR ? base.rowPitch() : base.rowPitch() * Math.max(1, base.height());
        String what = o.resourceType() == TextureObject.LINEAR ? "linear memory" : "pitched memory, " + base.width() + " x "
                + base.height() + " elements, rows " + base.rowPitch() + " bytes apart";
        return new TextureMemory(handle, o.surface(), what + ", " + bytes + " bytes",
                new MemoryReference(PtxStateSpace.GLOBAL.ptxName(), lane, base.address(), null), bytes, element);
    }

    /** The unsigned integer of a value's first {@code size} bytes (at most 8), little-endian. */
    private static long unsigned(byte[] bytes, int size) {
        long v = 0;
        for (int i = Math.min(Math.min(size, bytes.length), 8) - 1; i >= 0; i--) {
            v = v << 8 | (bytes[i] & 0xff);
        }
        return v;
    }

    private FrameScope scope(LaneId lane, int level) {
        WarpView w = warp(lane.warp());
        frame(w, lane.warp(), level);
        if (lane.lane() < 0 || lane.lane() >= facts.target().getSubgroupSize() || (w.validMask() & 1 << lane.lane()) == 0) {
            throw new IllegalArgumentException("lane " + lane.lane() + " holds no thread of " + lane.warp().label());
        }
        return new FrameScope(this, sim, variables, w, level, lane);
    }

    private static void frame(WarpView w, WarpId id, int level) {
        if (level < 0 || level >= w.depth()) {
            throw new IllegalArgumentException(id.label() + (w.depth() == 0 ? " has exited" : " has no frame " + level));
        }
    }

    /** A module symbol by its PTX name, its readable name or, when only one has it, its unqualified name; or null. */
    ModuleVariable symbol(String name) {
        if (symbols == null) {
            Map<String, ModuleVariable> byName = new HashMap<>();
            Map<String, ModuleVariable> unqualified = new HashMap<>();
            for (ModuleVariable v : launch.module().variables()) {
                String readable = ItaniumDemangler.readable(v.name());
                byName.put(v.name(), v);
                byName.putIfAbsent(readable, v);
                int scope = readable.lastIndexOf("::");
                String last = scope >= 0 ? readable.substring(scope + 2) : readable;
                unqualified.merge(last, v, (a, b) -> a.equals(b) ? a : null);
            }
            unqualified.forEach((k, v) -> {
                if (v != null) {
                    byName.putIfAbsent(k, v);
                }
            });
            symbols = byName;
        }
        return symbols.get(name);
    }

    /**
     * A model state of the kernel where it is now, for reading memory in expressions: the stop's
     * ({@link DebugSession#stopState()}) at a recorded stop, else one made while the same CTAs are
     * resident (a breakpoint's condition is evaluated before any stop is recorded).
     */
    MemoryState readState() {
        StopMemoryState stop = session.stopState();
        if (stop != null) {
            return stop.state();
        }
        // Its pools read the live storage of the CTAs resident when it was made: good for as long
        // as the same CTAs are (a condition evaluated at every reach of a line then costs no state each)
        List<CtaView> resident = sim.residentCtas();
        if (readState == null || !resident.equals(readStateResident)) {
            readState = StoppedMemoryState.of(sim);
            readStateResident = resident;
        }
        return readState;
    }
}
