package org.gpumem.dap;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.HostListener;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostReports;
import org.gpumem.host.HostSession;
import org.gpumem.host.ProgramChecks;
import org.gpumem.host.ProgramLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Findings;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * What a launch request debugs: a CUDA program (its kernel launches one after the other, through
 * the debug core's {@link ProgramDebugger}) or one kernel launch file. Each kernel launch becomes
 * a {@link DebugSession} that the {@link Sessions} side opens, starts and ends.
 */
abstract sealed class Debuggee permits Debuggee.Program, Debuggee.LaunchFile {
    /** The server's side: what each kernel launch's session and the end mean to the client. */
    interface Sessions {
        /** Opens and starts (breakpoints, then resume) the session of a kernel launch. */
        DebugSession open(KernelEngine engine, String kernel) throws IOException;

        /** Text for the client's output: category stdout, stderr or console. */
        void output(String category, String text);

        /** The debuggee ended with {@code exitCode}. */
        void exited(int exitCode);
    }

    /** Starts running (after configurationDone). */
    abstract void start() throws IOException, org.gpumem.host.HostProgramException;

    /** Ends it: the kernel launch in progress and, for a program, the program. Returns at once. */
    abstract void terminate();

    /**
     * The memory checks' findings and summary on the client's console, as {@code gpumem exec
     * --check} prints them when the program ends.
     */
    static void reportFindings(List<MemoryChecker> checkers, Sessions sessions) {
        Findings.report(checkers, line -> sessions.output("console", line + "\n"));
    }

    /**
     * A CUDA program under gpumem's libcudart: every kernel launch is debugged, the program's
     * standard output and error become output events as they come, its exit code the end.
     */
    static final class Program extends Debuggee {
        private final HostProgram program;
        private final Sessions sessions;
        private final ProgramDebugger debugger;
        /** The memory checks every process of the program runs with; empty for none. */
        private final Set<CheckTool> checks;
        private volatile HostSession host;
        /** Set when the client ends the program: its streams closing is then no loss to report. */
        private volatile boolean terminating;

        Program(Path executable, List<String> arguments, Path workingDirectory, Map<String, String> environment,
                String device, Path runtimeDirectory, long budget, Set<CheckTool> checks, Sessions sessions) {
            this.program = HostProgram.of(executable, arguments, runtimeDirectory).withDevice(device)
                    .withWorkingDirectory(workingDirectory).withEnvironment(environment);
            this.checks = checks;
            this.sessions = sessions;
            this.debugger = new ProgramDebugger(budget, new ProgramDebugger.Front() {
                @Override
                public DebugSession open(ProgramLaunch launch, KernelEngine engine) throws IOException {
                    return sessions.open(engine, launch.kernel());
                }
            });
        }

        @Override
        void start() throws IOException, org.gpumem.host.HostProgramException {
            HostListener reports = new HostReports(text -> sessions.output("console", text + "\n"), true, false);
            ProgramChecks checked = checks.isEmpty() ? null : new ProgramChecks(reports, checks);
            host = HostSession.start(program, checked == null ? reports : checked, debugger,
                    new HostSession.Io(ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE));
            host.process().getOutputStream().close();
            Thread out = copy(host.process().getInputStream(), "stdout");
            Thread err = copy(host.process().getErrorStream(), "stderr");
            Thread waiter = new Thread(() -> {
                int status;
                try {
                    status = host.waitFor();
                    out.join();
                    err.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (IOException e) {
                    sessions.output("console", "gpumem dap: " + e.getMessage() + "\n");
                    status = 1;
                } finally {
                    debugger.programEnded();
                }
                if (checked != null) {
                    reportFindings(checked.checkers(), sessions);
                }
                sessions.exited(status);
            }, "gpumem-dap-program");
            waiter.setDaemon(true);
            waiter.start();
        }

        @Override
        void terminate() {
            terminating = true;
            debugger.programEnded();
            HostSession h = host;
            if (h != null) {
                h.terminate();
            }
        }

        private Thread copy(InputStream from, String category) {
            BiConsumer<String, String> to = sessions::output;
            Thread t = new Thread(() -> {
                char[] buffer = new char[8192];
                try (InputStreamReader in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        to.accept(category, new String(buffer, 0, n));
                    }
                } catch (IOException e) {
                    if (!terminating) {
                        to.accept("console", "gpumem dap: lost the program's " + category + ": " + e.getMessage() + "\n");
                    }
                }
            }, "gpumem-dap-" + category);
            t.setDaemon(true);
            t.start();
            return t;
        }
    }

    /**
     * One kernel launch from a launch file: its device printf output and, after a fault, the
     * report come out when it ends; the exit code is gpumem run's (0, 2 after a fault, 1 when
     * terminated).
     */
    static final class LaunchFile extends Debuggee {
        private final PreparedLaunch prepared;
        private final long budget;
        private final Sessions sessions;
        /** Where the launch's memory checks collect their findings; null without checks. */
        private final MemoryChecker checker;
        private volatile DebugSession session;

        /**
         * Reads and prepares the launch file, with {@code checks} (none when empty); bad input
         * throws with the file and field named.
         */
        LaunchFile(Path file, long budget, Set<CheckTool> checks, Sessions sessions) throws IOException {
            this.prepared = PreparedLaunch.prepare(new LaunchFileReader().read(file));
            this.budget = budget;
            this.sessions = sessions;
            this.checker = checks.isEmpty() ? null : prepared.enableChecks(checks);
        }

        @Override
        void start() throws IOException {
            KernelEngine engine = new KernelEngine(prepared, budget);
            DebugSession s = sessions.open(engine, prepared.kernel().name());
            session = s;
            s.whenEnded().whenComplete((result, error) -> ended(engine, result, error));
        }

        private void ended(KernelEngine engine, LaunchResult result, Throwable error) {
            if (error != null) {
                sessions.exited(1);
                return;
            }
            if (result == null) {
                sessions.output("console", prepared.kernel().name() + " was terminated\n");
                sessions.exited(1);
                return;
            }
            // the GPU's printf buffer comes out when the launch ends, whatever ended it
            sessions.output("stdout", new String(result.deviceOutput(), StandardCharsets.UTF_8));
            if (checker != null) {
                reportFindings(List.of(checker), sessions);
            }
            if (!result.completed()) {
                if (result.fault().kind() == org.gpumem.sim.FaultKind.ASSERTION) {
                    // a failed device assert prints CUDA's line first, as gpumem run does
                    sessions.output("stdout", result.fault().detail() + "\n");
                }
                sessions.output("console", result.report());
                sessions.exited(2);
                return;
            }
            sessions.exited(0);
        }

        @Override
        void terminate() {
            DebugSession s = session;
            if (s != null) {
                s.terminate();
            } else {
                sessions.exited(1);
            }
        }
    }
}
