package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.WatchHit;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.check.Findings;

/**
 * The {@code --break}/{@code --watch}/{@code --stop-at-finding} front end of {@code gpumem exec}
 * on the debug core: each launch of the program runs under a debug session
 * ({@link ProgramDebugger}) with the {@code --break} locations (under the --if/--focus condition)
 * and the {@code --watch} watchpoint. The first time a launch stops at a location, the stop is
 * printed (as {@code gpumem demo} prints its stop, or as the --print expressions), and the launch
 * continues; the first write to the watched bytes is printed with the writing line, thread and
 * the old and new value; the first memory check finding of a launch is printed with the stop of
 * the lane that made the access. Each launch runs under the command's {@link StopRules}, so
 * {@code --timeout} and Ctrl-C end it as they end a plain run.
 */
final class BreakpointRunner implements ProgramDebugger.Front {
    /** A {@code --break} argument: FILE:LINE, or a kernel name (mangled or demangled). */
    static BreakpointSpec parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon > 0 && colon < text.length() - 1 && text.substring(colon + 1).matches("\\d+")) {
            return new BreakpointSpec(Path.of(text.substring(0, colon)), Integer.parseInt(text.substring(colon + 1)), false);
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("--break needs FILE:LINE or a kernel name");
        }
        return BreakpointSpec.kernelEntry(text);
    }

    private final List<BreakpointSpec> locations;
    private final int lane;
    private final StopRequests requests;
    private final Path sources;
    private final PrintWriter out;
    private final StopRules stop;

    /** {@code sources}: where to look for a source file that is not at the path its PTX names. */
    BreakpointRunner(List<BreakpointSpec> locations, int lane, StopRequests requests, Path sources, PrintWriter out,
            StopRules stop) {
        String condition = requests.breakCondition();
        this.locations = locations.stream().map(l -> l.withCondition(condition)).toList();
        this.lane = lane;
        this.requests = requests;
        this.sources = sources;
        this.out = out;
        this.stop = stop;
    }

    @Override
    public DebugSession open(ProgramLaunch launch, KernelEngine engine) {
        FirstStops listener = new FirstStops(launch);
        DebugSession session = new DebugSession(engine, listener);
        listener.session = session;
        listener.watch = stop.watch(session::requestStop);
        session.setBreakpoints(locations);
        if (requests.watch() != null && locations.isEmpty()) {
            listener.watchFromStart();
        }
        if (requests.stopAtFinding()) {
            // queued before the resume: the launch's first access is already watched
            session.stopAtFirstFinding(true);
        }
        session.resume();
        return session;
    }

    /** Reports the first stop at each location and the first watched write, then lets the launch run on. */
    private final class FirstStops implements DebugSession.Listener {
        private final ProgramLaunch launch;
        private final List<BreakpointSpec> armed = new ArrayList<>(locations);
        private volatile DebugSession session;
        private volatile StopRules.Watch watch;
        /** Whether --watch is still to be set (at the first --break stop). Executor thread. */
        private boolean watchPending = requests.watch() != null;

        FirstStops(ProgramLaunch launch) {
            this.launch = launch;
        }

        @Override
        public void stopped(Stop s) {
            if (s.reason() == StopReason.FAULT) {
                session.terminate();
                return;
            }
            if (s.reason() == StopReason.BREAKPOINT && s.conditionError() != null && armed.remove(s.breakpoint())) {
                say("%ngpumem: %s: the condition '%s' at %s: %s%n", launch, s.breakpoint().condition(),
                        where(s.breakpoint()), s.conditionError());
                session.setBreakpoints(armed);
            } else if (s.reason() == StopReason.BREAKPOINT && armed.remove(s.breakpoint())) {
                report(s);
                session.setBreakpoints(armed);
                if (watchPending) {
                    LaneId at = session.focus().current().lane();
                    setWatch(at, innermost(at));
                }
            } else if (s.reason() == StopReason.WATCHPOINT) {
                reportWatch(s);
                session.setWatchpoints(List.of());
            } else if (s.reason() == StopReason.FINDING) {
                report(s);
            }
            if (s.reason() != StopReason.EXITED) {
                session.resume();
            }
        }

        /** --watch without --break: the watched place as the kernel's first warp sees it, before it starts. */
        void watchFromStart() {
            try {
                WarpStatus first = session.query(KernelEngine::warps).get(0);
                setWatch(new LaneId(first.id(), first.defaultLane()), first.frames().get(0).level());
            } catch (NotStoppedException e) {
                // the program is being terminated before its launch started
                say("%ngpumem: %s ended before --watch could be set: %s%n", launch, e.getMessage());
            }
        }

        /**
         * Watches what --watch designates in {@code at}, frame {@code level}: in the bytes the
         * --focus thread sees, else in every CTA and lane.
         */
        private void setWatch(LaneId at, int level) {
            watchPending = false;
            try {
                WatchpointSpec spec = session.watchpoint(requests.watch(), at, level, WatchpointSpec.Kind.WRITE);
                LaneId focused = focusLane();
                spec = focused != null ? spec.in(focused) : spec.inEveryContext();
                session.setWatchpoints(List.of(spec));
            } catch (ExpressionException e) {
                say("%ngpumem: %s: --watch '%s': %s%n", launch, requests.watch(), e.getMessage());
            } catch (NotStoppedException e) {
                say("%ngpumem: %s ended before --watch could be set: %s%n", launch, e.getMessage());
            }
        }

        /** The --focus thread as a lane of this launch, or null (no focus, or no thread named). */
        private LaneId focusLane() {
            StopRequests.ThreadFocus f = requests.focus();
            if (f == null || f.block() == null || f.thread() == null) {
                return null;
            }
            KernelEngine.Launch facts = session.launch();
            return CudaFocus.of(f.block(), f.thread(), facts.block(), facts.target()).lane();
        }

        /** The innermost frame's level of the warp of {@code at}. On the executor. */
        private int innermost(LaneId at) {
            return session.stopWarps().stream().filter(w -> w.id().equals(at.warp())).findFirst().orElseThrow().frames().get(0)
                    .level();
        }

        private void report(Stop s) {
            try {
                session.query(engine -> {
                    WarpStatus w = engine.warps().stream().filter(x -> x.id().equals(s.warp())).findFirst().orElseThrow();
                    LaneId focused = session.focus().current().lane();
                    // a finding's stop shows the lane that made the access, as a condition's the lane where it held
                    int shown = requests.breakCondition() != null || s.finding() != null ? focused.lane() : lane;
                    synchronized (out) {
                        if (s.finding() != null) {
                            out.printf("%ngpumem: %s stopped at the first memory check finding (%s):%n", launch,
                                    launch.deviceModule().name());
                            Findings.print(s.finding(), out::println);
                        } else {
                            out.printf("%ngpumem: %s stopped at %s (%s)%n", launch, where(s.breakpoint()),
                                    launch.deviceModule().name());
                        }
                        StopReport.where(out, w, StopReport.sourceOf(out, w, sources));
                        if (requests.prints().isEmpty()) {
                            Map<String, VariableValue> variables = StopReport.variables(out, engine, w, shown);
                            StopReport.memory(out, session.stopState(), w, shown, variables);
                            StopReport.textures(out, engine, session.stopState(), w, shown, variables);
                        } else {
                            prints(engine, new LaneId(w.id(), shown), w.frames().get(0).level());
                        }
                        out.printf("%ngpumem: continuing %s%n", launch);
                        out.flush();
                    }
                    return null;
                });
            } catch (NotStoppedException e) {
                // on the executor at a stop: only a terminate of the program in between ends the session
                say("%ngpumem: %s ended before its stop could be shown: %s%n", launch, e.getMessage());
            }
        }

        private void reportWatch(Stop s) {
            WatchHit hit = s.watch();
            try {
                session.query(engine -> {
                    CudaFocus writer = session.focus().current();
                    synchronized (out) {
                        out.printf("%ngpumem: %s: watchpoint %s %s at %s (PTX line %d) by %s%n", launch,
                                hit.watch().describe(engine.launch().target()), hit.wrote() ? "written" : "read",
                                hit.source() != null ? hit.source() : "(no source line)", hit.ptxLine(),
                                writer.describe(engine.launch().target()));
                        out.printf("old = %s%nnew = %s%n", hit.formatBefore(), hit.formatAfter());
                        WarpStatus w = engine.warps().stream().filter(x -> x.id().equals(s.warp())).findFirst().orElseThrow();
                        prints(engine, hit.lane(), w.frames().get(0).level());
                        out.printf("%ngpumem: continuing %s%n", launch);
                        out.flush();
                    }
                    return null;
                });
            } catch (NotStoppedException e) {
                say("%ngpumem: %s ended before its stop could be shown: %s%n", launch, e.getMessage());
            }
        }

        /** Each --print expression in {@code at}, frame {@code level}, as one line. On the executor. */
        private void prints(KernelEngine engine, LaneId at, int level) {
            for (String p : requests.prints()) {
                try {
                    out.printf("%s = %s%n", p, engine.evaluate(p, at, level).format());
                } catch (ExpressionException e) {
                    out.printf("%s: %s%n", p, e.getMessage());
                }
            }
        }

        private void say(String format, Object... args) {
            synchronized (out) {
                out.printf(format, args);
                out.flush();
            }
        }

        @Override
        public void failed(Throwable error) {
            // ProgramDebugger.run rethrows it to the program's serving thread: an internal error
        }

        @Override
        public void ended() {
            StopRules.Watch w = watch;
            if (w != null) {
                w.close();
            }
        }
    }

    /** A breakpoint as the user gave it (without the condition the runner added). */
    private static String where(BreakpointSpec b) {
        return b.isKernelEntry() ? "kernel " + b.kernel() : b.file() + ":" + b.line();
    }
}
