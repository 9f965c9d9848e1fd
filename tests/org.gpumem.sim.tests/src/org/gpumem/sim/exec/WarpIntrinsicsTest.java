package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.api.Test;

class WarpIntrinsicsTest {

    private static int[] run(String body) {
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 1, 32);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        return r.out();
    }

    @Test
    void shuffleDownUpXorAndIndex() {
        int[] down = run(" mul.lo.u32 %r1, %t, 10;\n shfl.sync.down.b32 %r0|%p1, %r1, 3, 31, -1;");
        int[] up = run(" mul.lo.u32 %r1, %t, 10;\n shfl.sync.up.b32 %r0|%p1, %r1, 2, 0, -1;");
        int[] bfly = run(" mul.lo.u32 %r1, %t, 10;\n shfl.sync.bfly.b32 %r0|%p1, %r1, 5, 31, -1;");
        int[] idx = run(" mul.lo.u32 %r1, %t, 10;\n shfl.sync.idx.b32 %r0|%p1, %r1, 7, 31, -1;");
        int[] seg = run(" mul.lo.u32 %r1, %t, 10;\n shfl.sync.idx.b32 %r0|%p1, %r1, 1, 0x181f, -1;");
        for (int l = 0; l < 32; l++) {
            assertEquals(10 * (l + 3 <= 31 ? l + 3 : l), down[l], "down lane " + l);
            assertEquals(10 * (l - 2 >= 0 ? l - 2 : l), up[l], "up lane " + l);
            assertEquals(10 * (l ^ 5), bfly[l], "bfly lane " + l);
            assertEquals(70, idx[l], "idx lane " + l);
            assertEquals(10 * ((l & ~7) | 1), seg[l], "idx within 8-lane segments, lane " + l);
        }
    }

    @Test
    void shufflePredicateTellsWhetherTheSourceWasInRange() {
        int[] p = run(" shfl.sync.down.b32 %r1|%p1, %t, 4, 31, -1;\n selp.u32 %r0, 1, 0, %p1;");
        for (int l = 0; l < 32; l++) {
            assertEquals(l + 4 <= 31 ? 1 : 0, p[l]);
        }
    }

    @Test
    void votesOverTheActiveMembers() {
        int[] ballot = run(" and.b32 %r1, %t, 1;\n setp.eq.u32 %p1, %r1, 1;\n vote.sync.ballot.b32 %r0, %p1, -1;");
        int[] any = run(" setp.eq.u32 %p1, %t, 9;\n vote.sync.any.pred %p2, %p1, -1;\n selp.u32 %r0, 1, 0, %p2;");
        int[] all = run(" setp.lt.u32 %p1, %t, 31;\n vote.sync.all.pred %p2, %p1, -1;\n selp.u32 %r0, 1, 0, %p2;");
        int[] uni = run(" setp.lt.u32 %p1, %t, 99;\n vote.sync.uni.pred %p2, %p1, -1;\n selp.u32 %r0, 1, 0, %p2;");
        int[] neg = run(" setp.lt.u32 %p1, %t, 4;\n vote.sync.ballot.b32 %r0, !%p1, -1;");
        for (int l = 0; l < 32; l++) {
            assertEquals(0xAAAAAAAA, ballot[l]);
            assertEquals(1, any[l]);
            assertEquals(0, all[l]);
            assertEquals(1, uni[l]);
            assertEquals(~0xF, neg[l]);
        }
    }

    @Test
    void ballotInADivergentBranchSeesOnlyActiveLanes() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 10;",
                " @!%p1 bra J;",
                " setp.ge.u32 %p2, %t, 0;",
                " activemask.b32 %r2;",
                " vote.sync.ballot.b32 %r0, %p2, %r2;",
                "J:");
        int[] out = run(body);
        for (int l = 0; l < 32; l++) {
            assertEquals(l < 10 ? 0x3FF : 0, out[l]);
        }
    }

    @Test
    void shuffleFromAnInactiveLaneIsReported() {
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 16;",
                " @!%p1 bra J;",
                " shfl.sync.down.b32 %r0|%p2, %t, 8, 31, 0xffff;",
                "J:");
        Fault f = SimTestSupport.runPerThread("", body, 1, 32).result.fault();
        assertNotNull(f);
        assertEquals(FaultKind.ILLEGAL_INSTRUCTION, f.kind());
    }

    @Test
    void warpReduceFixtureMatchesCpuSum() throws Exception {
        for (String v : new String[] {"G", "O3"}) {
            var m = SimTestSupport.fixture("warp_reduce." + v + ".ptx");
            SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
            DeviceModule dm = d.load(m);
            int[] in = new int[64];
            for (int i = 0; i < 64; i++) {
                in[i] = (i * 37) % 23 - 11;
            }
            long pin = d.allocate(256), sums = d.allocate(8), pos = d.allocate(8);
            d.write(pin, SimTestSupport.bytes(in));
            LaunchResult r = dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).grid(1, 1, 1).block(64, 1, 1)
                    .argU64(pin).argU64(sums).argU64(pos).build(), ExecOptions.defaults()).run();
            assertNull(r.fault());
            int[] s = SimTestSupport.ints(d.read(sums, 8));
            int[] p = SimTestSupport.ints(d.read(pos, 8));
            for (int w = 0; w < 2; w++) {
                int sum = 0, positives = 0;
                for (int i = w * 32; i < w * 32 + 32; i++) {
                    sum += in[i];
                    positives += in[i] > 0 ? 1 : 0;
                }
                assertArrayEquals(new int[] {sum, positives}, new int[] {s[w], p[w]}, v + " warp " + w);
            }
        }
    }
}
