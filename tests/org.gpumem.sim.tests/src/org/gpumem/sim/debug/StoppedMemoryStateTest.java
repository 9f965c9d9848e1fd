package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.sim.Device;
import org.gpumem.sim.GenericWindowsOf;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;

/**
 * local_array.G.ptx (two CTAs of 48 threads) stopped at the call of weighted_sum, seen through
 * the model: what the model's address arithmetic reads is what the simulator's own accessors
 * read, and writes through the model reach the simulator.
 */
class StoppedMemoryStateTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");
    private static final int THREADS = 48;
    private static final int CTAS = 2;

    @Test
    void modelReadsTheResidentCtaLive() throws Exception {
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule loaded = device.load(KERNELS.resolve("local_array.G.ptx"));
        int n = THREADS * CTAS;
        ByteBuffer in = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            in.putInt(4 * i, 3 * i + 1);
        }
        long input = device.allocate(4L * n);
        device.write(input, in.array());
        long output = device.allocate(4L * n);
        KernelLaunch launch = loaded.launch(LaunchConfig.builder(loaded.kernels().get(0).name()).grid(CTAS, 1, 1)
                .block(THREADS, 1, 1).argU64(input).argU64(output).argS32(n).build(), ControlledLaunch.options(0));
        ControlledLaunch session = new ControlledLaunch(launch);
        session.addSourceBreakpoint("local_array.cu", 22);
        // Run past CTA 0 to the first stop in CTA 1: the state is that of the resident CTA.
        DebugEvent stop;
        do {
            stop = session.resume();
            assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, stop.kind());
        } while (session.cta().linearIndex() == 0);
        int stopped = stop.warp().id();
        assertEquals(1, session.cta().linearIndex());
        MemoryState state = StoppedMemoryState.of(session);
        Context group = StoppedMemoryState.group(state, session.cta());
        assertEquals(1, group.getX());
        assertEquals(1, group.getIndex());
        assertEquals(CTAS, Contexts.ancestor(group, Scope.GRID).getX());
        List<Context> lanes = Contexts.descendants(group, Scope.LANE);
        assertEquals(THREADS, lanes.size());

        AddressSpace local = AddressSpaces.require(state.getTarget(), "local");
        long window = stop.warp().frameLocalBase(0);
        for (Context lane : Contexts.descendants(Contexts.child(group, stopped), Scope.LANE)) {
            int warp = lane.getParent().getIndex();
            for (int k = 0; k < 8; k++) {
                long offset = window + 4L * k;
                byte[] viaModel = new byte[4];
                AddressResolver.read(lane, local, offset, viaModel, 0, 4);
                assertArrayEquals(session.read(org.gpumem.sim.PtxStateSpace.LOCAL, offset, 4, session.cta().warp(warp), lane.getIndex()),
                        viaModel);
                int tid = lane.getX();
                // window[k] = stage[(tid + k) % blockDim] = in[blockIdx * blockDim + that]
                assertEquals(3 * (THREADS + (tid + k) % THREADS) + 1,
                        ByteBuffer.wrap(viaModel).order(ByteOrder.LITTLE_ENDIAN).getInt(), "window[" + k + "] of thread " + tid);
                PoolAddress at = AddressResolver.resolve(lane, local, offset);
                assertSame(Contexts.child(group, warp), at.pool().getOwner());
                assertEquals((offset / 4) * 128 + lane.getIndex() * 4L + offset % 4, at.offset());
            }
        }

        AddressSpace shared = AddressSpaces.require(state.getTarget(), "shared");
        byte[] stage = new byte[4 * THREADS];
        AddressResolver.read(group, shared, 0, stage, 0, stage.length);
        assertArrayEquals(session.read(org.gpumem.sim.PtxStateSpace.SHARED, 0, stage.length, session.cta().warp(0), 0), stage);
        List<Location> aliases = AddressResolver.aliases(AddressResolver.resolve(group, shared, 8));
        assertTrue(aliases.stream().anyMatch(l -> l.getSpace().getName().equals("generic")
                && l.getOffset() == GenericWindowsOf.base(state.getTarget(), "shared") + 8), aliases::toString);

        AddressSpace global = AddressSpaces.require(state.getTarget(), "global");
        byte[] inWord = new byte[4];
        AddressResolver.read(lanes.get(0), global, input + 4L * 50, inWord, 0, 4);
        assertEquals(3 * 50 + 1, ByteBuffer.wrap(inWord).order(ByteOrder.LITTLE_ENDIAN).getInt());
        byte[] gap = new byte[8];
        AddressResolver.read(lanes.get(0), global, input + 4L * n, gap, 0, gap.length);
        assertArrayEquals(new byte[8], gap, "bytes between allocations read as unpopulated");

        long version = state.getDevice().getPools().get(0).getSource().version();
        Context lane5 = Contexts.child(Contexts.child(group, stopped), 5);
        AddressResolver.write(lane5, local, window, new byte[] {9, 0, 0, 0}, 0, 4);
        assertArrayEquals(new byte[] {9, 0, 0, 0},
                session.read(org.gpumem.sim.PtxStateSpace.LOCAL, window, 4, session.cta().warp(stopped), 5));
        session.resume();
        assertNotEquals(version, state.getDevice().getPools().get(0).getSource().version());
    }
}
