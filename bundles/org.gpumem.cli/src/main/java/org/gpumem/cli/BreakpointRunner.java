package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.ProgramLaunch;

/**
 * The {@code --break} front end of {@code gpumem exec} on the debug core: each launch of the
 * program runs under a debug session ({@link ProgramDebugger}) with the {@code --break}
 * locations; the first time a launch reaches one, the stop is printed as {@code gpumem demo}
 * prints its stop, and the launch continues. Each launch runs under the command's
 * {@link StopRules}, so {@code --timeout} and Ctrl-C end it as they end a plain run.
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
    private final Path sources;
    private final PrintWriter out;
    private final StopRules stop;

    /** {@code sources}: where to look for a source file that is not at the path its PTX names. */
    BreakpointRunner(List<BreakpointSpec> locations, int lane, Path sources, PrintWriter out, StopRules stop) {
        this.locations = List.copyOf(locations);
        this.lane = lane;
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
        session.resume();
        return session;
    }

    /** Reports the first stop at each location, then lets the launch run on. Executor thread. */
    private final class FirstStops implements DebugSession.Listener {
        private final ProgramLaunch launch;
        private final List<BreakpointSpec> armed = new ArrayList<>(locations);
        private volatile DebugSession session;
        private volatile StopRules.Watch watch;

        FirstStops(ProgramLaunch launch) {
            this.launch = launch;
        }

        @Override
        public void stopped(Stop s) {
            if (s.reason() == StopReason.FAULT) {
                session.terminate();
                return;
            }
            if (s.reason() == StopReason.BREAKPOINT && armed.remove(s.breakpoint())) {
                report(s);
                session.setBreakpoints(armed);
            }
            if (s.reason() != StopReason.EXITED) {
                session.resume();
            }
        }

        private void report(Stop s) {
            try {
                session.query(engine -> {
                    WarpStatus w = engine.warps().stream().filter(x -> x.id().equals(s.warp())).findFirst().orElseThrow();
                    synchronized (out) {
                        out.printf("%ngpumem: %s stopped at %s (%s)%n", launch, s.breakpoint(), launch.deviceModule().name());
                        StopReport.where(out, w, StopReport.sourceOf(out, w, sources));
                        StopReport.memory(out, session.stopState(), w, lane, StopReport.variables(out, engine, w, lane));
                        out.printf("%ngpumem: continuing %s%n", launch);
                        out.flush();
                    }
                    return null;
                });
            } catch (NotStoppedException e) {
                // on the executor at a stop: only a terminate of the program in between ends the session
                out.printf("%ngpumem: %s ended before its stop could be shown: %s%n", launch, e.getMessage());
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
}
