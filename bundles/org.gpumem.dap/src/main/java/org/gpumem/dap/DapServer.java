package org.gpumem.dap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.BreakpointEventArguments;
import org.eclipse.lsp4j.debug.BreakpointEventArgumentsReason;
import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ContinueResponse;
import org.eclipse.lsp4j.debug.ContinuedEventArguments;
import org.eclipse.lsp4j.debug.DataBreakpoint;
import org.eclipse.lsp4j.debug.DataBreakpointAccessType;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.DataBreakpointInfoResponse;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsResponse;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.FunctionBreakpoint;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.MemoryEventArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.ReadMemoryArguments;
import org.eclipse.lsp4j.debug.ReadMemoryResponse;
import org.eclipse.lsp4j.debug.RestartArguments;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.ScopesResponse;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetFunctionBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetFunctionBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetVariableArguments;
import org.eclipse.lsp4j.debug.SetVariableResponse;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StackTraceResponse;
import org.eclipse.lsp4j.debug.StepInArguments;
import org.eclipse.lsp4j.debug.StepOutArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminateArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.Thread;
import org.eclipse.lsp4j.debug.ThreadEventArguments;
import org.eclipse.lsp4j.debug.ThreadEventArgumentsReason;
import org.eclipse.lsp4j.debug.ThreadsResponse;
import org.eclipse.lsp4j.debug.Variable;
import org.eclipse.lsp4j.debug.VariablesArguments;
import org.eclipse.lsp4j.debug.VariablesResponse;
import org.eclipse.lsp4j.debug.WriteMemoryArguments;
import org.eclipse.lsp4j.debug.WriteMemoryResponse;
import org.gpumem.dap.protocol.AddressSpacesArguments;
import org.gpumem.dap.protocol.AddressSpacesResponse;
import org.gpumem.dap.protocol.FocusArguments;
import org.gpumem.dap.protocol.FocusInfo;
import org.gpumem.dap.protocol.GpumemDebugClient;
import org.gpumem.dap.protocol.GpumemDebugServer;
import org.gpumem.dap.protocol.LanesArguments;
import org.gpumem.dap.protocol.LanesResponse;
import org.gpumem.dap.protocol.SpaceReference;
import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.LaneEvaluation;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.StepKind;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.ValueFormat;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.WatchHit;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.core.MemoryReference;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Findings;
import org.gpumem.sim.debug.CallFrame;

/**
 * gpumem's Debug Adapter Protocol server: one client, one debuggee (a CUDA program or a kernel
 * launch file), each kernel launch a {@link DebugSession} of the debug core, whose stops, warps,
 * frames, variables, focus and memory it serves in DAP's terms and in gpumem's extension
 * (docs/DAP-ADDRESS-SPACES.md).
 *
 * <p>Threads: LSP4J calls the request methods one at a time on its reader thread; they read the
 * stopped kernel through {@link DebugSession#query} and {@link StopMemoryState}, which never wait
 * for a running kernel (a request while it runs gets an error response at once). Events come from
 * the session's executor (stops), the program's stream readers (output) and its waiter (exit);
 * LSP4J writes each message whole.
 */
public final class DapServer implements GpumemDebugServer {
    /** Bytes one readMemory may ask for; more is refused, not allocated. */
    static final int MAX_READ = 16 << 20;
    /** Warp instructions a kernel launch may run, as gpumem run's default budget. */
    private static final long BUDGET = 0;

    /** Where gpumem's libcudart.so.13 is, for CUDA programs. */
    public interface RuntimeFolder {
        Path get() throws org.gpumem.host.HostProgramException;
    }

    private final RuntimeFolder runtimeDirectory;
    private volatile GpumemDebugClient client;
    private InitializeRequestArguments clientInfo;
    private Debuggee debuggee;
    private Map<String, Object> launchArguments;
    private boolean stopOnEntry;
    /** The launch's {@code stopAtFirstFinding}: each kernel stops at its memory checks' first finding. */
    private boolean stopAtFirstFinding;
    private boolean configured;
    /** Source breakpoints by file, as the client set them. */
    private final Map<Path, List<SourceBreakpoint>> sourceBreakpoints = new LinkedHashMap<>();
    private List<FunctionBreakpoint> functionBreakpoints = List.of();
    /** Breakpoint ids given to the client: one per (file, line) or kernel name. */
    private final Map<String, Integer> breakpointIds = new HashMap<>();
    private final StopIds ids = new StopIds();
    /** The kernel launch being debugged and its number (launches counted from 1). */
    private volatile DebugSession session;
    private volatile int launchNumber;
    private volatile List<WarpStatus> shownWarps = List.of();
    private volatile boolean exited;
    /** Counts launches and restarts: what an earlier debuggee still reports after a restart is dropped. */
    private volatile int generation;

    /** @param runtimeDirectory finds the folder of gpumem's libcudart.so.13, for CUDA programs */
    public DapServer(RuntimeFolder runtimeDirectory) {
        this.runtimeDirectory = runtimeDirectory;
    }

    void connect(GpumemDebugClient remote) {
        this.client = remote;
    }

    /** The connection closed: the debuggee ends with it. */
    void clientGone() {
        Debuggee d;
        synchronized (this) {
            d = debuggee;
        }
        if (d != null) {
            d.terminate();
        }
    }

    // ------------------------------------------------------------------ initialization and launch

    @Override
    public CompletableFuture<Capabilities> initialize(InitializeRequestArguments args) {
        clientInfo = args;
        Capabilities c = new Capabilities();
        c.setSupportsConfigurationDoneRequest(true);
        c.setSupportsFunctionBreakpoints(true);
        c.setSupportsReadMemoryRequest(true);
        c.setSupportsWriteMemoryRequest(true);
        c.setSupportsSetVariable(true);
        c.setSupportsTerminateRequest(true);
        c.setSupportsRestartRequest(true);
        c.setSupportsConditionalBreakpoints(true);
        c.setSupportsHitConditionalBreakpoints(true);
        c.setSupportsEvaluateForHovers(true);
        c.setSupportsDataBreakpoints(true);
        c.setSupportsDataBreakpointBytes(true);
        return CompletableFuture.completedFuture(c);
    }

    @Override
    public synchronized CompletableFuture<Void> launch(Map<String, Object> arguments) {
        if (debuggee != null) {
            throw Refusal.of("this session already debugs a program (use restart)");
        }
        prepare(arguments == null ? Map.of() : arguments);
        client.initialized();
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The memory checks a launch's {@code check} names: compute-sanitizer's tool names, comma
     * separated, or {@code all} (as {@code gpumem exec --check}); none when it is absent.
     */
    private static Set<CheckTool> checks(Object check) {
        if (check == null) {
            return Set.of();
        }
        if (!(check instanceof String list) || list.isBlank()) {
            throw Refusal.of("\"check\" is a comma-separated list of memcheck, racecheck, initcheck, synccheck, leakcheck, "
                    + "or all");
        }
        try {
            return CheckTool.parse(list);
        } catch (IllegalArgumentException e) {
            throw Refusal.of("\"check\": " + e.getMessage());
        }
    }

    /** Makes the debuggee that {@code args} describe; it starts at configurationDone. */
    private void prepare(Map<String, Object> args) {
        launchArguments = args;
        Object program = args.get("program");
        if (!(program instanceof String text) || text.isBlank()) {
            throw Refusal.of("launch needs \"program\": a CUDA program or a .launch.json file");
        }
        Path path = Path.of(text).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw Refusal.of(path + ": no such file");
        }
        stopOnEntry = Boolean.TRUE.equals(args.get("stopOnEntry"));
        Set<CheckTool> checks = checks(args.get("check"));
        stopAtFirstFinding = Boolean.TRUE.equals(args.get("stopAtFirstFinding"));
        if (stopAtFirstFinding && checks.isEmpty()) {
            throw Refusal.of("\"stopAtFirstFinding\" needs \"check\": the memory checks whose first finding stops the kernel");
        }
        try {
            if (path.getFileName().toString().endsWith(".json")) {
                debuggee = new Debuggee.LaunchFile(path, BUDGET, checks, new Reports(++generation));
            } else {
                Path cwd = args.get("cwd") instanceof String c && !c.isBlank() ? Path.of(c) : path.getParent();
                debuggee = new Debuggee.Program(path, strings(args.get("args"), "args"), cwd,
                        environment(args.get("env")), args.get("device") instanceof String d ? d : "sm_90",
                        runtimeDirectory.get(), BUDGET, checks, new Reports(++generation));
            }
        } catch (IOException e) {
            throw Refusal.of(messageOf(e));
        } catch (org.gpumem.host.HostProgramException e) {
            throw Refusal.of(e.getMessage());
        }
    }

