package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.junit.jupiter.api.Test;

/**
 * mbarrier and cp.async.bulk forms the fixtures (async_barriers.cu) do not reach: mbarriers at
 * generic addresses, a bulk copy between shared addresses, the encoding's tx-count sign, and the
 * undefined uses the fixtures do not make.
 */
class AsyncBarrierInstructionTest {
    private static final String SHARED = ".shared .align 16 .b8 buf[256];\n.shared .align 8 .b64 bar;";

    @Test
    void aGenericAddressReachesAnMbarrierInSharedMemory() {
        // one warp; lane 0 initializes for 32 arrivals through a generic pointer, then each lane
        // arrives and tests its own state: only the last lane's arrival completes phase 0
        String body = String.join("\n",
                " mov.u64 %rd1, bar; cvta.shared.u64 %rd2, %rd1;",
                " setp.eq.u32 %p1, %t, 0;",
                " @%p1 mbarrier.init.b64 [%rd2], 32;",
                " bar.warp.sync -1;",
                " mbarrier.arrive.b64 %rd3, [%rd2];",
                " mbarrier.pending_count.b64 %r1, %rd3;",
                " mbarrier.test_wait.b64 %p2, [%rd2], %rd3;",
                " selp.u32 %r2, 1000, 0, %p2;",
                " add.u32 %r0, %r1, %r2;");
        SimTestSupport.Run r = SimTestSupport.runPerThread(SHARED, body, 1, 32);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        for (int l = 0; l < 32; l++) {
            // all 32 arrive before any test_wait: every state's phase 0 is complete by then
            assertEquals(31 - l + 1000, r.out()[l], "lane " + l);
        }
    }

    @Test
    void aGenericAddressOutsideSharedMemoryFailsTheThread() {
        String body = " mbarrier.init.b64 [%out], 32;";
        Fault f = SimTestSupport.runPerThread("", body, 1, 32).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
        assertTrue(f.detail().contains("is not in shared memory, where an mbarrier must be"), f.detail());
    }

    @Test
    void aBulkCopyBetweenSharedAddressesCompletesItsBytesOnTheBarrier() {
        // thread t writes buf[4t] = t + 7 (t < 32); lane 0 copies bytes 0..63 to 128..191 and
        // the barrier (1 arrival, 64 bytes expected, completed by the copy) reaches phase 1
        String body = String.join("\n",
                " mov.u32 %r1, buf; shl.b32 %r2, %t, 2; add.u32 %r3, %r1, %r2; add.u32 %r4, %t, 7;",
                " st.shared.u32 [%r3], %r4;",
                " mov.u32 %r5, bar;",
                " setp.eq.u32 %p1, %t, 0;",
                " @%p1 mbarrier.init.shared::cta.b64 [%r5], 1;",
                " bar.sync 0;",
                " @%p1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 64;",
                " @%p1 cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [buf+128], [%r1], 64, [%r5];",
                " bar.sync 0;",
                " mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;",
                " ld.shared.u32 %r6, [%r3+128];",
                " selp.u32 %r7, 1000, 0, %p2;",
                " add.u32 %r0, %r6, %r7;");
        SimTestSupport.Run r = SimTestSupport.runPerThread(SHARED, body, 1, 32);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        for (int t = 0; t < 32; t++) {
            assertEquals((t < 16 ? t + 7 : 0) + 1000, r.out()[t], "thread " + t);
        }
    }

    @Test
    void moreCompletedBytesThanExpectedLeaveTheTxCountNegativeUntilExpected() {
        // complete_tx before expect_tx (a bulk copy may finish before its expect_tx): the phase
        // waits for the expectation, then completes
        String body = String.join("\n",
                " mov.u32 %r5, bar;",
                " mbarrier.init.shared.b64 [%r5], 1;",
                " mbarrier.complete_tx.shared.b64 [%r5], 48;",
                " mbarrier.arrive.shared.b64 _, [%r5];",
                " mbarrier.test_wait.parity.shared.b64 %p1, [%r5], 0;",
                " mbarrier.expect_tx.shared.b64 [%r5], 48;",
                " mbarrier.test_wait.parity.shared.b64 %p2, [%r5], 0;",
                " selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 2, 0, %p2; or.b32 %r0, %r1, %r2;");
        SimTestSupport.Run r = SimTestSupport.runPerThread(SHARED, body, 1, 1);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        assertEquals(2, r.out()[0]);
    }

    @Test
    void undefinedUsesFailTheThreadNamingWhy() {
        String init = " mov.u32 %r5, bar; mbarrier.init.shared.b64 [%r5], 2;\n";
        assertMisuse(init + " mbarrier.arrive.noComplete.shared.b64 %rd1, [%r5], 2;", ".noComplete arrivals would complete the phase");
        assertMisuse(init + " mbarrier.expect_tx.shared.b64 [%r5], 1048576;", "its tx-count would be 1048576");
        assertMisuse(init + " mbarrier.inval.shared.b64 [%r5]; mbarrier.try_wait.parity.shared.b64 %p1, [%r5], 0;",
                "no mbarrier is initialized there");
        assertMisuse(init + " mov.u32 %r1, buf; cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%out], 24, [%r5];",
                "the size and both addresses must be multiples of 16");
    }

    private static void assertMisuse(String body, String why) {
        Fault f = SimTestSupport.runPerThread(SHARED, body, 1, 1).result.fault();
        assertNotNull(f, body);
        assertTrue(f.kind() == FaultKind.ILLEGAL_INSTRUCTION || f.kind() == FaultKind.MISALIGNED, f.report());
        assertTrue(f.detail().contains(why), f.detail());
    }
}
