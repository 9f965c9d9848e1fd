package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.FaultKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs and debugs the committed CUDA program tests/fixtures/host/reduction.G (nvcc -G, two
 * launches of reduceSum over 65,536 ints) through the launch manager with gpumem's
 * libcudart.so.13, and checks what the debug model shows against values computed here from the
 * program's source.
 */
class HostDebugLaunchTest extends KernelLaunchFixture {
    static final Path HOST = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "host");
    /** reduction.cu: n, threads per block, and the line {@code partial[tid] = v;} after v sums two inputs. */
    static final int N = 1 << 16;
    static final int THREADS = 128;
    static final int STORE_LINE = 13;

    /** The program's input: h[i] = (i * 7919) % 1000 - 500. */
    static int input(int i) {
        return (i * 7919) % 1000 - 500;
    }

    static long expectedSum() {
        long sum = 0;
        for (int i = 0; i < N; i++) {
            sum += input(i);
        }
        return sum;
    }

    static ILaunchConfigurationWorkingCopy reduction() throws Exception {
        return program("reduction.G");
    }

    static ILaunchConfigurationWorkingCopy program(String name) throws Exception {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID);
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, name);
        HostLaunchAttributes.set(wc, HOST.resolve(name).toString(), "", "", "sm_90", "");
        return wc;
    }

    /** A debug launch of the program, stopped by the breakpoint at {@link #STORE_LINE} in its first launch. */
    private WarpThread stopAtStore() throws Exception {
        breakpoint(HOST, "reduction.cu", STORE_LINE);
        DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        reduction().launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        return (WarpThread) hit.await("the breakpoint in reduceSum").getSource();
    }

    private static boolean terminated(DebugEvent e, Object source) {
        return e.getKind() == DebugEvent.TERMINATE && e.getSource() == source;
    }

    private static String console(HostProgramProcess process) {
        return process.getStreamsProxy().getOutputStreamMonitor().getContents();
    }

    @Test
    void breakpointInTheProgramsKernelShowsItsVariablesAndDeviceMemoryThenTheProgramRunsToItsExit() throws Exception {
        WarpThread thread = stopAtStore();
        KernelDebugTarget target = (KernelDebugTarget) thread.getDebugTarget();
        ILaunch launch = target.getLaunch();
        HostProgramProcess process = assertInstanceOf(HostProgramProcess.class, launch.getProcesses()[0]);
        assertSame(process, target.getProcess(), "the kernel's target belongs to the program's process");
        assertTrue(target.getName().startsWith("launch 1 of reduceSum(int const*, int*, int) <<<(256,1,1), (128,1,1)>>>"), target.getName());
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        assertEquals(STORE_LINE, top.getLineNumber());
        assertTrue(top.sourceLocation().file().endsWith("reduction.cu"), top.sourceLocation().file());

        // v = in[i] + in[i + blockDim.x] for i = blockIdx.x * blockDim.x * 2 + threadIdx.x
        int lane = 3;
        thread.setFocusedLane(lane);
        int cta = thread.warpId().cta().x();
        int tid = thread.warpId().warp() * 32 + lane;
        int i = cta * THREADS * 2 + tid;
        assertEquals(Integer.toString(input(i) + input(i + THREADS)), top.variable("v").getValue().getValueString());
        assertEquals(Integer.toString(N), top.variable("n").getValue().getValueString());

        // The program's cudaMalloc'ed input, through the kernel's pointer: the bytes main copied there.
        long in = ByteBuffer.wrap(top.variable("in").bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        IMemoryBlockExtension block = target.getExtendedMemoryBlock("global:0x" + Long.toHexString(in), top);
        MemoryByte[] bytes = block.getBytesFromOffset(BigInteger.valueOf(4L * i), 16);
        ByteBuffer values = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        for (MemoryByte b : bytes) {
            assertTrue(b.isReadable());
            values.put(b.getValue());
        }
        for (int k = 0; k < 4; k++) {
            assertEquals(input(i + k), values.getInt(4 * k), "in[" + (i + k) + "]");
        }

        // Without the breakpoint, resume runs this launch, then the program's second one, to its exit.
        for (var b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        target.resume();
        exit.await("the program's exit");
        assertEquals(0, process.getExitValue(), console(process));
        assertTrue(console(process).contains("sum of " + N + " elements in 2 launches: " + expectedSum()), console(process));
        assertTrue(console(process).endsWith("Test PASSED\n"), console(process));
        IDebugTarget[] targets = launch.getDebugTargets();
        assertEquals(2, targets.length, "one target per kernel launch");
        assertTrue(targets[1].getName().startsWith("launch 2 of reduceSum(int const*, int*, int) <<<(1,1,1), (128,1,1)>>>"), targets[1].getName());
        for (IDebugTarget t : targets) {
            assertTrue(t.isTerminated(), t.getName());
        }
        assertTrue(launch.isTerminated());
    }

    @Test
    void terminatingAStoppedKernelEndsTheProgram() throws Exception {
        WarpThread thread = stopAtStore();
        KernelDebugTarget target = (KernelDebugTarget) thread.getDebugTarget();
        HostProgramProcess process = (HostProgramProcess) target.getProcess();
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        target.terminate();
        exit.await("the program's end");
        assertEquals(128 + 9, process.getExitValue(), "killed");
        assertTrue(target.isTerminated());
        assertEquals(1, target.getLaunch().getDebugTargets().length, "no launch after the terminated one");
        String errors = process.getStreamsProxy().getErrorStreamMonitor().getContents();
        assertTrue(errors.contains("was terminated in the debugger"), errors);
    }

    @Test
    void aFaultStopsTheLaunchAndTerminatingItHandsTheStickyErrorToTheProgram() throws Exception {
        DebugEventRecorder.Pending fault = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = program("kernel_fault").launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) fault.await("the fault").getSource();
        KernelDebugTarget target = (KernelDebugTarget) thread.getDebugTarget();
        assertEquals(FaultKind.OUT_OF_BOUNDS, target.fault().kind());
        assertTrue(target.getName().contains("(Faulted: "), target.getName());
        HostProgramProcess process = (HostProgramProcess) launch.getProcesses()[0];
        assertTrue(process.getStreamsProxy().getErrorStreamMonitor().getContents().contains(target.fault().report()),
                "the fault report in the program's console");
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        target.terminate();
        exit.await("the program's exit");
        assertTrue(console(process).contains("cudaDeviceSynchronize: cudaErrorIllegalAddress"), console(process));
        assertTrue(console(process).endsWith("Test PASSED\n"), console(process));
        assertEquals(0, process.getExitValue(), "the program checked the sticky error and passed");
    }

    /** endless.cu's kernel never ends: terminating the program must stop it, in both modes. */
    @ParameterizedTest
    @ValueSource(strings = {ILaunchManager.RUN_MODE, ILaunchManager.DEBUG_MODE})
    void terminatingTheProgramStopsTheKernelItWaitsIn(String mode) throws Exception {
        DebugEventRecorder.Pending running = events.expect(e -> e.getKind() == DebugEvent.RESUME
                && e.getSource() instanceof KernelDebugTarget);
        ILaunch launch = program("endless").launch(mode, new NullProgressMonitor());
        HostProgramProcess process = (HostProgramProcess) launch.getProcesses()[0];
        if (mode.equals(ILaunchManager.DEBUG_MODE)) {
            running.await("the kernel's target running");
        } else {
            CountDownLatch launching = new CountDownLatch(1);
            IStreamMonitor out = process.getStreamsProxy().getOutputStreamMonitor();
            out.addListener((text, monitor) -> {
                if (monitor.getContents().contains("launching spin")) {
                    launching.countDown();
                }
            });
            if (out.getContents().contains("launching spin")) {
                launching.countDown();
            }
            assertTrue(launching.await(60, TimeUnit.SECONDS), "the program's launch");
        }
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        process.terminate();
        exit.await("the program's end");
        assertEquals(128 + 9, process.getExitValue(), "killed");
        assertTrue(launch.isTerminated());
    }

    @Test
    void runModeRunsEveryLaunchToTheProgramsExit() throws Exception {
        breakpoint(HOST, "reduction.cu", STORE_LINE);
        ILaunch launch = reduction().launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        HostProgramProcess process = (HostProgramProcess) launch.getProcesses()[0];
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        if (!process.isTerminated()) {
            exit.await("the program's exit");
        }
        assertEquals(0, process.getExitValue(), console(process));
        assertTrue(console(process).endsWith("Test PASSED\n"), console(process));
        assertEquals(0, launch.getDebugTargets().length, "run mode has no debug targets, breakpoints or not");
    }

    /**
     * In run mode a launch that runs past the configuration's wall-clock limit stops as
     * {@code gpumem exec --timeout} stops it: the program gets cudaErrorLaunchTimeout (endless.cu
     * then exits 1) and the console says why, where the warps were. No instruction budget is set.
     */
    @Test
    void runModeStopsALaunchAtItsWallClockLimit() throws Exception {
        ILaunchConfigurationWorkingCopy wc = program("endless");
        wc.setAttribute(HostLaunchAttributes.TIMEOUT_SECONDS, "1");
        assertEquals(0, HostLaunchAttributes.budget(wc));
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        HostProgramProcess process = (HostProgramProcess) launch.getProcesses()[0];
        DebugEventRecorder.Pending exit = events.expect(e -> terminated(e, process));
        if (!process.isTerminated()) {
            exit.await("the program's exit");
        }
        // the program's output and, on its error stream, gpumem's report and the program's CHECK
        String console = console(process) + process.getStreamsProxy().getErrorStreamMonitor().getContents();
        assertEquals(1, process.getExitValue(), console);
        assertTrue(console.contains("the wall-clock limit of 1 s was reached"), console);
        assertTrue(console.contains("cudaDeviceSynchronize() failed: cudaErrorLaunchTimeout"), console);
    }
}
