package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.sim.Dim3;
import org.junit.jupiter.api.Test;

/**
 * Watchpoints on expressions.cu (-G) in every space the kernel writes or reads: a shared element
 * of one CTA or of every CTA, a local array of one lane, a global counter, a const element read
 * through a generic pointer. Each stop names the accessing instruction's line, focuses the lane
 * that accessed the bytes, and carries their old and new values, which the test computes.
 */
class WatchpointTest extends ExpressionSessions {
    /** Thread {@code thread} of CTA {@code cta} as a lane. */
    private static LaneId thread(int cta, int thread) {
        return new LaneId(new WarpId(new Dim3(cta, 0, 0), thread / 32), thread % 32);
    }

    /** Watches {@code spec} from the kernel's start; every stop until it exits. */
    private static List<Stop> watch(DebugSession s, WatchpointSpec spec) throws Exception {
        assertEquals(List.of(spec), s.setWatchpoints(List.of(spec)).get(10, TimeUnit.SECONDS));
        List<Stop> stops = new ArrayList<>();
        for (Stop stop = s.resume().get(60, TimeUnit.SECONDS); stop.reason() != StopReason.EXITED;
                stop = s.resume().get(60, TimeUnit.SECONDS)) {
            assertEquals(StopReason.WATCHPOINT, stop.reason(), stop.toString());
            assertEquals(stop.laneId(), s.focus().current().lane(), "the focus is on the lane that accessed the bytes");
            stops.add(stop);
        }
        return stops;
    }

    private static int line(String text) {
        return ExpressionKernel.line(text).line();
    }

    @Test
    void aWriteToASharedElementStopsAtTheWritingLineInTheWritingLane() throws Exception {
        DebugSession s = session();
        // before the first resume: the kernel has not started, the variable's place is known
        WatchpointSpec spec = s.watchpoint("stage[5]", thread(1, 0), 0, WatchpointSpec.Kind.WRITE);
        assertEquals("shared", spec.space());
        List<Stop> stops = watch(s, spec);
        assertEquals(1, stops.size(), "only CTA (1,0,0)'s stage[5] is watched, and thread 5 writes it once");
        WatchHit hit = stops.get(0).watch();
        assertEquals(thread(1, 5), hit.lane());
        assertTrue(hit.wrote());
        assertEquals(line("stage[threadIdx.x] = gid - 20"), hit.source().line());
        assertEquals("0", hit.formatBefore());
        assertEquals(Integer.toString(ExpressionKernel.stage(1, 5)), hit.formatAfter());
        assertEquals("int", spec.type().name());
    }

    /**
     * Bytes by address, as a memory view selects them: the same shared element through its
     * shared offset, and through the generic window's address of it, stops where the expression's
     * watchpoint stops; its values print as bytes. A space the target lacks is refused.
     */
    @Test
    void anAddressRangeStopsLikeTheVariableItHolds() throws Exception {
        DebugSession s = session();
        WatchpointSpec byName = s.watchpoint("stage[5]", thread(1, 0), 0, WatchpointSpec.Kind.WRITE);
        WatchpointSpec byAddress = s.watchpoint("shared", byName.offset(), 4, thread(1, 0), WatchpointSpec.Kind.WRITE);
        assertEquals("shared", byAddress.space());
        assertEquals(byName.offset(), byAddress.offset());
        assertEquals(4, byAddress.length());
        assertEquals("shared +0x" + Long.toHexString(byName.offset()), byAddress.label());
        List<Stop> stops = watch(s, byAddress);
        assertEquals(1, stops.size());
        WatchHit hit = stops.get(0).watch();
        assertEquals(thread(1, 5), hit.lane());
        assertEquals(line("stage[threadIdx.x] = gid - 20"), hit.source().line());
        assertEquals("00 00 00 00", hit.formatBefore());
        assertEquals(littleEndian(ExpressionKernel.stage(1, 5)), hit.formatAfter());

        DebugSession t = session();
        // the generic address of stage[5]: its shared offset in the generic space's shared window
        AddressSpace genericSpace = t.launch().target().getDefaultSpace();
        Window shared = ((WindowAccess) genericSpace.getAccess()).getWindows().stream()
                .filter(w -> w.getSpace().getName().equals("shared")).findFirst().orElseThrow();
        long generic = shared.getStart() + byName.offset();
        WatchpointSpec throughWindow = t.watchpoint(genericSpace.getName(), generic, 4, thread(1, 0), WatchpointSpec.Kind.WRITE);
        assertEquals("shared", throughWindow.space(), "a generic address is taken through the windows");
        assertEquals(byName.offset(), throughWindow.offset());
        assertThrows(ExpressionException.class, () -> t.watchpoint("nosuch", 0, 4, thread(1, 0), WatchpointSpec.Kind.WRITE));
        assertThrows(ExpressionException.class, () -> t.watchpoint("shared", 0, 0, thread(1, 0), WatchpointSpec.Kind.WRITE));
    }

