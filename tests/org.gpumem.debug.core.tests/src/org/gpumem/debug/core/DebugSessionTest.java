package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.gpumem.model.Scope;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The debug core's session: its thread rules are checked (the engine refuses every caller but
 * the session's executor; reads of a running kernel fail at once), stops record the warps, the
 * model state and the focus before the listener hears of them, and the bundled sample's
 * variables read through it equal what its kernel computes.
 */
class DebugSessionTest {
    private static final int BLOCK = 64;
    private static final int N = 128;
    private static final int IOTA = 500;

    private final List<DebugSession> sessions = new ArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @AfterEach
    void endSessions() {
        for (DebugSession s : sessions) {
            s.terminate();
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }

    /** The bundled sample (local_array.cu, nvcc -G) of {@code gpumem demo}: in[i] = IOTA + i. */
    private DebugSession sample(DebugSession.Listener listener) {
        LaunchDescription d = new LaunchDescription(null, Path.of(BundledSample.PTX_NAME), BundledSample.KERNEL,
                new Dim3(N / BLOCK, 1, 1), new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.S32, N, new BufferInit.Iota(IOTA)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        PreparedLaunch prepared = PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
        DebugSession s = new DebugSession(new KernelEngine(prepared, ExecOptions.DEFAULT_BUDGET), listener);
        sessions.add(s);
        return s;
    }

    private DebugSession sample() {
        return sample(failures::add);
    }

    private static int lineOf(String text) {
        List<String> source = BundledSample.sourceLines();
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text);
    }

    private static BreakpointSpec sampleLine(String text) {
        return new BreakpointSpec(Path.of(BundledSample.SOURCE_NAME), lineOf(text), false);
    }

    @Test
    void theEngineRefusesEveryThreadButTheSessionsExecutor() throws Exception {
        DebugSession s = sample();
        s.setBreakpoints(List.of(sampleLine("weighted_sum(window"))).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(30, TimeUnit.SECONDS);
        assertEquals(StopReason.BREAKPOINT, stop.reason());
        KernelEngine engine = s.query(e -> e);
        // On the executor the same calls answer.
        assertFalse(s.query(KernelEngine::warps).isEmpty());
        IllegalStateException off = assertThrows(IllegalStateException.class, engine::warps);
        assertTrue(off.getMessage().contains(Thread.currentThread().getName()), off.getMessage());
        assertThrows(IllegalStateException.class, () -> engine.variables(stop.warp(), 0, 0));
        assertThrows(IllegalStateException.class, engine::memoryState);
        assertThrows(IllegalStateException.class, engine::profile);
        assertThrows(IllegalStateException.class, s::checkExecutor);
        // The launch's constants are any thread's.
        assertEquals(new Dim3(BLOCK, 1, 1), engine.launch().block());
    }

    @Test
    void aStopRecordsWarpsStateAndFocusBeforeItsListenerHearsOfIt() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        DebugSession[] holder = new DebugSession[1];
        DebugSession s = sample(new DebugSession.Listener() {
            @Override
            public void stopped(Stop stop) {
                DebugSession self = holder[0];
                self.checkExecutor();
                seen.add(stop.reason() + " warps=" + self.stopWarps().size() + " state=" + (self.stopState() != null)
                        + " focus=" + (self.focus().current() != null ? self.focus().current().lane().warp() : null)
                        + " count=" + self.stopCount());
            }

            @Override
            public void failed(Throwable error) {
                failures.add(error);
            }
        });
        holder[0] = s;
        s.setBreakpoints(List.of(sampleLine("weighted_sum(window"))).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(30, TimeUnit.SECONDS);
        assertEquals(1, seen.size(), seen.toString());
        // Both CTAs are resident (one SM keeps them), each of 2 warps.
        assertEquals("BREAKPOINT warps=4 state=true focus=" + stop.warp() + " count=1", seen.get(0));
        assertEquals(stop, s.lastStop());
        assertTrue(s.isSuspended());
        assertEquals(stop.warp(), s.focus().current().lane().warp());
        assertEquals(sampleLine("weighted_sum(window"), stop.breakpoint());
    }

    @Test
    void variablesReadThroughTheSessionAreWhatTheKernelComputed() throws Exception {
        DebugSession s = sample();
        s.setBreakpoints(List.of(sampleLine("weighted_sum(window"))).get(10, TimeUnit.SECONDS);
        Stop stop = s.resume().get(30, TimeUnit.SECONDS);
        CudaFocus focus = s.focus().current();
        int lane = focus.laneIndex();
        List<VariableValue> values = s.query(e -> {
            WarpStatus w = e.warps().stream().filter(x -> x.id().equals(stop.warp())).findFirst().orElseThrow();
            return e.variables(w.id(), w.frames().get(0).level(), lane);
        });
        VariableValue window = values.stream().filter(v -> v.name().equals("window")).findFirst().orElseThrow();
        // window[k] = stage[(tid + k) % 64] = in[CTA * 64 + (tid + k) % 64] (local_array.cu)
        int tid = focus.thread().x();
        int cta = focus.cta().x();
        ByteBuffer bytes = ByteBuffer.wrap(window.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < window.count(); k++) {
            assertEquals(IOTA + cta * BLOCK + (tid + k) % BLOCK, bytes.getInt(4 * k), "window[" + k + "]");
        }
        assertEquals("local", window.location().space());
        // The same bytes through the stop's model state, at the variable's location.
        StopMemoryState state = s.stopState();
        byte[] read = new byte[window.bytes().length];
        boolean[] readable = new boolean[read.length];
        var space = state.space("local");
        var context = state.context(Scope.LANE, window.location().lane());
        assertEquals(null, state.read(space, context, window.location().offset(), read.length, read, readable, 0),
                "every byte of the variable reads");
        assertTrue(java.util.Arrays.equals(window.bytes(), read));
        // Past the lane's local memory nothing reads, and the read says why, from where.
        long end = state.extent(space, context);
        boolean[] past = new boolean[4];
        String why = state.read(space, context, end, past.length, new byte[past.length], past, 0);
        assertTrue(!past[0] && why != null && why.startsWith("0x" + Long.toHexString(end) + ": ") && why.length() > 12, why);
    }

