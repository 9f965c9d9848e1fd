package org.gpumem.sim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.SimulatorTarget;
import org.junit.jupiter.api.Test;

class GlobalMemoryTest {
    private static final long BASE = SimulatorTarget.GLOBAL_BASE;

    /** One buffer standing for a range of addresses, as a file mapped by two processes is. */
    private static final class Window implements GlobalMemory.Backing {
        final ByteBuffer all;

        Window(int bytes) {
            all = ByteBuffer.allocate(bytes);
        }

        @Override
        public ByteBuffer map(long address, int size) {
            return all.slice((int) (address - BASE), size);
        }

        @Override
        public long limit() {
            return BASE + all.capacity();
        }
    }

    @Test
    void allocationsOfACallersBackingAreItsBytesAtTheirAddresses() {
        Window w = new Window(1 << 16);
        GlobalMemory g = new GlobalMemory(SimulatorTarget.GLOBAL_BASE, 1 << 16, w);
        long a = g.allocate(100, 256);
        long b = g.allocate(8, 256);
        assertTrue(b >= a + 100 + 256, "a gap after each allocation");
        g.write(b, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertEquals(0x0807060504030201L, w.all.order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong((int) (b - BASE)));
        w.all.put((int) (a - BASE) + 3, (byte) 0x5a);
        assertEquals(0x5a, g.read(a + 3, 1)[0]);
        assertThrows(MemoryAccessException.class, () -> g.read(a + 100, 1), "the gap is not mapped");
    }

    @Test
    void freedRangesAreReusedZeroedOnlyWhenTheBackingIsFull() {
        Window w = new Window(4096);
        GlobalMemory g = new GlobalMemory(SimulatorTarget.GLOBAL_BASE, 4096, w);
        long first = g.allocate(1024, 256);
        g.write(first, new byte[] {9, 9, 9});
        long second = g.allocate(1024, 256);
        g.free(first);
        long third = g.allocate(512, 256);
        assertTrue(third > second, "above every earlier allocation while the range lasts: " + Long.toHexString(third));
        long reused = g.allocate(600, 256);
        assertEquals(first, reused, "then the lowest freed range");
        assertArrayEquals(new byte[3], g.read(reused, 3), "reused bytes are cleared");
        GlobalMemory.Segments s = g.segments();
        for (int i = 1; i < s.count(); i++) {
            assertTrue(s.start(i) > s.end(i - 1), "segments stay sorted by address");
        }
        assertThrows(IllegalArgumentException.class, () -> g.allocate(2048, 256), "no range left");
    }
}
