package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.gpumem.debug.core.BreakpointSpec;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
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
    public Integer call() throws NotStoppedException {
        if (lane < 0 || lane >= DeviceFacts.WARP_SIZE) {
            throw new ParameterException(spec.commandLine(), "--lane must be 0.." + (DeviceFacts.WARP_SIZE - 1));
        }
        PrintWriter out = spec.commandLine().getOut();
        LaunchDescription d = new LaunchDescription(null, Path.of(BundledSample.PTX_NAME), BundledSample.KERNEL,
                new Dim3(N / BLOCK, 1, 1), new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.S32, N, new BufferInit.Iota(iota)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        PreparedLaunch prepared = PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
        DebugSession session = new DebugSession(new KernelEngine(prepared, ExecOptions.DEFAULT_BUDGET), error -> {
            // join() below rethrows it
        });

        List<String> source = BundledSample.sourceLines();
        int line = 0;
        for (int i = 0; i < source.size() && line == 0; i++) {
            line = source.get(i).contains(BREAK_AT) ? i + 1 : 0;
        }
        List<BreakpointSpec> resolved = session.setBreakpoints(
                List.of(new BreakpointSpec(Path.of(BundledSample.SOURCE_NAME), line, false))).join();
        out.printf("%s: %s, grid %s block %s, in[i] = %d + i%n", BundledSample.PTX_NAME, prepared.kernel().name(), d.grid(),
                d.block(), iota);
        out.printf("breakpoint at %s:%d (%s)%n", BundledSample.SOURCE_NAME, line,
                resolved.isEmpty() ? "no instruction" : "resolved");
        Stop hit = session.resume().join();
        if (hit.reason() != StopReason.BREAKPOINT) {
            throw new IllegalStateException("the kernel did not stop at the breakpoint: " + hit.reason()
                    + (hit.fault() != null ? " " + hit.fault().message() : ""));
        }
        int shown = lane;
        String problem = session.query(engine -> {
            WarpStatus w = engine.warps().stream().filter(x -> x.id().equals(hit.warp())).findFirst().orElseThrow();
            StopReport.where(out, w, source);
            Map<String, VariableValue> byName = StopReport.variables(out, engine, w, shown);
            if (byName.isEmpty()) {
                return "the bundled sample has no variables at " + BundledSample.SOURCE_NAME;
            }
            StopMemoryState stop = session.stopState();
            LaneId at = new LaneId(w.id(), shown);
            Dim3 thread = CudaFocus.of(at, d.block(), engine.launch().target()).thread();
            VariableValue stage = byName.get("stage");
            if (stage != null && stage.location() != null) {
                long offset = stage.location().offset() + 4L * thread.x();
                out.printf("%nstage[%d..%d] of CTA %s, the same 16 bytes through two address spaces:%n", thread.x(),
                        thread.x() + 3, w.id().cta());
                StopReport.shared(out, stop, at, offset, 16, stage.element());
            }
            VariableValue window = byName.get("window");
            if (window != null && window.bytes() != null && window.location() != null) {
                out.printf("%nwindow of lane %d (%d bytes) through the per-lane local space, the generic window, and the "
                        + "warp's interleaved local pool:%n", shown, window.bytes().length);
                StopReport.local(out, stop, at, window.location().offset(), window.bytes().length, window.element());
            }
            return null;
        });
        if (problem != null) {
            throw new IllegalStateException(problem);
        }

        Stop e = hit;
        while (e.reason() != StopReason.EXITED && e.reason() != StopReason.FAULT) {
            e = session.resume().join();
        }
        LaunchResult result = e.reason() == StopReason.EXITED ? session.whenEnded().join() : null;
        out.printf("%nresumed: %s, %,d warp instructions%n", e.reason() == StopReason.EXITED ? "kernel exited" : e.reason(),
                result != null ? result.warpInstructions() : 0);
        out.flush();
        session.terminate();
        return result != null && result.completed() ? 0 : RunCommand.EXIT_FAULT;
    }
}
