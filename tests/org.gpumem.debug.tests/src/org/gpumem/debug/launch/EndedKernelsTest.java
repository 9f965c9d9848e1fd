package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Variable;
import org.junit.jupiter.api.Test;

/**
 * The state each launch-file kernel ends with is kept for the latest one only: a completed run
 * leaves its buffers readable by name, a terminated one replaces it, and removing that launch
 * drops it.
 */
class EndedKernelsTest extends KernelLaunchFixture {

    private ILaunch runToEnd(ILaunchConfigurationWorkingCopy wc) throws Exception {
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        ended.await("the end of the run");
        return launch;
    }

    private static byte[] bytesOf(MemoryState state, String name) {
        Variable v = state.getVariables().stream().filter(x -> x.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no variable " + name + " in " + state.getName()));
        Pool global = state.getDevice().getPools().stream().filter(p -> p.getStorage().getName().equals("global"))
                .findFirst().orElseThrow();
        byte[] bytes = new byte[(int) v.getByteSize()];
        global.getSource().read(v.getOffset(), bytes, 0, bytes.length);
        return bytes;
    }

    @Test
    void onlyTheLatestEndedKernelsStateIsKeptUntilItsLaunchIsRemoved() throws Exception {
        ILaunch completed = runToEnd(configuration("local_array.G.ptx", "local_weighted",
                "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N + ",\"init\":{\"random\":3}},"
                        + "{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N + "},{\"s32\":" + N + "}]", 2));
        EndedKernels.Ended first = EndedKernels.latest();
        assertNotNull(first);
        assertSame(completed, first.launch());
        assertTrue(first.state().getName().startsWith("local_weighted(int const*, int*, int) completed"), first.state().getName());
        KernelProcess process = (KernelProcess) completed.getProcesses()[0];
        assertEquals(process.outputs().get("out"), ByteBuffer.wrap(bytesOf(first.state(), "out")));

        ILaunchConfigurationWorkingCopy endless = configuration("fault_endless.O3.ptx", "fault_endless",
                "[{\"buffer\":\"flag\",\"type\":\"s32\",\"count\":1},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":"
                        + BLOCK + "}]", 1);
        endless.setAttribute(KernelLaunchAttributes.TIMEOUT_SECONDS, "0.5");
        ILaunch terminated = runToEnd(endless);
        assertEquals(KernelProcess.EXIT_TERMINATED, terminated.getProcesses()[0].getExitValue());
        EndedKernels.Ended second = EndedKernels.latest();
        assertSame(terminated, second.launch(), "the later end replaces the earlier");
        assertTrue(second.state().getName().contains("terminated before its end"), second.state().getName());

        DebugPlugin.getDefault().getLaunchManager().removeLaunch(completed);
        assertSame(second, EndedKernels.latest(), "removing another launch keeps the state");
        DebugPlugin.getDefault().getLaunchManager().removeLaunch(terminated);
        assertNull(EndedKernels.latest(), "the state is dropped with its launch");
    }
}
