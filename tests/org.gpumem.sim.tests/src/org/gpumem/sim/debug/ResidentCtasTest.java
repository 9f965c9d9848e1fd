package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;

/** Several CTAs resident in one debug session, as on one SM of the device. */
class ResidentCtasTest {
    /** The bundled sample's launch (grid [2], block [64], 128 elements) with another grid, block and element count. */
    private static PreparedLaunch sample(String grid, String block, int count) throws Exception {
        String json;
        try (var in = BundledSample.open(BundledSample.LAUNCH_FILE)) {
            json = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        json = json.replace("128", String.valueOf(count)).replace("\"grid\": [2]", "\"grid\": " + grid)
                .replace("\"block\": [64]", "\"block\": " + block);
        LaunchDescription d = new LaunchFileReader().parse(json, Path.of("."));
        return PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
    }

    private static int[] ints(byte[] bytes) {
        java.nio.IntBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        int[] out = new int[b.remaining()];
        b.get(out);
        return out;
    }

    @Test
    void bothCtasOfTheSampleAreResidentWithTheirOwnSharedMemory() throws Exception {
        PreparedLaunch plain = sample("[2]", "[64]", 128);
        byte[] expected = plain.run(ControlledLaunch.options(0)).outputs().get("out");

        PreparedLaunch debugged = sample("[2]", "[64]", 128);
        ControlledLaunch session = new ControlledLaunch(debugged.launch(ControlledLaunch.options(0)));
        assertEquals(2, session.maxResidentCtas());
        assertEquals(List.of(new Dim3(0, 0, 0), new Dim3(1, 0, 0)),
                session.residentCtas().stream().map(CtaView::index).toList());
        session.addSourceBreakpoint(BundledSample.SOURCE_NAME, BundledSample.LOOP_LINE);
        // A breakpoint hits in CTA (1,0,0), while CTA (0,0,0) is still resident.
        DebugEvent stop;
        do {
            stop = session.resume();
            assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, stop.kind());
        } while (stop.cta().linearIndex() == 0);
        assertEquals(new Dim3(1, 0, 0), stop.cta().index());
        assertEquals(BundledSample.LOOP_LINE, stop.warp().sourceLocation().line());
        assertSame(stop.cta(), session.cta(), "the stop's CTA is the session's current one");
        assertSame(stop.cta(), stop.warp().cta());
        assertEquals(2, session.residentCtas().size());

        // Every warp of both CTAs passed __syncthreads: stage[t] = in[blockIdx.x * 64 + t] in each.
        int[] in = ints(debugged.initialBuffer("in"));
        MemoryState state = StoppedMemoryState.of(session);
        AddressSpace shared = AddressSpaces.require(state.getTarget(), "shared");
        AddressSpace local = AddressSpaces.require(state.getTarget(), "local");
        for (CtaView cta : session.residentCtas()) {
            Context group = StoppedMemoryState.group(state, cta);
            assertEquals(cta.index().x(), group.getX());
            byte[] stage = new byte[4 * 64];
            AddressResolver.read(group, shared, 0, stage, 0, stage.length);
            int first = cta.linearIndex() * 64;
            assertArrayEquals(Arrays.copyOfRange(in, first, first + 64), ints(stage), "stage of " + cta);
            assertArrayEquals(session.read(org.gpumem.sim.PtxStateSpace.SHARED, 0, stage.length, cta.warp(0), 0), stage);
            Context lane = Contexts.child(Contexts.child(group, 1), 3);
            assertSame(Contexts.child(group, 1), AddressResolver.resolve(lane, local, 0).pool().getOwner(),
                    "a lane's local bytes are in its own CTA's warp pool");
        }
        assertFalse(Arrays.equals(Arrays.copyOfRange(in, 0, 64), Arrays.copyOfRange(in, 64, 128)));

        // Selecting a warp of CTA 0 makes it current; stepping it leaves CTA 1 where it was.
        CtaView first = session.residentCtas().get(0);
        WarpView w = first.warp(0);
        session.selectWarp(w);
        assertSame(first, session.cta());
        int otherPc = stop.warp().pc(0);
        int pc = w.pc(0);
        DebugEvent stepped = session.step(StepScope.WARP, StepUnit.INSTRUCTION);
        assertSame(w, stepped.warp());
        assertSame(first, stepped.cta());
        assertEquals(otherPc, stop.warp().pc(0));
        assertNotEquals(pc, w.pc(0));

        Set<Integer> stoppedIn = new HashSet<>();
        DebugEvent e = session.resume();
        while (e.isSuspended()) {
            stoppedIn.add(e.cta().linearIndex());
            e = session.resume();
        }
        assertEquals(DebugEvent.Kind.EXITED, e.kind());
        assertTrue(e.result().completed());
        assertEquals(Set.of(0, 1), stoppedIn);
        assertArrayEquals(expected, debugged.buffer("out"), "the debugged run computes what a plain run does");
    }

    @Test
    void ctasBeyondOneSmsOccupancyBecomeResidentAsEarlierOnesFinish() throws Exception {
        // 128 threads = 4 warps per CTA; sm_90 keeps 64 warps per SM: 16 CTAs of the 20.
        int limit = DeviceFacts.of(90).residentBlocks(128, 512);
        assertEquals(16, limit);
        PreparedLaunch plain = sample("[20]", "[128]", 2560);
        byte[] expected = plain.run(new ExecOptions(0, 1, false)).outputs().get("out");
        PreparedLaunch debugged = sample("[20]", "[128]", 2560);
        ControlledLaunch session = new ControlledLaunch(debugged.launch(ControlledLaunch.options(0)));
        assertEquals(limit, session.residentCtas().size());
        assertEquals(15, session.residentCtas().get(15).linearIndex());
        session.addSourceBreakpoint(BundledSample.SOURCE_NAME, 24);
        Set<Integer> seen = new HashSet<>();
        DebugEvent e = session.resume();
        while (e.isSuspended()) {
            assertTrue(session.residentCtas().size() <= limit);
            seen.add(e.cta().linearIndex());
            e = session.resume();
        }
        assertEquals(DebugEvent.Kind.EXITED, e.kind());
        assertTrue(seen.contains(19), "the last CTA ran after earlier ones made room: " + seen);
        assertArrayEquals(expected, debugged.buffer("out"));
        assertNotEquals(0, ints(expected)[2559]);
    }
}
