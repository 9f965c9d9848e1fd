package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every variable of each bundled sample launch (tests/fixtures/kernels/launch, their nvcc -G
 * PTX), evaluated by its name, is what the Variables view shows of it: the same bytes, in the
 * same place, or unavailable where the view says why; at the kernel's first lines, step after
 * step, in the focused lane.
 */
class SampleVariablesTest {
    private static final Path LAUNCHES = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels", "launch");
    private static final int STEPS = 12;

    static Stream<Path> samples() throws Exception {
        return Files.list(LAUNCHES).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void eachVariableByNameIsWhatTheVariablesViewShows(Path launch) throws Exception {
        LaunchDescription d = new LaunchFileReader().read(launch);
        d = d.withModule(d.module().resolveSibling(d.module().getFileName().toString().replace(".O3.ptx", ".G.ptx")));
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        DebugSession s = new DebugSession(new KernelEngine(PreparedLaunch.prepare(d), ExecOptions.DEFAULT_BUDGET), failures::add);
        int compared = 0;
        try {
            s.setBreakpoints(List.of(BreakpointSpec.kernelEntry(d.kernel()))).get(10, TimeUnit.SECONDS);
            Stop stop = s.resume().get(60, TimeUnit.SECONDS);
            for (int step = 0; step < STEPS && stop.reason() != StopReason.EXITED && stop.reason() != StopReason.FAULT; step++) {
                compared += compare(s);
                stop = s.step(s.focus().current().lane().warp(), StepKind.OVER).get(60, TimeUnit.SECONDS);
            }
        } finally {
            s.terminate();
        }
        assertTrue(compared > 0, "no variable compared in " + launch);
        assertTrue(failures.isEmpty(), failures.toString());
    }

    /** Compares every variable of the focused lane's innermost frame; returns how many had a value. */
    private static int compare(DebugSession s) throws Exception {
        LaneId lane = s.focus().current().lane();
        return s.query(engine -> {
            WarpStatus w = engine.warps().stream().filter(x -> x.id().equals(lane.warp())).findFirst().orElseThrow();
            int level = w.frames().get(0).level();
            List<VariableValue> shown = engine.variables(lane.warp(), level, lane.lane());
            int withValue = 0;
            for (VariableValue v : shown) {
                List<VariableValue> same = shown.stream().filter(x -> x.name().equals(v.name())).toList();
                ExpressionValue e = engine.evaluate(v.name(), lane, level);
                String where = v.name() + " in " + w.frames().get(0).function() + " at " + w.frames().get(0).source();
                if (e.unavailable() != null) {
                    assertTrue(same.stream().allMatch(x -> x.problem() != null), where + ": " + e.unavailable());
                    continue;
                }
                List<VariableValue> matching = new ArrayList<>();
                for (VariableValue x : same) {
                    boolean place = x.location() != null ? e.memory() != null && x.location().space().equals(e.memory().space())
                            && x.location().offset() == e.memory().offset() : x.register() == null || x.register().equals(e.register());
                    if (place && (x.bytes() == null || java.util.Arrays.equals(x.bytes(), e.bytes()))) {
                        matching.add(x);
                    }
                }
                assertTrue(!matching.isEmpty(), where + " = " + e.format() + " is none of " + same);
                VariableValue x = matching.get(0);
                if (x.bytes() != null) {
                    assertArrayEquals(x.bytes(), e.bytes(), where);
                    withValue++;
                } else {
                    assertNotNull(e.memory(), where);
                }
            }
            return withValue;
        });
    }
}
