package org.gpumem.model.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;

/**
 * How much memory a 4 GiB global pool costs when it is opened and one page of it is read, with
 * the pool behind a lazy source: live (sparse pages, as a simulator holds it) and reopened from a
 * snapshot. Allocation is measured per thread (com.sun.management.ThreadMXBean); the reference
 * is the allocation of reading the same page into a fresh array, measured in the same run.
 * Each figure is taken on the last of three repetitions so that class loading is not counted;
 * the first reopen, which loads the XMI and zstd classes, is printed too.
 */
public final class LazyPoolBenchmark {

    private static final long POOL = 4L << 30;
    private static final int PAGE = 4096;
    private static final long PAGE_AT = 3L << 30;

    private LazyPoolBenchmark() {
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private interface Step {
        Object run() throws Exception;
    }

    private static long measure(Step step) throws Exception {
        long before = allocated();
        Object keep = step.run();
        long after = allocated();
        if (keep == null) {
            throw new IllegalStateException("step produced nothing");
        }
        return after - before;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("gpumem-bench");
        try {
            Path file = dir.resolve("pool4g.gpumem");
            MemoryState saved = liveState();
            byte[] page = new byte[PAGE];
            for (int i = 0; i < PAGE; i++) {
                page[i] = (byte) (i * 31 + 7);
            }
            AddressResolver.write(saved.getDevice(), AddressSpaces.require(saved.getTarget(), "global"), PAGE_AT, page, 0, PAGE);
            SnapshotWriter.Saved summary = SnapshotWriter.save(saved, file);

            long reference = 0;
            long live = 0;
            long reopened = 0;
            long reopenedCold = 0;
            for (int rep = 0; rep < 3; rep++) {
                reference = measure(() -> {
                    byte[] fresh = new byte[PAGE];
                    System.arraycopy(page, 0, fresh, 0, PAGE);
                    return fresh;
                });
                live = measure(() -> {
                    MemoryState state = liveState();
                    return readPage(state);
                });
                reopened = measure(() -> {
                    try (Snapshot snapshot = Snapshot.open(file)) {
                        return readPage(snapshot.state());
                    }
                });
                if (rep == 0) {
                    reopenedCold = reopened;
                }
            }
            try (Snapshot snapshot = Snapshot.open(file)) {
                byte[] back = readPage(snapshot.state());
                if (!java.util.Arrays.equals(back, page)) {
                    throw new IllegalStateException("the reopened page differs from the saved one");
                }
            }
            System.out.printf("4 GiB global pool (%d bytes), one %d-byte page read at 0x%x%n", POOL, PAGE, PAGE_AT);
            System.out.printf("  reference: copy of the page into a fresh array   %,12d bytes allocated%n", reference);
            System.out.printf("  live state (sparse pages), build + read         %,12d bytes allocated  = %.1f x reference, 1/%,.0f of the pool%n",
                    live, (double) live / reference, (double) POOL / live);
            System.out.printf("  snapshot reopened, open + read                  %,12d bytes allocated (first open %,d)  = %.1f x reference, 1/%,.0f of the pool%n",
                    reopened, reopenedCold, (double) reopened / reference, (double) POOL / reopened);
            System.out.printf("  snapshot files: model %,d bytes, pages %,d bytes (%d chunk(s), %,d raw bytes)%n",
                    Files.size(summary.model()), Files.size(summary.pages()), summary.chunks(), summary.rawBytes());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static MemoryState liveState() {
        Target target = BuiltinTargets.nvptx("sm_90");
        return new MemoryStateBuilder(target).launch(1, 1, 1, 32, 1, 1).poolSize("global", POOL).build();
    }

    private static byte[] readPage(MemoryState state) {
        Target target = state.getTarget();
        AddressSpace generic = AddressSpaces.require(target, "generic");
        Context lane = Contexts.descendants(state.getDevice(), Scope.LANE).get(0);
        Pool global = state.getDevice().getPools().get(0);
        if (global.getSize() != POOL) {
            throw new IllegalStateException("global pool of " + global.getSize() + " bytes");
        }
        byte[] page = new byte[PAGE];
        AddressResolver.read(lane, generic, PAGE_AT, page, 0, PAGE);
        return page;
    }
}
