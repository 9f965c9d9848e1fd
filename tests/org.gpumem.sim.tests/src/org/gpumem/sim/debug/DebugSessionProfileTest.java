package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.api.Test;

/**
 * A debug session made with a profile counts generic accesses and cvta as a plain run does:
 * at a stop, what ran so far; at the end, exactly the plain run's profile, with CTAs retiring
 * on the way (more CTAs than one SM keeps resident).
 */
class DebugSessionProfileTest {
    private static final int CTAS = 96;

    /** The bundled sample with {@value #CTAS} CTAs of 64 threads. */
    private static PreparedLaunch sample() throws Exception {
        String json;
        try (var in = BundledSample.open(BundledSample.LAUNCH_FILE)) {
            json = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        json = json.replace("128", String.valueOf(CTAS * 64)).replace("\"grid\": [2]", "\"grid\": [" + CTAS + "]");
        LaunchDescription d = new LaunchFileReader().parse(json, Path.of("."));
        return PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
    }

    private static long generic(AddressSpaceProfile p) {
        return p.sourceLines().values().stream().mapToLong(AddressSpaceProfile.Counts::generic).sum();
    }

    @Test
    void theSessionsProfileGrowsStopByStopAndEndsEqualToAPlainRunsProfile() throws Exception {
        AddressSpaceProfile plain = sample().run(ControlledLaunch.options(0).withProfile(true)).result().profile();
        assertTrue(generic(plain) > 0, "the sample makes generic accesses: " + plain.format());

        ControlledLaunch session = new ControlledLaunch(sample().launch(ControlledLaunch.options(0).withProfile(true)));
        assertTrue(session.maxResidentCtas() < CTAS, "CTAs must retire during the session: " + session.maxResidentCtas());
        assertEquals(0, generic(session.profile()), "nothing ran before the first resume");
        Breakpoint loop = session.addSourceBreakpoint(BundledSample.SOURCE_NAME, BundledSample.LOOP_LINE);
        DebugEvent stop = session.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, stop.kind());
        long first = generic(session.profile());
        assertTrue(first > 0 && first < generic(plain), "at the first stop " + first + " of " + generic(plain));
        // Past the first CTAs' retirement: the retired ones stay counted.
        while (stop.cta().linearIndex() < session.maxResidentCtas() + 2) {
            stop = session.resume();
            assertTrue(stop.isSuspended(), stop.kind().toString());
        }
        long later = generic(session.profile());
        assertTrue(later > first && later < generic(plain), "later " + later + ", first " + first);

        session.removeBreakpoint(loop);
        while (session.resume().isSuspended()) {
            // no breakpoint is left: runs to the end
        }
        LaunchResult result = session.result();
        assertTrue(result.completed());
        Map<String, AddressSpaceProfile.Counts> expected = plain.sourceLines();
        assertEquals(expected, session.profile().sourceLines());
        assertNotNull(result.profile());
        assertEquals(expected, result.profile().sourceLines());
        assertEquals(plain.instructions(), result.profile().instructions());
    }

    @Test
    void aSessionWithoutAProfileHasNone() throws Exception {
        ControlledLaunch session = new ControlledLaunch(sample().launch(ControlledLaunch.options(0)));
        assertNull(session.profile());
        assertNull(ControlledLaunch.runToEnd(session.launch()).profile());
    }
}
