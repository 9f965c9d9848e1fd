package org.gpumem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gpumem.host.HostListener;
import org.gpumem.host.HostProgram;
import org.gpumem.host.HostReports;
import org.gpumem.host.HostSession;
import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.program.ProgramDebugger;
import org.gpumem.host.KernelRunner;
import org.gpumem.host.RuntimeLibrary;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.ExecOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
            "Exit status: the program's (1 when gpumem cannot start it)."})
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

    @Option(names = "--lane", paramLabel = "L", description = "lane whose variables a --break stop shows (default: ${DEFAULT-VALUE})")
    int lane;

    @Option(names = "--profile", description = "print each launch's address-space profile: where generic accesses "
            + "resolved, per source line and instruction")
    boolean profile;

    @Mixin
    SimulationOptions simulation;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the CUDA program")
    Path program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "its arguments")
    List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (lane < 0 || lane >= DeviceFacts.WARP_SIZE) {
            throw new IllegalArgumentException("--lane must be 0.." + (DeviceFacts.WARP_SIZE - 1));
        }
        // a real program's correct kernel may issue tens of billions of warp instructions: exec stops
        // runaway kernels by wall-clock time (--timeout) and Ctrl-C, and by a budget only when asked
        ExecOptions options = simulation.options(profile, EXEC_BUDGET);
        try (StopRules stop = simulation.stopRules()) {
            int status = execute(options, stop, out, err);
            // What the program made of its stopped kernel is not the answer to a Ctrl-C: the
            // shell's convention is, as for `gpumem run`.
            return stop.interrupted() ? StopRules.EXIT_INTERRUPTED : status;
        }
    }

    private int execute(ExecOptions options, StopRules stop, PrintWriter out, PrintWriter err) throws Exception {
        KernelRunner runner = launch -> stop.run(launch.prepare(options));
        if (!breaks.isEmpty()) {
            List<BreakpointSpec> at = breaks.stream().map(BreakpointRunner::parse).toList();
            runner = new ProgramDebugger(options.instructionBudget(),
                    new BreakpointRunner(at, lane, program.toAbsolutePath().getParent(), err, stop));
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
