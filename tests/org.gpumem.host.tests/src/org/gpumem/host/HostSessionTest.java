package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;
import org.junit.jupiter.api.Test;

class HostSessionTest {

    /** Everything the session reported, in order. */
    private static class Recorder implements HostListener {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final List<DeviceAllocation> allocated = Collections.synchronizedList(new ArrayList<>());
        final List<DeviceAllocation> freed = Collections.synchronizedList(new ArrayList<>());
        final List<float[]> outputs = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void connected(HostProcess process) {
            events.add("connected");
        }

        @Override
        public void moduleLoaded(HostProcess process, String image) {
            events.add("module " + image);
        }

        @Override
        public void allocated(HostProcess process, DeviceAllocation a) {
            allocated.add(a);
        }

        @Override
        public void freed(HostProcess process, DeviceAllocation a) {
            freed.add(a);
        }

        @Override
        public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
            events.add(launch + (result.completed() ? " completed" : " faulted"));
            // vectorAdd's third argument is c: read it back through the simulator's global memory
            long c = ByteBuffer.wrap(launch.config().args().get(2)).order(ByteOrder.LITTLE_ENDIAN).getLong();
            int n = ByteBuffer.wrap(launch.config().args().get(3)).order(ByteOrder.LITTLE_ENDIAN).getInt();
            ByteBuffer bytes = ByteBuffer.wrap(process.device().read(c, 4 * n)).order(ByteOrder.LITTLE_ENDIAN);
            float[] values = new float[n];
            bytes.asFloatBuffer().get(values);
            outputs.add(values);
        }

