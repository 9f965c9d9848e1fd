package org.gpumem.sim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The memory checks see mbarriers as the synchronisation they are: async_barriers.cu's correct
 * kernels (cuda::barrier producer/consumer, copies completing on a barrier, a block-scope
 * pipeline, bulk copies, lanes of one warp handing off) run checked with no finding (no race
 * between what a phase's arrivals wrote and what its waiters read) and their outputs unchanged.
 */
class AsyncBarrierChecksTest {
    @ParameterizedTest
    @ValueSource(strings = {"barrier_producer_consumer", "barrier_copies", "block_pipeline", "cg_barrier_copy", "bulk_store",
        "lanes_wait_for_lanes"})
    void correctKernelsHaveNoFindings(String kernel) throws IOException {
        Path file = Path.of(System.getProperty("gpumem.fixtures"), "everyday", "launch", "async_barriers." + kernel + ".json");
        PreparedLaunch plain = PreparedLaunch.prepare(new LaunchFileReader().read(file));
        byte[] expected = plain.run(ExecOptions.defaults().withWorkers(1)).outputs().get("out");
        PreparedLaunch p = PreparedLaunch.prepare(new LaunchFileReader().read(file));
        MemoryChecker checker = p.enableChecks(EnumSet.allOf(CheckTool.class));
        PreparedLaunch.Outcome o = p.run(ExecOptions.defaults().withWorkers(1));
        checker.finish();
        assertTrue(o.result().completed(), () -> o.result().report());
        List<Finding> findings = checker.findings();
        assertEquals(List.of(), findings.stream().map(Finding::key).toList());
        assertTrue(java.util.Arrays.equals(expected, o.outputs().get("out")), "checked and plain outputs differ");
    }
}