    /** fault_endless.cu: spins while *flag is 0, which it is. */
    private DebugSession endless() throws Exception {
        Path module = Path.of(System.getProperty("gpumem.fixtures"), "kernels", "fault_endless.O3.ptx");
        LaunchDescription d = new LaunchDescription(null, module, "fault_endless", new Dim3(1, 1, 1), new Dim3(32, 1, 1),
                0, "sm_90", List.of(new KernelArgument.Buffer("flag", ScalarType.S32, 1, new BufferInit.Zero()),
                        new KernelArgument.Buffer("out", ScalarType.S32, 32, new BufferInit.Zero())),
                List.of("out"));
        DebugSession s = new DebugSession(new KernelEngine(PreparedLaunch.prepare(d), 0), failures::add);
        sessions.add(s);
        return s;
    }

    @Test
    void readsOfARunningKernelFailAtOnceAndSuspendStopsIt() throws Exception {
        DebugSession s = endless();
        var running = s.resume();
        NotStoppedException busy = assertThrows(NotStoppedException.class, () -> s.query(KernelEngine::warps));
        assertFalse(busy.ended());
        assertEquals("the kernel is running", busy.getMessage());
        assertFalse(s.isSuspended());
        s.suspend();
        Stop stop = running.get(30, TimeUnit.SECONDS);
        assertEquals(StopReason.SUSPEND, stop.reason());
        assertEquals(1, s.query(KernelEngine::warps).size());
        s.terminate();
        assertNull(s.whenEnded().get(10, TimeUnit.SECONDS), "terminated before its end: no result");
        NotStoppedException after = assertThrows(NotStoppedException.class, () -> s.query(KernelEngine::warps));
        assertTrue(after.ended());
        assertNull(s.stopState());
        assertNull(s.focus().current());
    }

    @Test
    void aKernelRunToItsEndEndsTheSessionWithItsResult() throws Exception {
        DebugSession s = sample();
        Stop end = s.resume().get(60, TimeUnit.SECONDS);
        assertEquals(StopReason.EXITED, end.reason());
        LaunchResult result = s.whenEnded().get(10, TimeUnit.SECONDS);
        assertNotNull(result);
        assertTrue(result.completed());
        assertTrue(s.isEnded());
    }

    @Test
    void focusIsRefusedWithTheReasonAndMovesToALane() throws Exception {
        DebugSession s = sample();
        assertEquals("the kernel is not stopped", s.focus().check(new Dim3(0, 0, 0), new Dim3(0, 0, 0)));
        s.setBreakpoints(List.of(sampleLine("weighted_sum(window"))).get(10, TimeUnit.SECONDS);
        s.resume().get(30, TimeUnit.SECONDS);
        assertTrue(s.focus().check(new Dim3(2, 0, 0), new Dim3(0, 0, 0)).contains("outside the grid"));
        assertTrue(s.focus().check(new Dim3(0, 0, 0), new Dim3(64, 0, 0)).contains("outside the block"));
        List<String> changes = new CopyOnWriteArrayList<>();
        s.focus().addListener((before, after, cause) -> changes.add(cause + " " + (after == null ? "none" : after.thread())));
        CudaFocus f = s.focus().set(new Dim3(1, 0, 0), new Dim3(37, 0, 0));
        assertEquals(new Dim3(1, 0, 0), f.cta());
        assertEquals(1, f.warp());
        assertEquals(5, f.laneIndex());
        assertEquals(List.of("REQUEST (37,0,0)"), changes);
        IllegalArgumentException noLane = assertThrows(IllegalArgumentException.class,
                () -> s.focus().set(new LaneId(new WarpId(new Dim3(1, 0, 0), 7), 0)));
        assertTrue(noLane.getMessage().contains("not a stopped warp"), noLane.getMessage());
        s.terminate();
        s.whenEnded().get(10, TimeUnit.SECONDS);
        assertEquals(List.of("REQUEST (37,0,0)", "STOP none"), changes);
    }

    @Test
    void runToLineStopsThereOnceAndLeavesTheOtherBreakpoints() throws Exception {
        DebugSession s = sample();
        BreakpointSpec sum = sampleLine("weighted_sum(window");
        BreakpointSpec store = sampleLine("out[gid] =");
        s.setBreakpoints(List.of(store)).get(10, TimeUnit.SECONDS);
        // Every warp passes the call before the store, so the first stop is the run-to line.
        Stop ran = s.runToLine(sum).get(30, TimeUnit.SECONDS);
        assertEquals(StopReason.BREAKPOINT, ran.reason());
        assertEquals(sum, ran.breakpoint());
        // Then the temporary line is gone and the user's breakpoint stops each of the 4 warps once.
        List<BreakpointSpec> hits = new ArrayList<>();
        Stop next = s.resume().get(30, TimeUnit.SECONDS);
        while (next.reason() == StopReason.BREAKPOINT) {
            hits.add(next.breakpoint());
            next = s.resume().get(30, TimeUnit.SECONDS);
        }
        assertEquals(StopReason.EXITED, next.reason());
        assertEquals(List.of(store, store, store, store), hits);
    }
}