        @Override
        public void disconnected(HostProcess process, String problem) {
            events.add("disconnected " + problem);
        }
    }

    private static String run(HostSession session) throws IOException, InterruptedException {
        String out = new String(session.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        session.process().getErrorStream().transferTo(System.err);
        return out;
    }

    @Test
    void vectorAddAllocatesLaunchesAndFreesThroughTheSessionAndItsResultIsInTheSimulatorsMemory() throws Exception {
        Recorder r = new Recorder();
        HostProgram program = HostProgram.of(Fixtures.program("vector_add"), List.of(), Fixtures.runtime());
        HostSession.Io io = new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE,
                ProcessBuilder.Redirect.PIPE);
        HostSession session = HostSession.start(program, r, KernelRunner.simulate(ExecOptions.defaults()), io);
        String out = run(session);
        assertEquals(0, session.waitFor(), out);
        assertTrue(out.contains("Test PASSED"), out);

        assertEquals("connected", r.events.get(0));
        assertTrue(r.events.get(1).matches("module vector_add \\(fatbin 1\\) \\[compute_75.ptx\\]"), r.events.toString());
        assertTrue(r.events.get(2).startsWith("launch 1 of vectorAdd(float const*, float const*, float*, int) "
                + "<<<(196,1,1), (256,1,1)>>> completed"), r.events.toString());
        assertEquals("disconnected null", r.events.get(r.events.size() - 1));

        assertEquals(3, r.allocated.size(), r.allocated.toString());
        for (DeviceAllocation a : r.allocated) {
            assertEquals(50000 * 4, a.size());
            assertEquals(DeviceAllocation.Kind.DEVICE, a.kind());
            assertEquals("cudaMalloc", a.entryPoint());
            assertFalse(a.callers().isEmpty());
            assertNotEquals(0L, a.callers().get(0));
            assertTrue(a.address() >= 0x1_0000_0000L, Long.toHexString(a.address()));
        }
        assertEquals(r.allocated, r.freed);

        // the program's inputs: a[i] = (i % 97) / 7, b[i] = (i % 13) * 0.5
        float[] c = r.outputs.get(0);
        for (int i = 0; i < c.length; i++) {
            assertEquals((float) (i % 97) / 7.0f + (float) (i % 13) * 0.5f, c[i], "c[" + i + "]");
        }
    }

    @Test
    void aDeviceVariableIsDeviceMemoryAndAConstantIsNot() throws Exception {
        Recorder r = new Recorder() {
            @Override
            public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
                events.add(launch + (result.completed() ? " completed" : " faulted"));
            }
        };
        HostProgram program = HostProgram.of(Fixtures.program("convolution"), List.of(), Fixtures.runtime());
        HostSession session = HostSession.start(program, r, KernelRunner.simulate(ExecOptions.defaults()),
                new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE));
        String out = run(session);
        assertEquals(0, session.waitFor(), out);
        List<DeviceAllocation> variables = r.allocated.stream().filter(a -> a.kind() == DeviceAllocation.Kind.VARIABLE).toList();
        assertEquals(1, variables.size(), r.allocated.toString());
        assertEquals("outputsWritten", variables.get(0).entryPoint());
        assertEquals(4, variables.get(0).size());
        assertTrue(out.contains("says 4096 outputs"), out);
    }

    @Test
    void withoutGpumemTheRuntimeSaysHowToStartTheProgramAndTheProgramSeesNoDevice() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Fixtures.program("vector_add").toString());
        Map<String, String> env = pb.environment();
        env.remove(HostSession.CHANNEL_VARIABLE);
        env.put("LD_LIBRARY_PATH", Fixtures.runtime().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), out + err);
        assertTrue(err.contains("start the program with: gpumem exec"), err);
        assertTrue(err.contains("cudaGetDeviceCount(&count) failed: cudaErrorNoDevice"), err);
    }

    /**
     * Stream-ordered allocations are the program's memory in gpumem's views like any other: a
     * pool's block appears when cudaMallocAsync hands it out, becomes the pool's reserve when
     * cudaFreeAsync gives it back (still allocated: the pool keeps it), is handed out again by
     * the next allocation of its size, and goes when the pool releases it; a captured
     * cudaMallocAsync is graph memory. (mempool.cu checks its own results on the host.)
     */
    @Test
    void poolBlocksAndGraphMemoryAreAllocationsWithTheCallsThatMadeThem() throws Exception {
        Recorder r = new Recorder() {
            @Override
            public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
                events.add(launch + (result.completed() ? " completed" : " faulted"));
            }
        };
        HostProgram program = HostProgram.of(Fixtures.program("mempool"), List.of(), Fixtures.runtime());
        HostSession session = HostSession.start(program, r, KernelRunner.simulate(ExecOptions.defaults()),
                new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE));
        String out = run(session);
        assertEquals(0, session.waitFor(), out);
        assertTrue(out.endsWith("Test PASSED\n"), out);
        long bytes = 4096 * 4;
        List<DeviceAllocation> pool = r.allocated.stream().filter(a -> a.kind() == DeviceAllocation.Kind.POOL).toList();
        List<DeviceAllocation> reserve = r.allocated.stream().filter(a -> a.kind() == DeviceAllocation.Kind.POOL_RESERVE)
                .toList();
        DeviceAllocation first = pool.get(0);
        assertEquals("cudaMallocAsync", first.entryPoint());
        assertEquals(bytes, first.size());
        assertFalse(first.callers().isEmpty());
        // freed into the pool, then the second cudaMallocAsync of that size: the same block
        assertEquals(first.address(), reserve.get(0).address());
        assertEquals("cudaFreeAsync", reserve.get(0).entryPoint());
        assertEquals(first.address(), pool.get(1).address());
        assertEquals("cudaMallocAsync", pool.get(1).entryPoint());
        assertTrue(pool.stream().anyMatch(a -> a.entryPoint().equals("cudaMallocFromPoolAsync")), pool.toString());
        // trimmed and released blocks are freed in gpumem as other allocations are
        assertTrue(r.freed.stream().anyMatch(a -> a.kind() == DeviceAllocation.Kind.POOL_RESERVE
                && a.address() == first.address()), r.freed.toString());
        List<DeviceAllocation> graph = r.allocated.stream().filter(a -> a.kind() == DeviceAllocation.Kind.GRAPH).toList();
        assertEquals(List.of("cudaMallocAsync", "cudaGraphAddMemAllocNode"),
                graph.stream().map(DeviceAllocation::entryPoint).toList());
        assertTrue(graph.stream().allMatch(a -> a.size() == bytes), graph.toString());
    }
}
