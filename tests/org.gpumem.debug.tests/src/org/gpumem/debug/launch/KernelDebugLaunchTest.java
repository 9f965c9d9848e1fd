package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.model.MemoryBlockBinding;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launches sample kernels in debug mode through the launch manager and checks what the debug
 * model shows against values computed here from the kernel's source (CPU reference).
 */
class KernelDebugLaunchTest extends KernelLaunchFixture {

    private static byte[] values(MemoryByte[] bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            assertTrue(bytes[i].isReadable(), "byte " + i + " readable");
            out[i] = bytes[i].getValue();
        }
        return out;
    }

    @Test
    void breakpointInLoopShowsSharedAndLocalArraysThroughVariablesAndMemoryBlocks() throws Exception {
        LoopStop stop = stopInLocalArrayLoop(41);
        IFile source = stop.source();
        KernelLineBreakpoint inLoop = stop.inLoop();
        ILaunch launch = stop.launch();
        WarpThread thread = stop.thread();
        KernelDebugTarget target = stop.target();
        KernelProcess process = stop.process();
        assertTrue(target.isSuspended());
        assertTrue(thread.getName().startsWith("CTA (0,0,0) warp " + thread.warpId().warp()), thread.getName());
        assertArrayEquals(new IBreakpoint[] {inLoop}, thread.getBreakpoints());

        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        assertEquals(LOOP_LINE, top.getLineNumber());
        assertTrue(top.sourceLocation().file().endsWith("local_array.cu"));
        assertEquals(source, launch.getSourceLocator().getSourceElement(top));

        int lane = 5;
        thread.setFocusedLane(lane);
        int cta = thread.warpId().cta().x();
        int[] in = ints(process.prepared().initialBuffer("in"));

        // Register variables of the focused lane: gid = blockIdx.x * blockDim.x + threadIdx.x, and the
        // loop counter k (a location list over the loop's instructions) is 0 the first time line 20 runs.
        KernelVariable gidVariable = top.variable("gid");
        assertTrue(gidVariable.location().startsWith("register %r"), gidVariable.location());
        assertEquals(Integer.toString(cta * BLOCK + thread.warpId().warp() * 32 + lane), gidVariable.getValue().getValueString());
        assertEquals("0", top.variable("k").getValue().getValueString());

        // __shared__ int stage[128]: after __syncthreads, stage[t] = in[blockIdx.x * blockDim.x + t] for t < blockDim.x.
        KernelVariable stage = top.variable("stage");
        assertNotNull(stage);
        assertEquals("shared", stage.spaceName());
        assertEquals("shared [CTA (" + cta + ",0,0)] +0x0", stage.location());
        int[] stageValues = ints(stage.bytes());
        for (int t = 0; t < BLOCK; t++) {
            assertEquals(in[cta * BLOCK + t], stageValues[t], "stage[" + t + "]");
        }
        IMemoryBlockExtension sharedBlock = target.getExtendedMemoryBlock("shared:&stage", top);
        assertEquals(4, sharedBlock.getAddressSize());
        assertArrayEquals(stage.bytes(), values(sharedBlock.getBytesFromOffset(BigInteger.ZERO, 4 * 128)));
        MemoryBlockBinding binding = MemoryBlockBinding.of(sharedBlock);
        assertEquals("shared", binding.space());
        assertEquals("CTA (" + cta + ",0,0)", binding.context());

        // Kernel parameters live in the param space; a generic pointer shows the space it points into.
        KernelVariable inParam = top.variable("in");
        assertEquals("param [grid] +0x0", inParam.location(), "kernel parameters are one per launch");
        assertTrue(inParam.getValue().getValueString().endsWith(" -> global +0x"
                + Long.toHexString(ByteBuffer.wrap(inParam.bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong())),
                inParam.getValue().getValueString());
        DebugException unknown = assertThrows(DebugException.class, () -> target.getExtendedMemoryBlock("lds:0x0", top));
        assertTrue(unknown.getMessage().contains("unknown address space 'lds'"), unknown.getMessage());

        // int window[8], per thread in local memory: the same bytes through local, generic and the warp-interleaved pool.
        KernelVariable window = top.variable("window");
        assertEquals("local", window.spaceName());
        assertTrue(window.location().startsWith("local [CTA (" + cta + ",0,0) warp " + thread.warpId().warp() + " lane 5] +0x"),
                window.location());
        byte[] windowBytes = window.bytes();
        SpaceMemoryBlock local = (SpaceMemoryBlock) target.getExtendedMemoryBlock("local:&window", top);
        assertEquals("local", local.space());
        assertArrayEquals(windowBytes, values(local.getBytesFromOffset(BigInteger.ZERO, 32)));
        IMemoryBlockExtension generic = target.getExtendedMemoryBlock("generic:&window", top);
        assertEquals(8, generic.getAddressSize());
        assertEquals("local", AddressResolver.throughWindows(AddressSpaces.require(target.engineTarget(), "generic"),
                generic.getBigBaseAddress().longValue()).space().getName());
        assertArrayEquals(windowBytes, values(generic.getBytesFromOffset(BigInteger.ZERO, 32)));
        IMemoryBlockExtension plain = target.getExtendedMemoryBlock(generic.getBigBaseAddress().toString(), top);
        assertArrayEquals(windowBytes, values(plain.getBytesFromOffset(BigInteger.ZERO, 32)));
        long windowOffset = window.memoryLocation().offset();
        IMemoryBlockExtension warpPool = target.getExtendedMemoryBlock("private_wave:&window", top);
        assertEquals((windowOffset / 4) * 128 + lane * 4L + windowOffset % 4, warpPool.getBigBaseAddress().longValue(),
                "lane-interleaved in 4-byte words of the warp's 32 lanes");
        assertArrayEquals(java.util.Arrays.copyOf(windowBytes, 4), values(warpPool.getBytesFromOffset(BigInteger.ZERO, 4)));

        // Step a few lines: the loop stores window[k]; after each step the local block flags
        // exactly the bytes that differ from the previous stop.
        byte[] previous = values(local.getBytesFromOffset(BigInteger.ZERO, 32));
        int changedBytes = 0;
        for (int i = 0; i < 4; i++) {
            DebugEventRecorder.Pending stepped = events.expect(e -> threadSuspended(e, DebugEvent.STEP_END));
            thread.stepOver();
            assertEquals(thread, stepped.await("step " + i).getSource());
            // One event set per stop (thread, target, memory blocks), so a merged refresh handler
            // refreshes once per suspend.
            List<Object> sources = java.util.Arrays.stream(stepped.set()).map(DebugEvent::getSource).toList();
            assertTrue(sources.contains(target) && sources.contains(local) && sources.contains(sharedBlock), sources.toString());
            MemoryByte[] now = local.getBytesFromOffset(BigInteger.ZERO, 32);
            for (int b = 0; b < 32; b++) {
                assertTrue(now[b].isHistoryKnown(), "history of byte " + b);
                assertEquals(previous[b] != now[b].getValue(), now[b].isChanged(), "changed flag of byte " + b + " after step " + i);
                changedBytes += now[b].isChanged() ? 1 : 0;
            }
            previous = values(now);
        }
        assertTrue(changedBytes > 0, "stepping through the loop changed window[]");
        assertArrayEquals(previous, top.variable("window").bytes());

        // After the loop: window[k] = stage[(t + k) % blockDim.x] for the focused lane's thread t.
        inLoop.delete();
        KernelLineBreakpoint afterLoop = new KernelLineBreakpoint(source, CALL_LINE);
        DebugEventRecorder.Pending atCall = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        thread.resume();
        WarpThread atCallThread = (WarpThread) atCall.await("the breakpoint after the loop").getSource();
        atCallThread.setFocusedLane(lane);
        PtxStackFrame frame = (PtxStackFrame) atCallThread.getTopStackFrame();
        assertEquals(CALL_LINE, frame.getLineNumber());
        int callCta = atCallThread.warpId().cta().x();
        int callTid = atCallThread.warpId().warp() * 32 + lane;
        int[] expectedWindow = new int[8];
        for (int k = 0; k < 8; k++) {
            expectedWindow[k] = in[callCta * BLOCK + (callTid + k) % BLOCK];
        }
        assertArrayEquals(expectedWindow, ints(frame.variable("window").bytes()));
        SpaceMemoryBlock callLocal = (SpaceMemoryBlock) target.getExtendedMemoryBlock("private_lane:&window", frame);
        assertArrayEquals(expectedWindow, ints(values(callLocal.getBytesFromOffset(BigInteger.ZERO, 32))));

        // Step into weighted_sum(window, 8): its generic pointer parameter resolves to the caller's local window.
        DebugEventRecorder.Pending into = events.expect(e -> threadSuspended(e, DebugEvent.STEP_END));
        atCallThread.stepInto();
        into.await("step into weighted_sum");
        assertEquals(2, atCallThread.getStackFrames().length);
        PtxStackFrame callee = (PtxStackFrame) atCallThread.getTopStackFrame();
        assertTrue(callee.callFrame().function().startsWith("_Z12weighted_sum"), callee.getName());
        DebugEventRecorder.Pending overInCallee = events.expect(e -> threadSuspended(e, DebugEvent.STEP_END));
        atCallThread.stepOver();
        overInCallee.await("a step in weighted_sum");
        String values = ((PtxStackFrame) atCallThread.getTopStackFrame()).variable("values").getValue().getValueString();
        assertTrue(values.endsWith(" -> local +0x" + Long.toHexString(frame.variable("window").memoryLocation().offset())), values);
        DebugEventRecorder.Pending back = events.expect(e -> threadSuspended(e, DebugEvent.STEP_END));
        atCallThread.stepReturn();
        back.await("step return");
        assertEquals(1, atCallThread.getStackFrames().length);
        assertEquals(CALL_LINE, atCallThread.getTopStackFrame().getLineNumber());

        // Resume to the end: exit 0 and out[gid] = sum (k+1) * window[k] for every thread.
        afterLoop.delete();
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() == process);
        atCallThread.resume();
        ended.await("the end of the kernel");
        assertTrue(target.isTerminated());
        assertEquals(0, process.getExitValue());
        int[] out = ints(process.prepared().buffer("out"));
        for (int gid = 0; gid < N; gid++) {
            int block = gid / BLOCK;
            int t = gid % BLOCK;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += (k + 1) * in[block * BLOCK + (t + k) % BLOCK];
            }
            assertEquals(sum, out[gid], "out[" + gid + "]");
        }
    }

    @Test
    void runModeRunsToTheEndAndWritesTheOutputs(@TempDir Path outDir) throws Exception {
        ILaunchConfigurationWorkingCopy wc = configuration("local_array.G.ptx", "local_weighted",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N + ",\"init\":{\"iota\":-50}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]", 2);
        wc.setAttribute(KernelLaunchAttributes.OUTPUT_DIRECTORY, outDir.toString());
        breakpoint("local_array.cu", LOOP_LINE);
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        ended.await("the end of the run");
        assertNull(launch.getDebugTarget(), "run mode has no debug target and ignores breakpoints");
        assertEquals(0, launch.getProcesses()[0].getExitValue());
        int[] out = ints(Files.readAllBytes(outDir.resolve("out.bin")));
        for (int gid = 0; gid < N; gid++) {
            int block = gid / BLOCK;
            int t = gid % BLOCK;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += (k + 1) * (-50 + block * BLOCK + (t + k) % BLOCK);
            }
            assertEquals(sum, out[gid], "out[" + gid + "]");
        }
    }

    @Test
    void devicePrintfComesOutOnTheConsoleByCtaWarpAndLane() throws Exception {
        Path everyday = KERNELS.resolveSibling("everyday");
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "test printf");
        KernelLaunchAttributes.useFields(wc, everyday.resolve("printf.O3.ptx").toString(), "printf_threads", "[2]", "[40]", 0,
                "sm_75", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":80,\"init\":{\"iota\":1000}}]", List.of());
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        ended.await("the end of the run");
        assertEquals(0, launch.getProcesses()[0].getExitValue());
        String console = launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
        assertTrue(console.startsWith(Files.readString(everyday.resolve("printf_threads.expected.txt"))), console);
    }

    @Test
    void theRunModeTimeoutTerminatesAnEndlessKernelWithWhereItsWarpsWere() throws Exception {
        ILaunchConfigurationWorkingCopy wc = configuration("fault_endless.O3.ptx", "fault_endless",
                "[{\"buffer\":\"flag\",\"type\":\"s32\",\"count\":1},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":"
                        + BLOCK + "}]", 1);
        wc.setAttribute(KernelLaunchAttributes.TIMEOUT_SECONDS, "0.5");
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        ended.await("the end of the run");
        assertEquals(KernelProcess.EXIT_TERMINATED, launch.getProcesses()[0].getExitValue());
        String console = launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
        assertTrue(console.contains("the wall-clock limit of 0.5 s was reached"), console);
        assertTrue(console.matches("(?s).*CTA \\(0,0,0\\) warp 1: ready at PTX line \\d+ \\(.*fault_endless\\.cu:\\d+:\\d+\\) in \\S*fault_endless.*"),
                console);
    }

    @Test
    void outOfBoundsSharedStoreSuspendsTheFaultingWarpWithTheReport() throws Exception {
        ILaunchConfigurationWorkingCopy wc = configuration("fault_oob_shared.G.ptx", "fault_oob_shared",
                "[{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + BLOCK + "},{\"s32\":100}]", 1);
        DebugEventRecorder.Pending fault = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) fault.await("the fault").getSource();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        // Only threadIdx.x == 0 stores stage[index]: lane 0 of warp 0 of CTA (0,0,0).
        assertEquals("CTA (0,0,0) warp 0", thread.warpId().label());
        assertNotNull(thread.faultOfThisWarp());
        assertEquals(FaultKind.OUT_OF_BOUNDS, target.fault().kind());
        assertEquals(PtxStateSpace.SHARED, target.fault().space());
        assertEquals(0, target.fault().lane());
        assertTrue(thread.getName().contains("Faulted: " + target.fault().message()), thread.getName());
        assertTrue(target.getName().contains(target.fault().message()), target.getName());
        assertFalse(target.canResume());
        assertTrue(launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents()
                .contains(target.fault().report()));
        // The process terminates after the target; its exit value exists from then on.
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE
                && e.getSource() == launch.getProcesses()[0]);
        target.terminate();
        ended.await("termination");
        assertTrue(target.isTerminated());
        assertEquals(KernelProcess.EXIT_FAULT, launch.getProcesses()[0].getExitValue());
        assertInstanceOf(KernelDebugTarget.class, target);
    }
}