    private static String littleEndian(int value) {
        return String.format("%02x %02x %02x %02x", value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24);
    }

    @Test
    void everyCtasElementStopsOncePerCta() throws Exception {
        DebugSession s = session();
        List<Stop> stops = watch(s, s.watchpoint("stage[5]", thread(0, 0), 0, WatchpointSpec.Kind.WRITE).inEveryContext());
        Set<String> writers = new TreeSet<>();
        for (Stop stop : stops) {
            WatchHit hit = stop.watch();
            writers.add(hit.lane().toString());
            assertEquals(Integer.toString(ExpressionKernel.stage(hit.lane().cta().x(), 5)), hit.formatAfter());
        }
        assertEquals(new TreeSet<>(List.of(thread(0, 5).toString(), thread(1, 5).toString())), writers);
    }

    @Test
    void aLocalArrayOfOneLaneStopsOnlyForThatLanesWrites() throws Exception {
        DebugSession s = session();
        LaneId lane = thread(0, 3);
        List<Stop> stops = watch(s, s.watchpoint("window", lane, 0, WatchpointSpec.Kind.WRITE));
        int gid = ExpressionKernel.gid(0, 3);
        List<String> expected = new ArrayList<>();
        int[] window = new int[4];
        for (int k = 0; k < 4; k++) {
            String before = format(window);
            window[k] = ExpressionKernel.window(gid, k);
            expected.add(before + " -> " + format(window));
        }
        List<String> seen = new ArrayList<>();
        for (Stop stop : stops) {
            assertEquals(lane, stop.watch().lane());
            assertEquals(line("window[k] = gid * 10 + k"), stop.watch().source().line());
            seen.add(stop.watch().formatBefore() + " -> " + stop.watch().formatAfter());
        }
        assertEquals(expected, seen);
    }

    private static String format(int[] values) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return sb.append('}').toString();
    }

    @Test
    void aGlobalCounterStopsAtEachAtomicAdd() throws Exception {
        DebugSession s = session();
        List<Stop> stops = watch(s, s.watchpoint("hits", thread(0, 0), 0, WatchpointSpec.Kind.WRITE));
        assertEquals(ExpressionKernel.GRID, stops.size());
        for (int i = 0; i < stops.size(); i++) {
            WatchHit hit = stops.get(i).watch();
            assertEquals(Integer.toString(i), hit.formatBefore());
            assertEquals(Integer.toString(i + 1), hit.formatAfter());
            assertEquals(0, hit.lane().lane(), "thread 0 of each CTA adds");
        }
    }

    @Test
    void aReadOfAConstElementThroughAGenericPointerStopsInTheReadingLane() throws Exception {
        DebugSession s = session();
        WatchpointSpec spec = s.watchpoint("weights[1]", thread(0, 0), 0, WatchpointSpec.Kind.READ);
        assertEquals("const", spec.space());
        List<Stop> stops = watch(s, spec);
        // weigh(q, gid) reads weights[gid & 3]; only the lanes whose sum is negative call it
        List<LaneId> readers = new ArrayList<>();
        for (int cta = 0; cta < ExpressionKernel.GRID; cta++) {
            for (int t = 0; t < ExpressionKernel.BLOCK; t++) {
                if (ExpressionKernel.sum(cta, t) < 0 && (ExpressionKernel.gid(cta, t) & 3) == 1) {
                    readers.add(thread(cta, t));
                }
            }
        }
        assertEquals(readers, stops.stream().map(x -> x.watch().lane()).toList());
        for (Stop stop : stops) {
            assertEquals(line("float w = weights[k & 3] * p->x"), stop.watch().source().line());
            assertEquals("1", stop.watch().formatAfter());
        }
    }

    @Test
    void aValueInARegisterCannotBeWatched() throws Exception {
        DebugSession s = session();
        s.setBreakpoints(List.of(ExpressionKernel.line("int sum = stage"))).get(10, TimeUnit.SECONDS);
        LaneId lane = s.resume().get(60, TimeUnit.SECONDS).warp() == null ? null : s.focus().current().lane();
        ExpressionException e = assertThrows(ExpressionException.class,
                () -> s.watchpoint("gid", lane, 0, WatchpointSpec.Kind.WRITE));
        assertEquals("column 1: 'gid' is not in memory (it is in register %r1): there is nothing to watch", e.getMessage());
    }
}
