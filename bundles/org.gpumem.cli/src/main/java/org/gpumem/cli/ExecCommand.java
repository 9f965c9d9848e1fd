package org.gpumem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import org.gpumem.host.HostListener;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostReports;
import org.gpumem.host.HostSession;
import org.gpumem.host.ProgramChecks;
import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.KernelRunner;
import org.gpumem.host.RuntimeLibrary;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.check.CheckTool;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem exec [options] -- PROGRAM ARGS}: runs an unmodified CUDA program (built with
 * {@code nvcc -cudart shared}) with gpumem's libcudart.so.13, so that its kernels run on the
 * simulator. The program's output is its own; gpumem writes its reports (kernel faults, entry
 * points it does not implement, breakpoint stops, profiles) on standard error.
 */
@Command(name = "exec", mixinStandardHelpOptions = true,
        description = {"Runs a CUDA program built with nvcc -cudart shared, its kernels on the simulator.",
            "Expressions (--if, --print, --watch) are C with cuda-gdb's additions: threadIdx, blockIdx, blockDim, gridDim, "
                + "warpSize, casts such as *(@shared int *) 0x40, registers as $r12 or %%r12.",
            "Exit status: the program's (1 when gpumem cannot start it; 3 or --error-exitcode when --check found something)."})
public final class ExecCommand implements Callable<Integer> {

    /** No instruction budget unless --budget sets one. */
    static final long EXEC_BUDGET = 0;

    @Spec
    CommandSpec spec;

    @Option(names = "--device", paramLabel = "SM", description = "the GPU the simulator models (default: ${DEFAULT-VALUE})")
    String device = "sm_90";

    @Option(names = "--break", paramLabel = "FILE:LINE|KERNEL", description = "stop the first time each launch reaches "
            + "this source line or enters this kernel, print the variables and memory there, and continue (repeatable)")
    List<String> breaks = new ArrayList<>();

    @Option(names = "--lane", paramLabel = "L", description = "lane whose variables a --break stop shows (default: ${DEFAULT-VALUE}; "
            + "with --if or --focus, the lane that satisfied them)")
    int lane;

    @Option(names = "--if", paramLabel = "COND", description = "stop at a --break location only where the expression COND "
            + "holds in a lane that reaches it (cuda-gdb's break ... if), and look at the first such lane")
    String condition;

    @Option(names = "--focus", paramLabel = "'block (X,Y,Z) thread (X,Y,Z)'", description = "stop at a --break location "
            + "only when this thread reaches it, and look at it; with --watch, watch the bytes this thread sees (its CTA's "
            + "shared memory, its own local memory) instead of every CTA's and every thread's")
    String focus;

    @Option(names = "--print", paramLabel = "EXPR", description = "at each stop, print the expression as EXPR = VALUE, in the "
            + "stopped lane, instead of the variables and memory (repeatable)")
    List<String> prints = new ArrayList<>();

    @Option(names = "--watch", paramLabel = "EXPR", description = "stop at the first write to the bytes the expression "
            + "designates (a variable, an element, *pointer; watched from the kernel's start, or from the first --break stop) "
            + "and print the writing source line, thread, and the old and new value")
    String watch;

    @Option(names = "--stop-at-finding", description = "with --check: stop each kernel launch right after the first "
            + "access its checks find fault with (an uninitialized read is known only when its thread exits, and stops "
            + "nothing), print the finding, where the lane is and its variables (or the --print expressions), and go on")
    boolean stopAtFinding;

    @Option(names = "--profile", description = "print each launch's address-space profile: where generic accesses "
            + "resolved, per source line and instruction")
    boolean profile;

    @Mixin
    SimulationOptions simulation;

