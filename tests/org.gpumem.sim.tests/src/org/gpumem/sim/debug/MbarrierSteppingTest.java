package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.gpumem.sim.WarpState;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;

/**
 * Stepping one warp by instructions through cuda::barrier waits (async_barriers.cu's producer and
 * consumer, -O3): a wait whose phase needs other warps' arrivals lets the CTA's warps take a turn,
 * as a wait at bar.sync does, so the step neither spins nor reports a deadlock, and the kernel
 * ends with what a plain run computes.
 */
class MbarrierSteppingTest {
    private static PreparedLaunch prepared() throws Exception {
        Path file = Path.of(System.getProperty("gpumem.fixtures"), "everyday", "launch", "async_barriers.barrier_producer_consumer.json");
        LaunchDescription d = new LaunchFileReader().read(file);
        return PreparedLaunch.prepare(d);
    }

    @Test
    void steppingAWaitingWarpLetsTheOthersArrive() throws Exception {
        PreparedLaunch plain = prepared();
        assertTrue(plain.run(ControlledLaunch.options(0)).result().completed());

        PreparedLaunch stepped = prepared();
        ControlledLaunch session = new ControlledLaunch(stepped.launch(ControlledLaunch.options(0)));
        session.selectWarp(3);
        int steps = 0;
        DebugEvent e = null;
        while (session.selectedWarp().state() != WarpState.EXITED) {
            e = session.step(StepScope.WARP, StepUnit.INSTRUCTION);
            DebugEvent last = e;
            assertTrue(e.kind() == DebugEvent.Kind.SUSPENDED_STEP || e.kind() == DebugEvent.Kind.EXITED,
                    () -> last.kind() + " " + last.fault());
            if (e.kind() == DebugEvent.Kind.EXITED) {
                break;
            }
            assertTrue(++steps < 100_000, "warp 3 of CTA 0 should exit within its few thousand instructions");
        }
        assertTrue(steps > 100, "stepped " + steps + " instructions of warp 3");
        while (e == null || e.isSuspended()) {
            e = session.resume();
        }
        assertNull(session.result().fault());
        assertTrue(session.result().completed());
        assertArrayEquals(plain.buffer("out"), stepped.buffer("out"));
    }
}
