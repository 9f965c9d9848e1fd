package org.gpumem.ui.memory;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.MemoryState;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test: it prints figures and asserts nothing. {@code ./gpumem ui-benchmark}
 * runs it; {@code ./gpumem test} leaves it out (test classes are named {@code *Test}).
 * Measures the heap retained by an address-space table after scrolling through a global pool of
 * 64 KiB, 64 MiB and 4 GiB (64 jumps spread over the pool, each waited for until its rows are
 * read), as ratios to the 64 KiB pool of the same run; the goal is a ratio near 1. That the
 * table's page cache stays bounded is asserted by {@link AddressSpaceTableTest}.
 */
class ScrollMemoryBenchmark {

    private static final int JUMPS = 64;

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static long scroll(long poolSize) {
        MemoryState state = new MemoryStateBuilder(BuiltinTargets.nvptx("sm_90")).launch(1, 1, 1, 32, 1, 1)
                .poolSize("global", poolSize).build();
        AddressSpace global = AddressSpaces.find(state.getTarget(), "global");
        Shell shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        shell.setSize(1100, 600);
        long before = usedHeap();
        AddressSpaceTable table = new AddressSpaceTable(shell, new ModelSpaceReader(state.getDevice(), global));
        shell.open();
        for (int i = 0; i < JUMPS; i++) {
            long address = poolSize / JUMPS * i;
            table.reveal(address);
            int row = (int) ((address - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
            UiTesting.waitUntil(() -> !table.loading() && !table.table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX)
                    .equals("\u2026"), 60_000, "row at " + address);
        }
        long retained = usedHeap() - before;
        System.out.printf("gpumem ui benchmark: %,d-byte global pool, %d jumps: %,d bytes retained, %d cached pages%n",
                poolSize, JUMPS, retained, table.cachedPages());
        shell.dispose();
        return Math.max(retained, 1);
    }

    @Test
    void retainedHeapRelativeToA64KibPool() {
        scroll(64L << 10);
        long reference = scroll(64L << 10);
        long medium = scroll(64L << 20);
        long large = scroll(4L << 30);
        System.out.printf("gpumem ui benchmark: retained heap relative to a 64 KiB pool: 64 MiB %.2fx, 4 GiB %.2fx%n",
                (double) medium / reference, (double) large / reference);
    }
}
