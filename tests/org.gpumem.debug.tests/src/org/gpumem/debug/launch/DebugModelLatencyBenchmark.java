package org.gpumem.debug.launch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.WarpThread;
import org.junit.jupiter.api.Test;

/**
 * The Eclipse debug model's side of {@code releng/bench-dap}: the same two operations that
 * {@code tests/org.gpumem.dap.tests/bench/latency.ts} times through {@code gpumem dap}, on the same
 * kernel (local_array.G.ptx's local_weighted over 16384 ints in CTAs of 64 threads, stopped at
 * local_array.cu:20): a resume to the SUSPEND event of the next breakpoint hit, and a 64 KiB read
 * of global memory through a memory block. Prints medians; asserts nothing (a benchmark: the
 * default includes leave it out).
 */
class DebugModelLatencyBenchmark extends KernelLaunchFixture {
    private static final int INTS = 16384;
    private static final int STOPS = Integer.getInteger("gpumem.bench.stops", 30);
    private static final int READS = Integer.getInteger("gpumem.bench.reads", 30);

    @Test
    void stopToSuspendEventAndRead64KiB() throws Exception {
        breakpoint("local_array.cu", LOOP_LINE);
        ILaunchConfigurationWorkingCopy wc = configuration("local_array.G.ptx", "local_weighted",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + INTS + ",\"init\":{\"random\":7}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + INTS + "},{\"s32\":" + INTS + "}]",
                INTS / BLOCK);
        DebugEventRecorder.Pending first = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) first.await("the first breakpoint hit").getSource();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();

        List<Double> stops = new ArrayList<>();
        for (int i = 0; i < STOPS; i++) {
            DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
            long start = System.nanoTime();
            thread.resume();
            thread = (WarpThread) hit.await("breakpoint hit " + (i + 2)).getSource();
            stops.add((System.nanoTime() - start) / 1e6);
        }

        String in = null;
        for (IVariable v : thread.getTopStackFrame().getVariables()) {
            if (v.getName().equals("in")) {
                in = v.getValue().getValueString().split(" ")[0];
            }
        }
        IMemoryBlockExtension block = target.getExtendedMemoryBlock("global:" + in, thread.getTopStackFrame());
        List<Double> reads = new ArrayList<>();
        int bytes = 0;
        for (int i = 0; i < READS; i++) {
            // a fresh block each time, as each DAP readMemory is: no page kept from the previous read
            IMemoryBlockExtension fresh = target.getExtendedMemoryBlock("global:" + in, thread.getTopStackFrame());
            long start = System.nanoTime();
            MemoryByte[] read = fresh.getBytesFromOffset(BigInteger.ZERO, 64 * 1024);
            reads.add((System.nanoTime() - start) / 1e6);
            bytes = read.length;
            fresh.dispose();
        }
        block.dispose();
        System.out.printf("gpumem debug-model latency: stop-to-suspend-event median %.2f ms (%d stops), "
                + "memory block read 64 KiB median %.2f ms (%d reads, %d bytes each)%n",
                median(stops), STOPS, median(reads), READS, bytes);
        launch.terminate();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