    @Override
    public synchronized CompletableFuture<Void> configurationDone(ConfigurationDoneArguments args) {
        if (debuggee == null) {
            throw Refusal.of("configurationDone before launch");
        }
        if (!configured) {
            configured = true;
            try {
                debuggee.start();
            } catch (IOException e) {
                throw Refusal.of(messageOf(e));
            } catch (org.gpumem.host.HostProgramException e) {
                throw Refusal.of(e.getMessage());
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> restart(RestartArguments args) {
        Map<String, Object> again;
        synchronized (this) {
            if (debuggee == null) {
                throw Refusal.of("restart before launch");
            }
            generation++;
            debuggee.terminate();
            debuggee = null;
            session = null;
            launchNumber = 0;
            shownWarps = List.of();
            configured = false;
            exited = false;
            again = launchArguments;
        }
        synchronized (this) {
            // the client's breakpoints stay; no second initialized event (DAP's restart)
            prepare(again);
        }
        return configurationDone(new ConfigurationDoneArguments());
    }

    @Override
    public CompletableFuture<Void> terminate(TerminateArguments args) {
        end();
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        end();
        return CompletableFuture.completedFuture(null);
    }

    private void end() {
        Debuggee d;
        synchronized (this) {
            d = debuggee;
        }
        if (d != null) {
            d.terminate();
        } else {
            client.terminated(new TerminatedEventArguments());
        }
    }

    // ------------------------------------------------------------------ the debuggee's side

    /** The server's side of one debuggee: its reports count only while it is the current one. */
    private final class Reports implements Debuggee.Sessions {
        private final int of;

        Reports(int of) {
            this.of = of;
        }

        @Override
        public DebugSession open(KernelEngine engine, String kernel) throws IOException {
            if (of != generation) {
                throw new IOException("the debuggee was restarted");
            }
            return DapServer.this.open(engine, kernel);
        }

        @Override
        public void output(String category, String text) {
            if (of == generation) {
                DapServer.this.output(category, text);
            }
        }

        @Override
        public void exited(int exitCode) {
            if (of == generation) {
                DapServer.this.exited(exitCode);
            }
        }
    }

    private DebugSession open(KernelEngine engine, String kernel) throws IOException {
        int number = ++launchNumber;
        int of = generation;
        DebugSession s = new DebugSession(engine, new DebugSession.Listener() {
            @Override
            public void stopped(Stop stop) {
                if (of == generation) {
                    onStop(number, stop);
                }
            }

            @Override
            public void failed(Throwable error) {
                output("console", "gpumem dap: the debugger failed on " + engine.launch().label() + ": "
                        + new InternalErrorLog(e -> "an internal error").toResponse(error).getMessage() + "\n");
            }

            @Override
            public void ended() {
                if (of == generation) {
                    onLaunchEnded(number);
                }
            }
        });
        s.focus().addListener((before, after, cause) -> {
            if (after != null && cause != org.gpumem.debug.core.Focus.Cause.STOP) {
                client.focusChanged(focusInfo(s, after));
            }
        });
        session = s;
        ids.moved();
        try {
            List<BreakpointSpec> wanted = breakpointSpecs();
            List<BreakpointSpec> resolved = s.setBreakpoints(wanted).get();
            announceVerified(resolved);
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
            throw new IOException("interrupted while setting the breakpoints of " + engine.launch().label(), e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("could not set the breakpoints of " + engine.launch().label(), e.getCause());
        }
        if (stopAtFirstFinding) {
            // queued before the resume below, so the launch's first access is already watched
            s.stopAtFirstFinding(true);
        }
        if (stopOnEntry && number == 1) {
            s.suspend();
        }
        if (number > 1) {
            ContinuedEventArguments c = new ContinuedEventArguments();
            c.setThreadId(0);
            c.setAllThreadsContinued(true);
            client.continued(c);
        }
        s.resume();
        return s;
    }

    private void onStop(int number, Stop stop) {
        DebugSession s = session;
        ids.moved();
        if (stop.reason() == org.gpumem.debug.core.StopReason.EXITED) {
            return;
        }
        List<WarpStatus> warps = s.stopWarps();
        announceThreads(number, warps);
        StoppedEventArguments e = new GpumemStoppedEvent();
        e.setReason(switch (stop.reason()) {
            case BREAKPOINT -> atKernelEntry(warps, stop.warp()) ? "function breakpoint" : "breakpoint";
            case WATCHPOINT -> "data breakpoint";
            case STEP -> "step";
            case SUSPEND -> number == 1 && stopOnEntry && s.stopCount() == 1 ? "entry" : "pause";
            case FAULT, FINDING -> "exception";
            default -> "pause";
        });
        CudaFocus focus = s.focus().current();
        WarpId warp = stop.warp() != null ? stop.warp() : focus != null ? focus.lane().warp() : null;
        if (warp != null) {
            e.setThreadId(ids.thread(number, warp));
        }
        e.setAllThreadsStopped(true);
        if (stop.fault() != null) {
            e.setDescription("fault");
            e.setText(stop.fault().report());
        }
        if (stop.finding() != null) {
            // the finding as gpumem exec --check prints it, in the stop and on the console
            StringBuilder text = new StringBuilder();
            Findings.print(stop.finding(), line -> text.append(text.isEmpty() ? "" : "\n").append(line));
            e.setDescription("memory check finding");
            e.setText(text.toString());
            output("console", "gpumem: stopped at the first memory check finding:\n" + text + "\n");
        }
        if (stop.breakpoint() != null) {
            e.setHitBreakpointIds(new Integer[] {breakpointId(breakpointKey(stop.breakpoint()))});
        }
        if (stop.conditionError() != null) {
            // gdb's rule: a condition that cannot be evaluated stops, and says why
            e.setDescription("breakpoint condition error");
            e.setText("the condition '" + stop.breakpoint().condition() + "' of " + where(stop.breakpoint()) + ": "
                    + stop.conditionError());
            output("console", "gpumem: " + e.getText() + "\n");
        }
        if (stop.watch() != null) {
            WatchHit hit = stop.watch();
            String dataId = dataIdOf(hit.watch());
            if (dataId != null) {
                e.setHitBreakpointIds(new Integer[] {breakpointId("data " + dataId)});
            }
            e.setText(hit.describe(s.launch().target()));
        }
        if (focus != null) {
            ((GpumemStoppedEvent) e).lane = focus.lane().describe(org.gpumem.model.Scope.LANE);
            e.setDescription((e.getDescription() == null ? e.getReason() : e.getDescription()) + " in "
                    + focus.describe(s.launch().target()));
        }
        client.stopped(e);
    }

    /**
     * Whether a breakpoint stop is a kernel-entry breakpoint's: the warp is at the kernel's first
     * instruction while the client has function breakpoints (a line breakpoint there would be on
     * the kernel's first line, which no function breakpoint shares an id with, so either is right).
     */
    private boolean atKernelEntry(List<WarpStatus> warps, WarpId warp) {
        boolean any;
        synchronized (sourceBreakpoints) {
            any = !functionBreakpoints.isEmpty();
        }
        return any && warps.stream().filter(w -> w.id().equals(warp)).anyMatch(
                w -> w.frames().size() == 1 && w.frames().get(0).pc() == 0);
    }

    /** The stopped event with the lane that stopped (a field DAP does not have; clients ignore it). */
    static final class GpumemStoppedEvent extends StoppedEventArguments {
        String lane;
    }

    private void onLaunchEnded(int number) {
        dataBreakpointsEnded(number);
        for (WarpStatus w : shownWarps) {
            ThreadEventArguments t = new ThreadEventArguments();
            t.setReason(ThreadEventArgumentsReason.EXITED);
            t.setThreadId(ids.thread(number, w.id()));
            client.thread(t);
        }
        shownWarps = List.of();
        ids.moved();
    }

    /** Thread events for the warps that appeared or went since the previous stop. */
    private void announceThreads(int number, List<WarpStatus> warps) {
        List<WarpId> before = shownWarps.stream().map(WarpStatus::id).toList();
        List<WarpId> now = warps.stream().map(WarpStatus::id).toList();
        for (WarpId w : now) {
            if (!before.contains(w)) {
                ThreadEventArguments t = new ThreadEventArguments();
                t.setReason(ThreadEventArgumentsReason.STARTED);
                t.setThreadId(ids.thread(number, w));
                client.thread(t);
            }
        }
        for (WarpId w : before) {
            if (!now.contains(w)) {
                ThreadEventArguments t = new ThreadEventArguments();
                t.setReason(ThreadEventArgumentsReason.EXITED);
                t.setThreadId(ids.thread(number, w));
                client.thread(t);
            }
        }
        shownWarps = warps;
    }

    private void output(String category, String text) {
        if (text.isEmpty()) {
            return;
        }
        OutputEventArguments o = new OutputEventArguments();
        o.setCategory(category);
        o.setOutput(text);
        client.output(o);
    }

    private void exited(int exitCode) {
        synchronized (this) {
            if (exited) {
                return;
            }
            exited = true;
        }
        ExitedEventArguments e = new ExitedEventArguments();
        e.setExitCode(exitCode);
        client.exited(e);
        client.terminated(new TerminatedEventArguments());
    }

    // ------------------------------------------------------------------ breakpoints

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        if (args.getSource() == null || args.getSource().getPath() == null) {
            throw Refusal.of("setBreakpoints needs source.path");
        }
        Path file = Path.of(args.getSource().getPath()).toAbsolutePath().normalize();
        SourceBreakpoint[] wanted = args.getBreakpoints() == null ? new SourceBreakpoint[0] : args.getBreakpoints();
        List<Breakpoint> answer = new ArrayList<>();
        List<SourceBreakpoint> kept = new ArrayList<>();
        for (SourceBreakpoint b : wanted) {
            if (b.getLogMessage() != null) {
                throw Refusal.of("gpumem has no log points: a breakpoint with a log message cannot be set");
            }
            Breakpoint r = new Breakpoint();
            r.setId(breakpointId(file + ":" + b.getLine()));
            r.setLine(b.getLine());
            r.setSource(args.getSource());
            r.setVerified(false);
            String problem = hitConditionProblem(b.getHitCondition());
            r.setMessage(problem != null ? file.getFileName() + ":" + b.getLine() + ": " + problem
                    : "checked when a kernel launch loads its module");
            if (problem == null) {
                kept.add(b);
            }
            answer.add(r);
        }
        synchronized (sourceBreakpoints) {
            sourceBreakpoints.put(file, List.copyOf(kept));
        }
        reinstall();
        SetBreakpointsResponse response = new SetBreakpointsResponse();
        response.setBreakpoints(answer.toArray(Breakpoint[]::new));
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public CompletableFuture<SetFunctionBreakpointsResponse> setFunctionBreakpoints(SetFunctionBreakpointsArguments args) {
        FunctionBreakpoint[] wanted = args.getBreakpoints() == null ? new FunctionBreakpoint[0] : args.getBreakpoints();
        List<Breakpoint> answer = new ArrayList<>();
        List<FunctionBreakpoint> kept = new ArrayList<>();
        for (FunctionBreakpoint f : wanted) {
            Breakpoint r = new Breakpoint();
            r.setId(breakpointId("kernel " + f.getName()));
            r.setVerified(false);
            String problem = hitConditionProblem(f.getHitCondition());
            r.setMessage("kernel " + f.getName() + ": " + (problem != null ? problem : "checked when a launch of it starts"));
            if (problem == null) {
                kept.add(f);
            }
            answer.add(r);
        }
        synchronized (sourceBreakpoints) {
            functionBreakpoints = List.copyOf(kept);
        }
        reinstall();
        SetFunctionBreakpointsResponse response = new SetFunctionBreakpointsResponse();
        response.setBreakpoints(answer.toArray(Breakpoint[]::new));
        return CompletableFuture.completedFuture(response);
    }

    private int breakpointId(String key) {
        synchronized (breakpointIds) {
            return breakpointIds.computeIfAbsent(key, k -> breakpointIds.size() + 1);
        }
    }

    private List<BreakpointSpec> breakpointSpecs() {
        List<BreakpointSpec> specs = new ArrayList<>();
        synchronized (sourceBreakpoints) {
            sourceBreakpoints.forEach((file, lines) -> {
                boolean ptx = file.getFileName().toString().endsWith(".ptx");
                for (SourceBreakpoint b : lines) {
                    specs.add(new BreakpointSpec(file, b.getLine(), ptx).withCondition(b.getCondition())
                            .withHitCount(hitCount(b.getHitCondition())));
                }
            });
            for (FunctionBreakpoint f : functionBreakpoints) {
                specs.add(BreakpointSpec.kernelEntry(f.getName()).withCondition(f.getCondition())
                        .withHitCount(hitCount(f.getHitCondition())));
            }
        }
        return specs;
    }

    /** Gives the current launch's session the client's breakpoints; verified ones are announced. */
    private void reinstall() {
        DebugSession s = session;
        if (s == null || s.isEnded()) {
            return;
        }
        s.setBreakpoints(breakpointSpecs()).thenAccept(this::announceVerified);
    }

    /** The key of a breakpoint's id: its file and line, or its kernel. */
    private static String breakpointKey(BreakpointSpec spec) {
        return spec.isKernelEntry() ? "kernel " + spec.kernel() : spec.file().toAbsolutePath().normalize() + ":" + spec.line();
    }

    private static String where(BreakpointSpec spec) {
        return spec.isKernelEntry() ? "kernel " + spec.kernel() : spec.file().getFileName() + ":" + spec.line();
    }

    /**
     * The counted reach from which a breakpoint with DAP's {@code hitCondition} stops (the debug
     * core's hit count): {@code N} or {@code >= N} the N-th and every later one, {@code > N} from
     * the next; 0 without one.
     */
    static int hitCount(String hitCondition) {
        if (hitCondition == null || hitCondition.isBlank()) {
            return 0;
        }
        java.util.regex.Matcher m = HIT_CONDITION.matcher(hitCondition);
        if (!m.matches()) {
            throw new IllegalArgumentException(hitConditionProblem(hitCondition));
        }
        long n = Long.parseLong(m.group(2));
        return (int) (">".equals(m.group(1)) ? n + 1 : n);
    }

    private static final java.util.regex.Pattern HIT_CONDITION = java.util.regex.Pattern.compile("\\s*(>=|>)?\\s*(\\d{1,9})\\s*");

    /** Why gpumem cannot count reaches as {@code hitCondition} asks, or null when it can. */
    static String hitConditionProblem(String hitCondition) {
        if (hitCondition == null || hitCondition.isBlank() || HIT_CONDITION.matcher(hitCondition).matches()) {
            return null;
        }
        return "hit condition '" + hitCondition.strip() + "': gpumem counts reaches as N or >= N (stop at the N-th "
                + "reach and every later one) or > N";
    }

    private void announceVerified(List<BreakpointSpec> resolved) {
        for (BreakpointSpec spec : resolved) {
            Breakpoint b = new Breakpoint();
            b.setVerified(true);
            if (spec.isKernelEntry()) {
                b.setId(breakpointId(breakpointKey(spec)));
            } else {
                b.setId(breakpointId(breakpointKey(spec)));
                b.setLine(spec.line());
                Source source = new Source();
                source.setPath(spec.file().toString());
                b.setSource(source);
            }
            BreakpointEventArguments e = new BreakpointEventArguments();
            e.setReason(BreakpointEventArgumentsReason.CHANGED);
            e.setBreakpoint(b);
            client.breakpoint(e);
        }
    }

    // ------------------------------------------------------------------ run control

    /** The current launch's session, stopped. */
    private DebugSession stopped() {
        DebugSession s = session;
        if (s == null || s.isEnded()) {
            throw Refusal.of(exited ? "the program has ended" : "no kernel launch is being debugged");
        }
        if (!s.isSuspended()) {
            throw Refusal.of("the kernel is running");
        }
        return s;
    }

    private WarpId warpOf(DebugSession s, int threadId) {
        WarpId w = ids.warp(threadId, launchNumber);
        if (w == null || s.stopWarps().stream().noneMatch(x -> x.id().equals(w))) {
            throw Refusal.of("no warp is thread " + threadId + " at this stop");
        }
        return w;
    }

    /**
     * After a fault the kernel cannot go on: continuing or stepping ends the launch, whose result
     * (the fault) reaches the program or, for a launch file, the exit code.
     */
    private boolean endedByFault(DebugSession s) {
        Stop last = s.lastStop();
        if (last != null && last.reason() == org.gpumem.debug.core.StopReason.FAULT) {
            ids.moved();
            s.terminate();
            return true;
        }
        return false;
    }

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        DebugSession s = stopped();
        ids.moved();
        if (!endedByFault(s)) {
            s.resume();
        }
        ContinueResponse r = new ContinueResponse();
        r.setAllThreadsContinued(true);
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return step(args.getThreadId(), StepKind.OVER);
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return step(args.getThreadId(), StepKind.INTO);
    }

    @Override
    public CompletableFuture<Void> stepOut(StepOutArguments args) {
        return step(args.getThreadId(), StepKind.RETURN);
    }

    private CompletableFuture<Void> step(int threadId, StepKind kind) {
        DebugSession s = stopped();
        WarpId w = warpOf(s, threadId);
        ids.moved();
        if (!endedByFault(s)) {
            s.step(w, kind);
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> pause(PauseArguments args) {
        DebugSession s = session;
        if (s == null || s.isEnded()) {
            throw Refusal.of("no kernel is running (the program runs on the host between kernel launches)");
        }
        s.suspend();
        return CompletableFuture.completedFuture(null);
    }

    // ------------------------------------------------------------------ threads, frames, variables

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        DebugSession s = session;
        List<Thread> threads = new ArrayList<>();
        if (s != null && s.isSuspended()) {
            CudaFocus focus = s.focus().current();
            for (WarpStatus w : s.stopWarps()) {
                Thread t = new Thread();
                t.setId(ids.thread(launchNumber, w.id()));
                boolean focused = focus != null && focus.lane().warp().equals(w.id());
                t.setName(w.id().label() + (focused ? " \u25c9 focus" : ""));
                threads.add(t);
            }
        }
        ThreadsResponse r = new ThreadsResponse();
        r.setThreads(threads.toArray(Thread[]::new));
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        DebugSession s = stopped();
        WarpId w = warpOf(s, args.getThreadId());
        WarpStatus status = s.stopWarps().stream().filter(x -> x.id().equals(w)).findFirst().orElseThrow();
        List<StackFrame> frames = new ArrayList<>();
        List<CallFrame> calls = status.frames();
        int from = args.getStartFrame() == null ? 0 : args.getStartFrame();
        int count = args.getLevels() == null || args.getLevels() == 0 ? calls.size() : args.getLevels();
        for (int i = from; i < calls.size() && i < from + count; i++) {
            CallFrame c = calls.get(i);
            StackFrame f = new StackFrame();
            f.setId(ids.frame(new StopIds.Frame(s, w, i)));
            f.setName(ItaniumDemangler.readable(c.function()));
            SourceLocation at = c.source();
            Path module = s.launch().module();
            if (at != null) {
                f.setSource(source(Path.of(at.file()), module));
                f.setLine(at.line());
                f.setColumn(Math.max(at.column(), 1));
            } else if (module != null) {
                f.setSource(source(module, module));
                f.setLine(c.ptxLine());
                f.setColumn(1);
            } else {
                f.setLine(0);
                f.setColumn(0);
            }
            f.setInstructionPointerReference("code [" + c.function() + "] +0x" + Integer.toHexString(c.pc()));
            frames.add(f);
        }
        StackTraceResponse r = new StackTraceResponse();
        r.setStackFrames(frames.toArray(StackFrame[]::new));
        r.setTotalFrames(calls.size());
        return CompletableFuture.completedFuture(r);
    }

    /**
     * A DAP source for a file a PTX {@code .file} names: the file where it is, else the file of
     * that name beside the program or launch file, else beside the launched PTX module (the path
     * names the machine that compiled it, or the PTX's folder).
     */
    private Source source(Path file, Path module) {
        Source s = new Source();
        s.setName(file.getFileName().toString());
        List<Path> candidates = new ArrayList<>();
        candidates.add(file);
        if (launchArguments != null && launchArguments.get("program") instanceof String p) {
            candidates.add(Path.of(p).toAbsolutePath().getParent().resolve(file.getFileName().toString()));
        }
        if (module != null && module.getParent() != null) {
            candidates.add(module.getParent().resolve(file.getFileName().toString()));
        }
        Path found = candidates.stream().filter(Files::isRegularFile).findFirst().orElse(file);
        s.setPath(found.toAbsolutePath().normalize().toString());
        return s;
    }

    /** A scope of a frame: its variables of one kind, read for the lane the focus shows. */
    private record FrameScope(StopIds.Frame frame, String kind) {
    }

    /** An array variable's elements, of a variable of {@code frame}. */
    private record Elements(VariableValue array, StopIds.Frame frame) {
    }

    @Override
    public CompletableFuture<ScopesResponse> scopes(ScopesArguments args) {
        StopIds.Frame frame = ids.frame(args.getFrameId());
        if (frame == null || frame.session() != session) {
            throw Refusal.of("no frame " + args.getFrameId() + " at this stop");
        }
        List<Scope> scopes = new ArrayList<>();
        for (String kind : List.of("Locals", "Parameters", "Shared", "Registers")) {
            Scope sc = new Scope();
            sc.setName(kind);
            sc.setVariablesReference(ids.reference(new FrameScope(frame, kind)));
            sc.setPresentationHint(kind.equals("Locals") ? "locals" : kind.equals("Registers") ? "registers" : null);
            scopes.add(sc);
        }
        ScopesResponse r = new ScopesResponse();
        r.setScopes(scopes.toArray(Scope[]::new));
        return CompletableFuture.completedFuture(r);
    }

    private List<VariableValue> frameVariables(StopIds.Frame frame) {
        DebugSession s = stopped();
        WarpStatus status = s.stopWarps().stream().filter(x -> x.id().equals(frame.warp())).findFirst().orElseThrow();
        int level = status.frames().get(frame.index()).level();
        int lane = s.focus().laneShownBy(status);
        try {
            return s.query(e -> e.variables(frame.warp(), level, lane));
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        } catch (IllegalArgumentException e) {
            // the engine's words for a frame it cannot bind (a module without debug information)
            throw Refusal.of(e.getMessage());
        }
    }

    @Override
    public CompletableFuture<VariablesResponse> variables(VariablesArguments args) {
        Object container = ids.reference(args.getVariablesReference());
        List<Variable> out = new ArrayList<>();
        if (container instanceof FrameScope scope) {
            Target target = session.launch().target();
            for (VariableValue v : frameVariables(scope.frame())) {
                if (scope.kind().equals("Registers")) {
                    if (v.location() == null && v.register() != null) {
                        out.add(variable(v.register() + " (" + v.name() + ")", v, target, scope.frame()));
                    }
                } else if (scope.kind().equals(kindOf(v))) {
                    out.add(variable(v.name(), v, target, scope.frame()));
                }
            }
        } else if (container instanceof Elements elements) {
            VariableValue a = elements.array();
            Target target = session.launch().target();
            for (int i = 0; i < a.count(); i++) {
                Variable e = new Variable();
                e.setName("[" + i + "]");
                e.setValue(ValueFormat.format(a.bytes(), a.element(), i));
                if (a.location() != null) {
                    e.setMemoryReference(new VariableValue.Location(a.location().space(), a.location().lane(),
                            a.location().offset() + (long) i * a.element().size()).describe(target));
                }
                out.add(e);
            }
        } else {
            throw Refusal.of("no variables reference " + args.getVariablesReference() + " at this stop");
        }
        VariablesResponse r = new VariablesResponse();
        r.setVariables(out.toArray(Variable[]::new));
        return CompletableFuture.completedFuture(r);
    }

    /** The scope a variable is listed in (those in registers are in Registers too, by register). */
    private static String kindOf(VariableValue v) {
        if (v.parameter()) {
            return "Parameters";
        }
        if (v.location() != null && v.location().space().equals("shared")) {
            return "Shared";
        }
        return "Locals";
    }

    private Variable variable(String name, VariableValue v, Target target, StopIds.Frame frame) {
        Variable out = new Variable();
        out.setName(name);
        out.setType(v.type());
        if (v.problem() != null) {
            out.setValue("<" + v.problem() + ">");
        } else if (v.count() > 1) {
            StringBuilder text = new StringBuilder("{");
            for (int i = 0; i < Math.min(v.count(), 8); i++) {
                text.append(i == 0 ? "" : ", ").append(ValueFormat.format(v.bytes(), v.element(), i));
            }
            out.setValue(text.append(v.count() > 8 ? ", ...}" : "}").toString());
            out.setVariablesReference(ids.reference(new Elements(v, frame)));
            out.setIndexedVariables(v.count());
        } else {
            out.setValue(ValueFormat.format(v.bytes(), v.element(), 0));
        }
        if (v.location() != null) {
            out.setMemoryReference(v.location().describe(target));
        }
        return out;
    }

    @Override
    public CompletableFuture<SetVariableResponse> setVariable(SetVariableArguments args) {
        Object container = ids.reference(args.getVariablesReference());
        if (!(container instanceof FrameScope scope)) {
            throw Refusal.of("only a frame's variables can be set");
        }
        VariableValue v = frameVariables(scope.frame()).stream()
                .filter(x -> x.name().equals(args.getName()) || (x.register() + " (" + x.name() + ")").equals(args.getName()))
                .findFirst().orElseThrow(() -> Refusal.of("no variable " + args.getName() + " in " + scope.kind()));
        if (v.location() == null) {
            throw Refusal.of(v.name() + " lives in register " + v.register() + ", which gpumem cannot write");
        }
        if (v.count() != 1) {
            throw Refusal.of(v.name() + " is an array: set its elements one at a time");
        }
        byte[] bytes;
        try {
            bytes = ValueFormat.parse(args.getValue(), v.element());
        } catch (NumberFormatException e) {
            throw Refusal.of("'" + args.getValue() + "' is not a value of " + v.type() + ": " + e.getMessage());
        }
        DebugSession s = stopped();
        StopMemoryState state = s.stopState();
        AddressSpace space = state.space(v.location().space());
        Context context = state.context(space, v.location().lane());
        try {
            state.write(space, context, v.location().offset(), bytes);
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        }
        memoryWritten(v.location().describe(s.launch().target()), 0, bytes.length);
        SetVariableResponse r = new SetVariableResponse();
        r.setValue(ValueFormat.format(bytes, v.element(), 0));
        return CompletableFuture.completedFuture(r);
    }

    // ------------------------------------------------------------------ memory

    /** Where a memoryReference points at this stop. */
    private record Place(DebugSession session, StopMemoryState state, AddressSpace space, Context context, LaneId lane,
            long offset, String reference) {
    }

    private Place place(String memoryReference, long delta) {
        DebugSession s = stopped();
        StopMemoryState state = s.stopState();
        if (state == null) {
            throw Refusal.of("the kernel is running");
        }
        Target target = s.launch().target();
        CudaFocus focus = s.focus().current();
        SpaceReference ref = SpaceReference.parse(memoryReference);
        if (ref == null) {
            Long address = number(memoryReference);
            if (address == null || focus == null) {
                throw Refusal.of("'" + memoryReference + "' is not a memory reference of gpumem "
                        + "(<space> [<context>] +0x<offset>, or an address of " + target.getDefaultSpace().getName() + ")");
            }
            AddressSpace generic = target.getDefaultSpace();
            ref = new SpaceReference(generic.getName(), focus.lane().describe(generic.getScope()), address);
        }
        AddressSpace space;
        try {
            space = state.space(ref.space());
        } catch (AddressingException e) {
            throw Refusal.of(e.getMessage());
        }
        if (focus == null) {
            throw Refusal.of("no warp of the kernel has frames at this stop");
        }
        ContextNames.Named named = ContextNames.resolve(ref.context(), s.stopWarps(), focus.lane());
        if (named.scope().getValue() < space.getScope().getValue() && space.getScope() != org.gpumem.model.Scope.SYSTEM) {
            throw Refusal.of(space.getName() + " is per " + org.gpumem.model.addressing.Contexts.term(target, space.getScope())
                    + ": '" + ref.context() + "' does not name one");
        }
        Context context = state.context(space, named.lane());
        if (context == null) {
            throw Refusal.of(ref.context() + " is not resident");
        }
        return new Place(s, state, space, context, named.lane(), ref.offset() + delta, ref.plus(delta).toString());
    }

    private static Long number(String text) {
        String t = text.trim();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            return t.isEmpty() || !t.chars().allMatch(Character::isDigit) ? null : Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public CompletableFuture<ReadMemoryResponse> readMemory(ReadMemoryArguments args) {
        if (args.getCount() < 0 || args.getCount() > MAX_READ) {
            throw Refusal.of("readMemory of " + args.getCount() + " bytes: at most " + MAX_READ + " at a time");
        }
        Place p = place(args.getMemoryReference(), args.getOffset() == null ? 0 : args.getOffset());
        int count = args.getCount();
        byte[] bytes = new byte[count];
        boolean[] readable = new boolean[count];
        String why;
        try {
            why = p.state().read(p.space(), p.context(), p.offset(), count, bytes, readable, 0);
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        }
        int first = 0;
        while (first < count && readable[first]) {
            first++;
        }
        int unreadable = 0;
        while (first + unreadable < count && !readable[first + unreadable]) {
            unreadable++;
        }
        ReadMemoryResponse r = new ReadMemoryResponse();
        r.setAddress("0x" + Long.toHexString(p.offset()));
        if (first > 0) {
            r.setData(Base64.getEncoder().encodeToString(first == count ? bytes : java.util.Arrays.copyOf(bytes, first)));
        }
        if (unreadable > 0) {
            r.setUnreadableBytes(unreadable);
        }
        if (first == 0 && why != null) {
            // The response has no field for why; a read that gets nothing says it on the console.
            output("console", "gpumem dap: " + p.space().getName() + " at " + why + "\n");
        }
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public CompletableFuture<WriteMemoryResponse> writeMemory(WriteMemoryArguments args) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(args.getData() == null ? "" : args.getData());
        } catch (IllegalArgumentException e) {
            throw Refusal.of("writeMemory: data is not base64: " + e.getMessage());
        }
        long delta = args.getOffset() == null ? 0 : args.getOffset();
        Place p = place(args.getMemoryReference(), delta);
        try {
            p.state().write(p.space(), p.context(), p.offset(), bytes);
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        } catch (AddressingException e) {
            throw Refusal.of(e.getMessage());
        }
        memoryWritten(args.getMemoryReference(), (int) delta, bytes.length);
        WriteMemoryResponse r = new WriteMemoryResponse();
        r.setBytesWritten(bytes.length);
        return CompletableFuture.completedFuture(r);
    }

    private void memoryWritten(String reference, int offset, int count) {
        MemoryEventArguments m = new MemoryEventArguments();
        m.setMemoryReference(reference);
        m.setOffset(offset);
        m.setCount(count);
        client.memory(m);
    }

    // ------------------------------------------------------------------ expressions and data breakpoints

    /** Where an expression is evaluated: a lane (the one the frame shows) and a frame level of its warp. */
    private record EvalPlace(DebugSession session, LaneId lane, int level) {
    }

    /**
     * The lane and frame level of {@code frameId} (the lane the focus shows in that warp), or,
     * without one, the focused lane's innermost frame.
     */
    private EvalPlace evalPlace(Integer frameId) {
        DebugSession s = stopped();
        if (frameId != null) {
            StopIds.Frame frame = ids.frame(frameId);
            if (frame == null || frame.session() != s) {
                throw Refusal.of("no frame " + frameId + " at this stop");
            }
            return evalPlace(s, frame);
        }
        CudaFocus focus = s.focus().current();
        if (focus == null) {
            throw Refusal.of("no warp of the kernel has frames at this stop");
        }
        WarpStatus status = s.stopWarps().stream().filter(x -> x.id().equals(focus.lane().warp())).findFirst().orElseThrow();
        return new EvalPlace(s, focus.lane(), status.frames().get(0).level());
    }

    private EvalPlace evalPlace(DebugSession s, StopIds.Frame frame) {
        WarpStatus status = s.stopWarps().stream().filter(x -> x.id().equals(frame.warp())).findFirst().orElseThrow();
        return new EvalPlace(s, new LaneId(frame.warp(), s.focus().laneShownBy(status)),
                status.frames().get(frame.index()).level());
    }

    /**
     * An expression of the debug core's evaluator (cuda-gdb's C with {@code @space} casts,
     * built-ins and registers) in the lane the frame shows, for every context (watch, hover,
     * repl, clipboard): the value as cuda-gdb prints it, its type, and where it is in memory (a
     * pointer: where it points). An expression that cannot be evaluated is an error response
     * with the evaluator's one line, which names the position.
     */
    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        if (args.getExpression() == null || args.getExpression().isBlank()) {
            throw Refusal.of("evaluate needs an expression");
        }
        EvalPlace at = evalPlace(args.getFrameId());
        String text = args.getExpression();
        EvaluateResponse r = new EvaluateResponse();
        try {
            at.session().query(engine -> {
                ExpressionValue v = engine.evaluate(text, at.lane(), at.level());
                r.setResult(v.format());
                r.setType(v.typeName());
                Target target = engine.launch().target();
                if (v.type().stripped() instanceof DwarfType.Pointer || KernelEngine.textureObjectType(v.type())) {
                    // a pointer: where it points; a texture or surface object: the memory it reads
                    MemoryReference m = engine.memoryReference(text, at.lane(), at.level());
                    r.setMemoryReference(new VariableValue.Location(m.space(), m.lane(), m.offset()).describe(target));
                } else if (v.memory() != null) {
                    r.setMemoryReference(new VariableValue.Location(v.memory().space(), at.lane(), v.memory().offset())
                            .describe(target));
                }
                return null;
            });
        } catch (ExpressionException | NotStoppedException | IllegalArgumentException e) {
            // the evaluator's line naming the position, a running kernel, or the engine's words for
            // a frame it cannot bind (a module without debug information)
            throw Refusal.of(e.getMessage());
        }
        return CompletableFuture.completedFuture(r);
    }

    /**
     * Data breakpoints handed out at stops of the current launch: their id (what the client sends
     * back in setDataBreakpoints) to the core's watchpoint. A watchpoint names bytes of one
     * launch, so they end with it.
     */
    private final Map<String, WatchpointSpec> dataIds = new LinkedHashMap<>();
    /** The client's data breakpoints, as it last set them. */
    private List<DataBreakpoint> dataBreakpoints = List.of();

    private String dataIdOf(WatchpointSpec spec) {
        synchronized (dataIds) {
            for (Map.Entry<String, WatchpointSpec> e : dataIds.entrySet()) {
                if (e.getValue().equals(spec.forAccesses(e.getValue().kind()))) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    /**
     * What a data breakpoint on a variable (of a scope or an array's elements) or an expression
     * in a frame would watch: the bytes the frame's lane sees (its CTA's shared bytes, its own
     * local bytes, global and const bytes), through the core's watchpoints. A value that is not
     * in memory (a register) gets no data id and says why.
     */
    @Override
    public CompletableFuture<DataBreakpointInfoResponse> dataBreakpointInfo(DataBreakpointInfoArguments args) {
        if (args.getName() == null || args.getName().isBlank()) {
            throw Refusal.of("dataBreakpointInfo needs a name");
        }
        if (Boolean.TRUE.equals(args.getAsAddress())) {
            return CompletableFuture.completedFuture(addressDataBreakpointInfo(args.getName(), args.getBytes()));
        }
        String expression;
        EvalPlace at;
        if (args.getVariablesReference() != null && args.getVariablesReference() != 0) {
            Object container = ids.reference(args.getVariablesReference().intValue());
            if (container instanceof FrameScope scope) {
                at = evalPlace(stopped(), scope.frame());
                String name = args.getName();
                // a register's row names the variable in parentheses
                expression = scope.kind().equals("Registers") && name.endsWith(")") && name.contains(" (")
                        ? name.substring(name.indexOf(" (") + 2, name.length() - 1) : name;
            } else if (container instanceof Elements elements) {
                at = evalPlace(stopped(), elements.frame());
                expression = elements.array().name() + args.getName();
            } else {
                throw Refusal.of("no variables reference " + args.getVariablesReference() + " at this stop");
            }
        } else {
            at = evalPlace(args.getFrameId());
            expression = args.getName();
        }
        WatchpointSpec spec;
        try {
            spec = at.session().watchpoint(expression, at.lane(), at.level(), WatchpointSpec.Kind.WRITE);
        } catch (ExpressionException e) {
            DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
            r.setDescription(e.getMessage());
            return CompletableFuture.completedFuture(r);
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        }
        return CompletableFuture.completedFuture(dataBreakpointInfo(at.session(), spec));
    }

    /**
     * A data breakpoint on {@code bytes} bytes (1 when absent) at a memory reference: gpumem's
     * {@code <space> [<context>] +0x<offset>} as readMemory takes it, or an address of the
     * target's default (generic) space as the focused lane sees it.
     */
    private DataBreakpointInfoResponse addressDataBreakpointInfo(String reference, Integer bytes) {
        Place p = place(reference, 0);
        try {
            return dataBreakpointInfo(p.session(), p.session().watchpoint(p.space().getName(), p.offset(),
                    bytes == null ? 1 : bytes, p.lane(), WatchpointSpec.Kind.WRITE));
        } catch (ExpressionException e) {
            // no data id: the description says why the bytes cannot be watched
            DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
            r.setDescription(e.getMessage());
            return r;
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        }
    }

    /** The answer handing out {@code spec}'s data id, which setDataBreakpoints takes back. */
    private DataBreakpointInfoResponse dataBreakpointInfo(DebugSession session, WatchpointSpec spec) {
        DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
        String id = "launch " + launchNumber + ": " + spec.describe(session.launch().target());
        synchronized (dataIds) {
            dataIds.put(id, spec);
        }
        r.setDataId(id);
        r.setDescription(spec.describe(session.launch().target()));
        r.setAccessTypes(new DataBreakpointAccessType[] {DataBreakpointAccessType.WRITE, DataBreakpointAccessType.READ,
                DataBreakpointAccessType.READ_WRITE});
        r.setCanPersist(false);
        return r;
    }

    /**
     * Replaces the data breakpoints: each one's bytes watched for its access type by the core in
     * the current launch. Those whose id is not of this launch, or that ask for a condition, are
     * answered unverified with the reason.
     */
    @Override
    public CompletableFuture<SetDataBreakpointsResponse> setDataBreakpoints(SetDataBreakpointsArguments args) {
        DataBreakpoint[] wanted = args.getBreakpoints() == null ? new DataBreakpoint[0] : args.getBreakpoints();
        List<WatchpointSpec> specs = new ArrayList<>();
        Breakpoint[] answer = new Breakpoint[wanted.length];
        List<Integer> asked = new ArrayList<>();
        for (int i = 0; i < wanted.length; i++) {
            DataBreakpoint d = wanted[i];
            Breakpoint b = new Breakpoint();
            b.setId(breakpointId("data " + d.getDataId()));
            b.setVerified(false);
            answer[i] = b;
            WatchpointSpec spec;
            synchronized (dataIds) {
                spec = d.getDataId() == null ? null : dataIds.get(d.getDataId());
            }
            if (spec == null) {
                b.setMessage("'" + d.getDataId() + "' is not a data breakpoint of this kernel launch");
            } else if (d.getCondition() != null || d.getHitCondition() != null) {
                b.setMessage("gpumem's data breakpoints take no condition or hit count");
            } else {
                specs.add(spec.forAccesses(d.getAccessType() == null ? WatchpointSpec.Kind.WRITE : switch (d.getAccessType()) {
                    case READ -> WatchpointSpec.Kind.READ;
                    case WRITE -> WatchpointSpec.Kind.WRITE;
                    case READ_WRITE -> WatchpointSpec.Kind.ACCESS;
                }));
                asked.add(i);
            }
        }
        synchronized (dataIds) {
            dataBreakpoints = List.of(wanted);
        }
        SetDataBreakpointsResponse response = new SetDataBreakpointsResponse();
        response.setBreakpoints(answer);
        DebugSession s = session;
        if (s == null || s.isEnded()) {
            for (int i : asked) {
                answer[i].setMessage("no kernel launch is being debugged");
            }
            return CompletableFuture.completedFuture(response);
        }
        // queued behind a running command: the answer comes when the kernel stops
        return s.setWatchpoints(specs).thenApply(installed -> {
            for (int k = 0; k < asked.size(); k++) {
                Breakpoint b = answer[asked.get(k)];
                boolean watched = installed.contains(specs.get(k));
                b.setVerified(watched);
                if (!watched) {
                    b.setMessage("the simulator cannot watch these bytes");
                }
            }
            return response;
        });
    }

    /** A launch ended: its data breakpoints watch nothing now; the client hears so. */
    private void dataBreakpointsEnded(int number) {
        List<DataBreakpoint> set;
        synchronized (dataIds) {
            set = dataBreakpoints;
            dataIds.clear();
        }
        for (DataBreakpoint d : set) {
            Breakpoint b = new Breakpoint();
            b.setId(breakpointId("data " + d.getDataId()));
            b.setVerified(false);
            b.setMessage("kernel launch " + number + ", whose bytes it watched, ended");
            BreakpointEventArguments e = new BreakpointEventArguments();
            e.setReason(BreakpointEventArgumentsReason.CHANGED);
            e.setBreakpoint(b);
            client.breakpoint(e);
        }
    }

    // ------------------------------------------------------------------ gpumem's requests

    private FocusInfo focusInfo(DebugSession s, CudaFocus f) {
        FocusInfo info = new FocusInfo();
        info.cta = f.lane().describe(org.gpumem.model.Scope.WORK_GROUP);
        info.warp = f.lane().describe(org.gpumem.model.Scope.SUBGROUP);
        info.lane = f.lane().describe(org.gpumem.model.Scope.LANE);
        info.thread = "block " + f.cta() + " thread " + f.thread();
        info.threadId = ids.thread(launchNumber, f.lane().warp());
        return info;
    }

    @Override
    public CompletableFuture<AddressSpacesResponse> addressSpaces(AddressSpacesArguments args) {
        DebugSession s = stopped();
        CudaFocus focus = s.focus().current();
        if (focus == null) {
            throw Refusal.of("no warp of the kernel has frames at this stop");
        }
        ContextNames.Named from = args == null || args.context == null
                ? new ContextNames.Named(org.gpumem.model.Scope.LANE, focus.lane())
                : ContextNames.resolve(args.context, s.stopWarps(), focus.lane());
        StopMemoryState state = s.stopState();
        if (state == null) {
            throw Refusal.of("the kernel is running");
        }
        try {
            return CompletableFuture.completedFuture(SpaceListing.of(state, s.stopWarps(),
                    from.lane(), from.scope(), focusInfo(s, focus)));
        } catch (NotStoppedException e) {
            throw Refusal.of(e.getMessage());
        }
    }

    @Override
    public CompletableFuture<FocusInfo> focus(FocusArguments args) {
        DebugSession s = stopped();
        CudaFocus current = s.focus().current();
        if (current == null) {
            throw Refusal.of("no warp of the kernel has frames at this stop");
        }
        CudaFocus next;
        try {
            if (args != null && args.context != null) {
                next = s.focus().set(ContextNames.resolve(args.context, s.stopWarps(), current.lane()).lane());
            } else if (args != null && (args.block != null || args.thread != null)) {
                Dim3 block = args.block != null ? dim3(args.block, "block") : current.cta();
                Dim3 thread = args.thread != null ? dim3(args.thread, "thread") : current.thread();
                next = s.focus().set(block, thread);
            } else {
                next = current;
            }
        } catch (IllegalArgumentException e) {
            // the focus's reason: outside the grid, not resident, exited...
            throw Refusal.of(e.getMessage());
        }
        // every frame shows the focused lane's values: the client's variables are stale (its frame
        // and scope references stay good: a scope reads the lane the focus shows when asked)
        org.eclipse.lsp4j.debug.InvalidatedEventArguments stale = new org.eclipse.lsp4j.debug.InvalidatedEventArguments();
        stale.setAreas(new String[] {"variables"});
        client.invalidated(stale);
        return CompletableFuture.completedFuture(focusInfo(s, next));
    }

    private static Dim3 dim3(int[] xyz, String what) {
        if (xyz.length < 1 || xyz.length > 3) {
            throw Refusal.of(what + " takes 1 to 3 coordinates, not " + xyz.length);
        }
        return new Dim3(xyz[0], xyz.length > 1 ? xyz[1] : 0, xyz.length > 2 ? xyz[2] : 0);
    }

    /**
     * One expression in every lane of a warp (Warp Watch) by the debug core's evaluator: each
     * lane's value or error, and its state (active at the warp's next instruction, inactive on
     * the other side of a divergent branch, exited, no thread).
     */
    @Override
    public CompletableFuture<LanesResponse> lanes(LanesArguments args) {
        if (args == null || args.expression == null || args.expression.isBlank()) {
            throw Refusal.of("gpumem/lanes needs an expression");
        }
        DebugSession s = stopped();
        WarpId warp;
        int level;
        if (args.frameId != null) {
            StopIds.Frame frame = ids.frame(args.frameId);
            if (frame == null || frame.session() != s) {
                throw Refusal.of("no frame " + args.frameId + " at this stop");
            }
            EvalPlace at = evalPlace(s, frame);
            warp = frame.warp();
            level = at.level();
        } else {
            CudaFocus focus = s.focus().current();
            if (focus == null) {
                throw Refusal.of("no warp of the kernel has frames at this stop");
            }
            warp = args.warp == null ? focus.lane().warp() : ContextNames.resolve(args.warp, s.stopWarps(), focus.lane()).lane().warp();
            WarpId w = warp;
            WarpStatus status = s.stopWarps().stream().filter(x -> x.id().equals(w)).findFirst()
                    .orElseThrow(() -> Refusal.of(args.warp + " is not resident"));
            if (status.frames().isEmpty()) {
                throw Refusal.of(w.label() + " has no frames at this stop");
            }
            level = status.frames().get(0).level();
        }
        LanesResponse r = new LanesResponse();
        r.lanes = new ArrayList<>();
        Target target = s.launch().target();
        try {
            for (LaneEvaluation e : s.evaluateWarp(args.expression, warp, level)) {
                LanesResponse.LaneValue v = new LanesResponse.LaneValue();
                LaneId lane = new LaneId(warp, e.lane());
                v.lane = e.lane();
                v.context = lane.describe(org.gpumem.model.Scope.LANE);
                v.state = e.state().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
                if (e.value() != null) {
                    v.value = e.value().format();
                    r.type = r.type != null ? r.type : e.value().typeName();
                    if (e.value().memory() != null) {
                        v.memoryReference = new VariableValue.Location(e.value().memory().space(), lane,
                                e.value().memory().offset()).describe(target);
                    }
                } else {
                    v.error = e.text();
                }
                r.lanes.add(v);
            }
        } catch (ExpressionException | NotStoppedException | IllegalArgumentException e) {
            throw Refusal.of(e.getMessage());
        }
        return CompletableFuture.completedFuture(r);
    }

    /** gpumem offers no exception filters (a fault always stops); an empty set is accepted. */
    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.SetExceptionBreakpointsResponse> setExceptionBreakpoints(
            org.eclipse.lsp4j.debug.SetExceptionBreakpointsArguments args) {
        if (args != null && args.getFilters() != null && args.getFilters().length > 0) {
            throw Refusal.of("gpumem has no exception filters: a fault always stops the kernel");
        }
        return CompletableFuture.completedFuture(new org.eclipse.lsp4j.debug.SetExceptionBreakpointsResponse());
    }

    // ------------------------------------------------------------------ requests gpumem does not serve
    // (not advertised in initialize; a client that sends them anyway gets the reason)

    @Override
    public CompletableFuture<Void> cancel(org.eclipse.lsp4j.debug.CancelArguments args) {
        throw Refusal.unsupported("cancel");
    }

    @Override
    public CompletableFuture<Void> attach(java.util.Map<String, Object> args) {
        throw Refusal.unsupported("attach");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.BreakpointLocationsResponse> breakpointLocations(org.eclipse.lsp4j.debug.BreakpointLocationsArguments args) {
        throw Refusal.unsupported("breakpointLocations");
    }


    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.SetInstructionBreakpointsResponse> setInstructionBreakpoints(org.eclipse.lsp4j.debug.SetInstructionBreakpointsArguments args) {
        throw Refusal.unsupported("setInstructionBreakpoints");
    }

    @Override
    public CompletableFuture<Void> stepBack(org.eclipse.lsp4j.debug.StepBackArguments args) {
        throw Refusal.unsupported("stepBack");
    }

    @Override
    public CompletableFuture<Void> reverseContinue(org.eclipse.lsp4j.debug.ReverseContinueArguments args) {
        throw Refusal.unsupported("reverseContinue");
    }

    @Override
    public CompletableFuture<Void> restartFrame(org.eclipse.lsp4j.debug.RestartFrameArguments args) {
        throw Refusal.unsupported("restartFrame");
    }

    @Override
    public CompletableFuture<Void> goto_(org.eclipse.lsp4j.debug.GotoArguments args) {
        throw Refusal.unsupported("goto");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.SourceResponse> source(org.eclipse.lsp4j.debug.SourceArguments args) {
        throw Refusal.unsupported("source");
    }

    @Override
    public CompletableFuture<Void> terminateThreads(org.eclipse.lsp4j.debug.TerminateThreadsArguments args) {
        throw Refusal.unsupported("terminateThreads");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.ModulesResponse> modules(org.eclipse.lsp4j.debug.ModulesArguments args) {
        throw Refusal.unsupported("modules");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.LoadedSourcesResponse> loadedSources(org.eclipse.lsp4j.debug.LoadedSourcesArguments args) {
        throw Refusal.unsupported("loadedSources");
    }


    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.SetExpressionResponse> setExpression(org.eclipse.lsp4j.debug.SetExpressionArguments args) {
        throw Refusal.unsupported("setExpression");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.StepInTargetsResponse> stepInTargets(org.eclipse.lsp4j.debug.StepInTargetsArguments args) {
        throw Refusal.unsupported("stepInTargets");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.GotoTargetsResponse> gotoTargets(org.eclipse.lsp4j.debug.GotoTargetsArguments args) {
        throw Refusal.unsupported("gotoTargets");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.CompletionsResponse> completions(org.eclipse.lsp4j.debug.CompletionsArguments args) {
        throw Refusal.unsupported("completions");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.ExceptionInfoResponse> exceptionInfo(org.eclipse.lsp4j.debug.ExceptionInfoArguments args) {
        throw Refusal.unsupported("exceptionInfo");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.DisassembleResponse> disassemble(org.eclipse.lsp4j.debug.DisassembleArguments args) {
        throw Refusal.unsupported("disassemble");
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.debug.LocationsResponse> locations(org.eclipse.lsp4j.debug.LocationsArguments args) {
        throw Refusal.unsupported("locations");
    }

    // ------------------------------------------------------------------ launch arguments

    private static List<String> strings(Object value, String field) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(x -> x instanceof String)) {
            throw Refusal.of("launch: \"" + field + "\" must be an array of strings");
        }
        return list.stream().map(String.class::cast).toList();
    }

    private static Map<String, String> environment(Object value) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map) || !map.values().stream().allMatch(x -> x instanceof String)) {
            throw Refusal.of("launch: \"env\" must be an object of strings");
        }
        Map<String, String> env = new LinkedHashMap<>();
        map.forEach((k, v) -> env.put(String.valueOf(k), (String) v));
        return env;
    }

    private static String messageOf(IOException e) {
        String m = org.gpumem.dwarf.io.InputFiles.userMessage(e);
        return m != null ? m : e.getMessage();
    }
}
