package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** specials.cu: lane masks, ids, shared sizes exactly; clocks and timers by the relations README.md states. */
class EverydaySpecialsTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void specialRegisters(Variant v) throws IOException {
        PreparedLaunch.Outcome o = Everyday.run(Everyday.launch("specials.special_registers", v));
        int[] regs = Everyday.ints(o.outputs().get("regs"));
        long[] times = Everyday.longs(o.outputs().get("times"));
        for (int i = 0; i < 128; i++) {
            int t = i % 64, lane = t % 32;
            int r = 16 * i;
            String at = "thread " + i + " slot ";
            int le = lane == 31 ? -1 : (2 << lane) - 1;
            assertEquals(lane, regs[r], at + 0);
            assertEquals(1 << lane, regs[r + 1], at + 1);
            assertEquals((1 << lane) - 1, regs[r + 2], at + 2);
            assertEquals(le, regs[r + 3], at + 3);
            assertEquals(~le, regs[r + 4], at + 4);
            assertEquals(~((1 << lane) - 1), regs[r + 5], at + 5);
            assertTrue(Integer.compareUnsigned(regs[r + 6], regs[r + 7]) < 0, at + "6 < 7");
            assertTrue(Integer.compareUnsigned(regs[r + 8], regs[r + 9]) < 0, at + "8 < 9");
            assertEquals(1024, regs[r + 10], at + 10);
            assertTrue(Integer.compareUnsigned(regs[r + 11], 1024) >= 0, at + 11);
            assertEquals(i ^ 1, regs[r + 12], at + 12);
            assertTrue(regs[r + 13] > 0, at + "13: clocks advance with every instruction");
            assertTrue(times[4 * i] < times[4 * i + 1], "clock64 advances for thread " + i);
            assertTrue(Long.compareUnsigned(times[4 * i + 2], times[4 * i + 3]) <= 0, "globaltimer for thread " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void systemClockNow(Variant v) throws IOException {
        long[] now = Everyday.longs(Everyday.run(Everyday.launch("specials.chrono_now", v)).outputs().get("now"));
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long n : now) {
            assertTrue(n > 0, "now() > 0");
            min = Math.min(min, n);
            max = Math.max(max, n);
        }
        assertTrue(max - min < 1_000_000_000L, "within one second of each other");
    }
}
