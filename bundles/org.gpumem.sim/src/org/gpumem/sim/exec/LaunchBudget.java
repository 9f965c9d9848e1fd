package org.gpumem.sim.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The instruction budget of one launch, shared by its workers. Each worker draws from it through
 * its own {@link Allowance} in chunks, so workers meet on the shared counter once per chunk, not
 * once per warp slice (a CTA with barriers runs its warps in many short slices). The launch never
 * issues more than the budget; when it runs out, the workers' unspent allowances, at most
 * {@link #chunk()} each, may leave it that much short.
 */
final class LaunchBudget {
    /** Largest chunk a worker draws at once. */
    static final long MAX_CHUNK = 1 << 22;

    private final AtomicLong left;
    private final boolean unlimited;
    private final long chunk;

    /**
     * @param total warp instructions the launch may issue (0 or less: no limit)
     * @param workers workers that will draw from it
     * @param slice the most a worker asks for at once
     */
    LaunchBudget(long total, int workers, long slice) {
        this.unlimited = total <= 0;
        this.left = new AtomicLong(total);
        // A small budget is split finely, so that the shortfall stays a small part of it.
        this.chunk = Math.max(slice, Math.min(MAX_CHUNK, total / (64L * workers)));
    }

    long chunk() {
        return chunk;
    }

    /** A new allowance for one worker, initially empty. */
    Allowance allowance() {
        return new Allowance();
    }

    private long draw(long want) {
        while (true) {
            long l = left.get();
            if (l <= 0) {
                return 0;
            }
            long g = Math.min(want, l);
            if (left.compareAndSet(l, l - g)) {
                return g;
            }
        }
    }

    /** One worker's part of the budget; used by that worker's thread only. */
    final class Allowance {
        private long local;

        private Allowance() {
        }

        /** Up to {@code want} instructions to issue; 0 when the launch's budget is spent. */
        long take(long want) {
            if (unlimited) {
                return want;
            }
            if (local < want) {
                local += draw(Math.max(chunk, want - local));
            }
            long g = Math.min(want, local);
            local -= g;
            return g;
        }

        /** Returns instructions taken but not issued. */
        void giveBack(long n) {
            if (!unlimited && n > 0) {
                local += n;
            }
        }

        /** Returns the unspent allowance to the launch (when the worker stops). */
        void close() {
            if (!unlimited && local > 0) {
                left.addAndGet(local);
                local = 0;
            }
        }
    }
}
