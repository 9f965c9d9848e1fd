package org.gpumem.sim.exec;

import java.io.ByteArrayOutputStream;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The device printf output of one launch, as a GPU's printf buffer comes out when the launch ends:
 * CTA by CTA in linear order, each CTA's warps in order, each warp's records in the order it
 * issued them (one call's lanes in lane order). Like the GPU's FIFO ({@code cudaLimitPrintfFifoSize},
 * 1 MiB), it holds a bounded amount: text past {@link #CAPACITY} bytes is dropped. CTAs finish on
 * several workers, so adding is synchronized.
 */
final class DeviceOutput {
    /** CUDA's default {@code cudaLimitPrintfFifoSize}. */
    static final long CAPACITY = 1L << 20;

    private final TreeMap<Integer, byte[]> byCta = new TreeMap<>();
    private final AtomicLong room = new AtomicLong(CAPACITY);

    /** Claims room for {@code bytes} of text; false when the buffer is full (the text is dropped). */
    boolean reserve(int bytes) {
        while (true) {
            long r = room.get();
            if (r < bytes) {
                return false;
            }
            if (room.compareAndSet(r, r - bytes)) {
                return true;
            }
        }
    }

    /** Takes the output of {@code cta}'s warps (after it finished or faulted) and clears them. */
    void collect(Cta cta) {
        ByteArrayOutputStream all = null;
        for (Warp w : cta.warps) {
            if (w.printf != null && w.printf.size() > 0) {
                if (all == null) {
                    all = new ByteArrayOutputStream();
                }
                all.writeBytes(w.printf.toByteArray());
                w.printf.reset();
            }
        }
        if (all != null) {
            synchronized (this) {
                byCta.put(cta.linear, all.toByteArray());
            }
        }
    }

    /** Everything collected, in CTA order. */
    synchronized byte[] text() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] b : byCta.values()) {
            all.write(b, 0, b.length);
        }
        return all.toByteArray();
    }
}
