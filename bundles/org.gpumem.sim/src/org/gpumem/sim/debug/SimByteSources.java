package org.gpumem.sim.debug;

import java.util.function.LongSupplier;

import org.gpumem.model.memory.ArrayByteSource;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.StateSpaceLayout;

/**
 * The simulator's storage as model pools ({@link ByteSource}), read live. {@code version} is
 * supplied by the owner of the stops (e.g. {@link ControlledLaunch#stopCount()}): the bytes change
 * only while the kernel runs. Reads and writes follow the session's thread rules: only while
 * the launch is suspended.
 */
final class SimByteSources {
    private SimByteSources() {
    }

    /**
     * Global memory as one pool: pool offset = global address - {@link GlobalMemory#base()},
     * size up to the end of the last allocation. Bytes between allocations are not populated and
     * reading them throws.
     */
    static ByteSource global(GlobalMemory g, LongSupplier version) {
        long base = g.base();
        return new ByteSource() {
            @Override
            public long size() {
                GlobalMemory.Segments s = g.segments();
                long end = 0;
                for (int i = 0; i < s.count(); i++) {
                    end = Math.max(end, s.end(i) - base);
                }
                return end;
            }

            @Override
            public void read(long offset, byte[] dst, int off, int len) {
                ByteSource.checkRange(size(), offset, dst.length, off, len);
                g.read(base + offset, dst, off, len);
            }

            @Override
            public boolean isWritable() {
                return true;
            }

            @Override
            public void write(long offset, byte[] src, int off, int len) {
                ByteSource.checkRange(size(), offset, src.length, off, len);
                g.write(base + offset, src, off, len);
            }

            @Override
            public long version() {
                return version.getAsLong();
            }

            @Override
            public long nextPopulated(long offset) {
                GlobalMemory.Segments s = g.segments();
                long a = base + Math.max(0, offset);
                long best = Long.MAX_VALUE;
                for (int i = 0; i < s.count(); i++) {
                    if (a < s.end(i)) {
                        best = Math.min(best, Math.max(a, s.start(i)));
                    }
                }
                return best == Long.MAX_VALUE ? size() : best - base;
            }
        };
    }

    /** A CTA's shared memory (static then dynamic). */
    static ByteSource shared(Cta cta, LongSupplier version) {
        return ArrayByteSource.live(cta.sharedMemory(), true, version);
    }

    /** The module's const bank (read-only). */
    static ByteSource constBank(Launch launch, LongSupplier version) {
        return ArrayByteSource.live(launch.module().constBank(), false, version);
    }

    /** The kernel parameter buffer (read-only). */
    static ByteSource kernelParams(Launch launch, LongSupplier version) {
        return ArrayByteSource.live(launch.paramBuffer(), false, version);
    }

    /** A warp's local memory as stored: lane-interleaved, see {@link StateSpaceLayout}. */
    static ByteSource localWarp(Warp warp, LongSupplier version) {
        return ArrayByteSource.live(warp.localStorage(), true, version);
    }

    /** One lane's local memory at the offsets the thread uses. */
    static ByteSource localLane(Warp warp, int lane, LongSupplier version) {
        DeviceFacts.checkLane(lane);
        return new ByteSource() {
            @Override
            public long size() {
                return warp.localBytesPerThread();
            }

            @Override
            public void read(long offset, byte[] dst, int off, int len) {
                ByteSource.checkRange(size(), offset, dst.length, off, len);
                System.arraycopy(warp.readLocal(lane, offset, len), 0, dst, off, len);
            }

            @Override
            public boolean isWritable() {
                return true;
            }

            @Override
            public void write(long offset, byte[] src, int off, int len) {
                ByteSource.checkRange(size(), offset, src.length, off, len);
                byte[] b = new byte[len];
                System.arraycopy(src, off, b, 0, len);
                warp.writeLocal(lane, offset, b);
            }

            @Override
            public long version() {
                return version.getAsLong();
            }
        };
    }
}
