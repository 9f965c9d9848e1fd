package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The deliberately faulty kernels of tests/fixtures/kernels: every fault stops the launch with
 * a report naming the space, the context, the address, the PTX line and the source line; a
 * barrier not all threads reach is a deadlock, and an endless loop is stopped by the budget.
 */
class FaultKernelsTest {

    private static LaunchDescription launch(String kernel, Variant v, int threads, List<KernelArgument> args) {
        return new LaunchDescription(null, SampleKernels.ptx(kernel, v), kernel, new Dim3(1, 1, 1),
                new Dim3(threads, 1, 1), 0, "sm_90", args, List.of());
    }

    private static KernelArgument.Buffer ints(String name, int count) {
        return new KernelArgument.Buffer(name, ScalarType.S32, count, new BufferInit.Zero());
    }

    private static KernelArgument.Scalar s32(int value) {
        return new KernelArgument.Scalar(ScalarType.S32, value & 0xffffffffL);
    }

    private static Fault fault(PreparedLaunch launch, ExecOptions options) {
        PreparedLaunch.Outcome o = launch.run(options);
        assertFalse(o.result().completed(), "the kernel should have faulted");
        assertTrue(o.outputs().isEmpty());
        return o.result().fault();
    }

    /** The fault address as an offset in its space, whether reported in the space or through the generic window. */
    private static long spaceOffset(PreparedLaunch launch, Fault f) {
        long base = SimulatedDevice.of(launch.device()).layout().base(f.space());
        return f.address() >= base && base != 0 ? f.address() - base : f.address();
    }

    /** 1-based line of the .cu file holding {@code statement}: the source line a report must name. */
    private static int sourceLine(String kernel, String statement) throws IOException {
        List<String> lines = Files.readAllLines(SampleKernels.source(kernel));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(statement)) {
                return i + 1;
            }
        }
        throw new AssertionError(statement + " not in " + kernel + ".cu");
    }

    /** The PTX text at the fault's line must be the faulting instruction. */
    private static void assertPtxLineHolds(String kernel, Variant v, Fault f, String mnemonic) throws IOException {
        List<String> ptx = Files.readAllLines(SampleKernels.ptx(kernel, v));
        assertTrue(f.ptxLine() >= 1 && f.ptxLine() <= ptx.size(), f.report());
        String text = ptx.get(f.ptxLine() - 1).trim();
        assertTrue(text.startsWith(mnemonic), "PTX line " + f.ptxLine() + " is '" + text + "'\n" + f.report());
    }

    private static void assertContextAndLines(Fault f, String kernel, Variant v, String statement, String mnemonic)
            throws IOException {
        assertNotNull(f.cta(), f.report());
        assertTrue(f.warp() >= 0 && f.lane() >= 0 && f.lane() < 32, f.report());
        assertEquals(f.warp() * 32 + f.lane(), f.thread().x(), f.report());
        assertPtxLineHolds(kernel, v, f, mnemonic);
        assertNotNull(f.source(), f.report());
        assertTrue(f.source().file().endsWith(kernel + ".cu"), f.report());
        assertEquals(sourceLine(kernel, statement), f.source().line(), f.report());
        String report = f.report();
        assertTrue(report.contains("PTX line " + f.ptxLine()), report);
        assertTrue(report.contains(kernel + ".cu:" + f.source().line()), report);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void outOfBoundsGlobalStoreIsReportedWithSpaceAddressAndLines(Variant v) throws IOException {
        int count = 100;
        PreparedLaunch launch = PreparedLaunch.prepare(launch("fault_oob_global", v, 128, List.of(ints("data", count), s32(count))));
        Fault f = fault(launch, SampleKernels.options());
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind(), f.report());
        assertEquals(PtxStateSpace.GLOBAL, f.space(), f.report());
        assertTrue(f.thread().x() >= count, f.report());
        assertEquals(launch.bufferAddresses().get("data") + 4L * f.thread().x(), f.address(), f.report());
        assertEquals(4, f.size());
        assertContextAndLines(f, "fault_oob_global", v, "data[i] = i + count;", "st.");
        assertTrue(f.report().contains("global"), f.report());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void outOfBoundsSharedStoreIsReported(Variant v) throws IOException {
        int index = 1000;
        PreparedLaunch launch = PreparedLaunch.prepare(launch("fault_oob_shared", v, 64, List.of(ints("out", 64), s32(index))));
        Fault f = fault(launch, SampleKernels.options());
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind(), f.report());
        assertEquals(PtxStateSpace.SHARED, f.space(), f.report());
        assertEquals(0, f.thread().x(), f.report());
        long stage = DeviceModule.of(launch.module()).module().sharedOffsets().values().iterator().next();
        assertEquals(stage + 4L * index, spaceOffset(launch, f), f.report());
        assertContextAndLines(f, "fault_oob_shared", v, "stage[index] = 7;", "st.");
        assertTrue(f.report().contains("shared"), f.report());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void outOfBoundsLocalLoadIsReported(Variant v) throws IOException {
        int index = 100_000;
        PreparedLaunch launch = PreparedLaunch.prepare(launch("fault_oob_local", v, 32,
                List.of(ints("in", 64), ints("out", 32), s32(index))));
        Fault f = fault(launch, SampleKernels.options());
        assertEquals(FaultKind.OUT_OF_BOUNDS, f.kind(), f.report());
        assertEquals(PtxStateSpace.LOCAL, f.space(), f.report());
        long offset = spaceOffset(launch, f);
        assertTrue(offset >= 4L * index && offset < 4L * index + DeviceModule.of(launch.module()).entry(launch.kernel().name()).frameBytes(), f.report());
        assertContextAndLines(f, "fault_oob_local", v, "out[threadIdx.x] = window[index];", "ld.");
        assertTrue(f.report().contains("local"), f.report());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void barrierNotAllThreadsReachIsADeadlock(Variant v) throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(launch("fault_deadlock", v, 64, List.of(ints("out", 64), s32(16))));
        Fault f = fault(launch, SampleKernels.options());
        assertEquals(FaultKind.DEADLOCK, f.kind(), f.report());
        assertNotNull(f.cta(), f.report());
        assertTrue(f.report().contains("deadlock"), f.report());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void endlessLoopIsStoppedByTheInstructionBudget(Variant v) throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(launch("fault_endless", v, 32, List.of(ints("flag", 1), ints("counter", 32))));
        long budget = 100_000;
        PreparedLaunch.Outcome o = launch.run(new ExecOptions(budget, 1, false));
        assertFalse(o.result().completed());
        Fault f = o.result().fault();
        assertEquals(FaultKind.INSTRUCTION_BUDGET, f.kind(), f.report());
        assertTrue(o.result().warpInstructions() >= budget && o.result().warpInstructions() <= budget + 1000,
                () -> o.result().warpInstructions() + " warp instructions for a budget of " + budget);
    }
}