    @Mixin
    CheckOptions checks;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the CUDA program")
    Path program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "its arguments")
    List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            DeviceFacts.checkLane(lane);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--" + e.getMessage(), e);
        }
        if (breaks.isEmpty() && (condition != null || !prints.isEmpty() && watch == null && !stopAtFinding)) {
            throw new ParameterException(spec.commandLine(), (condition != null ? "--if" : "--print") + " needs --break"
                    + (condition != null ? "" : ", --watch or --stop-at-finding"));
        }
        if (stopAtFinding && checks.check == null) {
            throw new ParameterException(spec.commandLine(), "--stop-at-finding needs --check");
        }
        if (focus != null && breaks.isEmpty() && watch == null) {
            throw new ParameterException(spec.commandLine(), "--focus needs --break or --watch");
        }
        StopRequests requests;
        try {
            requests = new StopRequests(condition, focus == null ? null : StopRequests.ThreadFocus.parse(focus), prints, watch,
                    stopAtFinding);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--focus: " + e.getMessage());
        }
        // a real program's correct kernel may issue tens of billions of warp instructions: exec stops
        // runaway kernels by wall-clock time (--timeout) and Ctrl-C, and by a budget only when asked
        ExecOptions options = simulation.options(profile, EXEC_BUDGET);
        try (StopRules stop = simulation.stopRules()) {
            int status = execute(options, stop, requests, out, err);
            // What the program made of its stopped kernel is not the answer to a Ctrl-C: the
            // shell's convention is, as for `gpumem run`.
            return stop.interrupted() ? StopRules.EXIT_INTERRUPTED : status;
        }
    }

    private int execute(ExecOptions options, StopRules stop, StopRequests requests, PrintWriter out, PrintWriter err)
            throws Exception {
        KernelRunner runner = launch -> stop.run(launch.prepare(options));
        if (!breaks.isEmpty() || watch != null || stopAtFinding) {
            List<BreakpointSpec> at = breaks.stream().map(BreakpointRunner::parse).toList();
            runner = new ProgramDebugger(options.instructionBudget(),
                    new BreakpointRunner(at, lane, requests, program.toAbsolutePath().getParent(), err, stop));
        }
        HostProgram p = HostProgram.of(program, arguments, RuntimeLibrary.folder(ExecCommand.class)).withDevice(device);
        // on a terminal the program writes to it directly (and line-buffers as usual); otherwise its
        // output goes through gpumem's own streams
        boolean terminal = System.console() != null;
        ProcessBuilder.Redirect through = terminal ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE;
        HostListener reports = new HostReports(text -> {
            synchronized (err) {
                err.println(text);
                err.flush();
            }
        }, true, profile);
        Set<CheckTool> tools = checks.tools();
        ProgramChecks checked = tools == null ? null : new ProgramChecks(reports, tools);
        if (checked != null) {
            reports = checked;
        }
        HostSession session = HostSession.start(p, reports, runner,
                new HostSession.Io(ProcessBuilder.Redirect.INHERIT, through, through));
        Thread stdout = copy(session.process().getInputStream(), out, "stdout");
        Thread stderr = copy(session.process().getErrorStream(), err, "stderr");
        int status;
        try {
            status = session.waitFor();
        } catch (InterruptedException e) {
            session.terminate();
            Thread.currentThread().interrupt();
            throw e;
        }
        stdout.join();
        stderr.join();
        out.flush();
        err.flush();
        if (checked != null) {
            synchronized (err) {
                return checks.report(checked.checkers(), err, status);
            }
        }
        return status;
    }

    /** Copies one of the program's streams to one of gpumem's, as it comes. */
    private static Thread copy(InputStream from, PrintWriter to, String name) {
        Thread t = new Thread(() -> {
            char[] buffer = new char[8192];
            try (InputStreamReader in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    synchronized (to) {
                        to.write(buffer, 0, n);
                        to.flush();
                    }
                }
            } catch (IOException e) {
                synchronized (to) {
                    to.println("gpumem exec: lost the program's " + name + ": " + e.getMessage());
                }
            }
        }, "gpumem-exec-" + name);
        t.start();
        return t;
    }
}
