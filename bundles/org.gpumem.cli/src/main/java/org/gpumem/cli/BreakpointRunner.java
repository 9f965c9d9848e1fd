package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.host.ProgramLaunch;
import org.gpumem.host.KernelRunner;
import org.gpumem.images.Kernel;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.debug.WarpView;
import org.gpumem.sim.launch.KernelModules;

/**
 * Runs each launch under the debug API with the {@code --break} locations of
 * {@code gpumem exec}: the first time a launch reaches one, the stop is printed as
 * {@code gpumem demo} prints its stop, and the launch continues. Each launch runs under the
 * command's {@link StopRules}, so {@code --timeout} and Ctrl-C end it as they end a plain run.
 */
final class BreakpointRunner implements KernelRunner {
    /** A {@code --break} argument: FILE:LINE, or a kernel name (mangled or demangled). */
    record Location(String file, int line, String kernel) {
        static Location parse(String text) {
            int colon = text.lastIndexOf(':');
            if (colon > 0 && colon < text.length() - 1 && text.substring(colon + 1).matches("\\d+")) {
                return new Location(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)), null);
            }
            if (text.isBlank()) {
                throw new IllegalArgumentException("--break needs FILE:LINE or a kernel name");
            }
            return new Location(null, 0, text);
        }

        boolean names(String mangled) {
            return KernelModules.designates(Kernel.of(mangled), kernel);
        }

        @Override
        public String toString() {
            return kernel != null ? "kernel " + kernel : file + ":" + line;
        }
    }

    private final List<Location> locations;
    private final long budget;
    private final int lane;
    private final Path sources;
    private final PrintWriter out;
    private final StopRules stop;

    /** {@code sources}: where to look for a source file that is not at the path its PTX names. */
    BreakpointRunner(List<Location> locations, long budget, int lane, Path sources, PrintWriter out, StopRules stop) {
        this.locations = List.copyOf(locations);
        this.budget = budget;
        this.lane = lane;
        this.sources = sources;
        this.out = out;
        this.stop = stop;
    }

    @Override
    public LaunchResult run(ProgramLaunch launch) {
        org.gpumem.sim.KernelLaunch prepared = launch.prepare(ControlledLaunch.options(budget));
        return stop.run(prepared, () -> debug(launch, new ControlledLaunch(prepared)));
    }

    private LaunchResult debug(ProgramLaunch launch, ControlledLaunch session) {
        List<Breakpoint> armed = new ArrayList<>();
        List<Location> armedFor = new ArrayList<>();
        for (Location l : locations) {
            Breakpoint b = null;
            if (l.kernel() == null) {
                b = session.addSourceBreakpoint(l.file(), l.line());
            } else if (l.names(launch.kernel())) {
                b = session.addPtxBreakpoint(launch.deviceModule().kernel(launch.kernel()).line());
            }
            if (b != null && !b.sites().isEmpty()) {
                armed.add(b);
                armedFor.add(l);
            } else if (b != null) {
                session.removeBreakpoint(b);
            }
        }
        DebugEvent e = session.resume();
        while (e.isSuspended()) {
            int hit = armed.indexOf(e.breakpoint());
            if (e.kind() == DebugEvent.Kind.SUSPENDED_BREAKPOINT && hit >= 0) {
                report(launch, armedFor.get(hit), session, e.warp());
                session.removeBreakpoint(armed.remove(hit));
                armedFor.remove(hit);
            }
            e = session.resume();
        }
        return session.result();
    }

    private void report(ProgramLaunch launch, Location at, ControlledLaunch session, WarpView w) {
        synchronized (out) {
            out.printf("%ngpumem: %s stopped at %s (%s)%n", launch, at, launch.deviceModule().name());
            StopReport.where(out, session, w, StopReport.sourceOf(w, sources));
            StopReport.memory(out, session, w, lane, StopReport.variables(out, session, launch.deviceModule(), w, lane));
            out.printf("%ngpumem: continuing %s%n", launch);
            out.flush();
        }
    }
}
