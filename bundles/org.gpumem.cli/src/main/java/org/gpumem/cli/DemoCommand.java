package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.WarpView;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;
import org.gpumem.sim.ScalarType;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem demo}: runs the sample kernel bundled with the simulator (nvcc -G PTX of
 * local_array.cu) under the debug API, stops at a source breakpoint inside it, prints the
 * frame's variables with the address spaces their DWARF gives, and shows the same shared and
 * local bytes through two address spaces each: the terminal version of the memory views.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the bundled sample kernel in the simulator, stops at a breakpoint and shows its "
                + "variables and memory through several address spaces.")
public final class DemoCommand implements Callable<Integer> {
    private static final String BREAK_AT = "weighted_sum(window";
    private static final int BLOCK = 64;
    private static final int N = 128;

    @Spec
    CommandSpec spec;

    @Option(names = "--lane", paramLabel = "L", description = "lane whose variables are shown (default: ${DEFAULT-VALUE})")
    int lane = 5;

    @Option(names = "--iota", paramLabel = "V", description = "the input buffer holds V, V+1, ... (default: ${DEFAULT-VALUE})")
    int iota = 100;

    @Override
    public Integer call() {
        if (lane < 0 || lane >= 32) {
            throw new ParameterException(spec.commandLine(), "--lane must be 0..31");
        }
        PrintWriter out = spec.commandLine().getOut();
        LaunchDescription d = new LaunchDescription(null, Path.of(BundledSample.PTX_NAME), BundledSample.KERNEL,
                new Dim3(N / BLOCK, 1, 1), new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.S32, N, new BufferInit.Iota(iota)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        PreparedLaunch prepared = PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
        ControlledLaunch session = new ControlledLaunch(prepared.launch(ControlledLaunch.options(ExecOptions.DEFAULT_BUDGET)));

        List<String> source = BundledSample.sourceLines();
        int line = 0;
        for (int i = 0; i < source.size() && line == 0; i++) {
            line = source.get(i).contains(BREAK_AT) ? i + 1 : 0;
        }
        Breakpoint bp = session.addSourceBreakpoint(BundledSample.SOURCE_NAME, line);
        out.printf("%s: %s, grid %s block %s, in[i] = %d + i%n", BundledSample.PTX_NAME, prepared.kernel().name(), d.grid(),
                d.block(), iota);
        out.printf("breakpoint at %s:%d (%d PTX instruction(s))%n", BundledSample.SOURCE_NAME, line, bp.sites().size());
        DebugEvent e = session.resume();
        if (e.kind() != DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
            throw new IllegalStateException("the kernel did not stop at the breakpoint: " + e.kind()
                    + (e.fault() != null ? " " + e.fault().message() : ""));
        }
        WarpView w = e.warp();
        StopReport.where(out, session, w, source);
        Map<String, FrameVariable> byName = StopReport.variables(out, session, prepared.module(), w, lane);
        if (byName.isEmpty()) {
            throw new IllegalStateException("the bundled sample has no variables at " + BundledSample.SOURCE_NAME + ":" + line);
        }

        FrameVariable stage = byName.get("stage");
        if (stage != null && stage.location() instanceof FrameVariable.Memory at) {
            long offset = at.offset() + 4L * w.threadIndex(lane).x();
            out.printf("%nstage[%d..%d] of CTA %s, the same 16 bytes through two address spaces:%n",
                    w.threadIndex(lane).x(), w.threadIndex(lane).x() + 3, session.cta().index());
            StopReport.shared(out, session, w, lane, offset, 16, stage.type());
        }
        FrameVariable window = byName.get("window");
        if (window != null && window.bytes() != null && window.location() instanceof FrameVariable.Memory at) {
            out.printf("%nwindow of lane %d (%d bytes) through the per-lane local space, the generic window, and the "
                    + "warp's interleaved local pool:%n", lane, window.bytes().length);
            StopReport.local(out, session, w, lane, at.offset(), window.bytes().length, window.type());
        }

        while (e.isSuspended()) {
            e = session.resume();
        }
        out.printf("%nresumed: %s, %,d warp instructions%n", e.kind() == DebugEvent.Kind.EXITED ? "kernel exited" : e.kind(),
                session.result().warpInstructions());
        out.flush();
        return session.result().completed() ? 0 : RunCommand.EXIT_FAULT;
    }
}
