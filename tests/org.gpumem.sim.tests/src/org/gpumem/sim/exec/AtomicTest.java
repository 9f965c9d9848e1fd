package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;

import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.api.Test;

class AtomicTest {
    private static final int CTAS = 16;
    private static final int BLOCK = 128;

    /** Runs {@code body} with %rd1 = aux (8 counters) on several workers; returns the counters. */
    private static int[] counters(String decl, String body, int[] init) {
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel(decl, body), 32, CTAS * BLOCK);
        r.device.write(r.aux, SimTestSupport.bytes(init));
        r.launch(CTAS, BLOCK, ExecOptions.defaults().withWorkers(4));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        return r.aux(8);
    }

    @Test
    void globalAtomicsFromManyCtasOnSeveralWorkers() {
        String body = String.join("\n",
                " atom.global.add.u32 %r1, [%aux], 1;",
                " atom.global.min.s32 %r1, [%aux+4], %g;",
                " atom.global.max.u32 %r1, [%aux+8], %g;",
                " atom.global.or.b32 %r1, [%aux+12], %t;",
                " and.b32 %r2, %g, 0xFF;",
                " atom.global.xor.b32 %r1, [%aux+16], %r2;",
                " red.global.add.u32 [%aux+20], %g;",
                " atom.global.inc.u32 %r1, [%aux+24], 9;",
                " atom.global.and.b32 %r1, [%aux+28], -2;");
        int[] c = counters("", body, new int[] {0, 1 << 30, 0, 0, 0, 0, 0, -1});
        int n = CTAS * BLOCK;
        int xor = 0;
        long sum = 0;
        for (int g = 0; g < n; g++) {
            xor ^= g & 0xFF;
            sum += g;
        }
        assertArrayEquals(new int[] {n, 0, n - 1, BLOCK - 1, xor, (int) sum, n % 10, -2}, c);
    }

    @Test
    void casLoopBuildsACounter() {
        String body = String.join("\n",
                "RETRY: ld.volatile.global.u32 %r1, [%aux];",
                " add.u32 %r2, %r1, 3;",
                " atom.global.cas.b32 %r3, [%aux], %r1, %r2;",
                " setp.ne.u32 %p1, %r3, %r1;",
                " @%p1 bra RETRY;",
                " mov.u32 %r0, %r3;");
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel("", body), 32, CTAS * BLOCK);
        r.launch(CTAS, BLOCK, ExecOptions.defaults().withWorkers(3));
        assertNull(r.result.fault());
        assertEquals(3 * CTAS * BLOCK, r.aux(1)[0]);
        int[] seen = r.out();
        Arrays.sort(seen);
        for (int i = 0; i < seen.length; i++) {
            assertEquals(3 * i, seen[i], "every thread saw a distinct old value");
        }
    }

    @Test
    void sharedAndGenericAtomicsAndExchange() {
        String decl = ".shared .align 4 .b32 hist[4];";
        String body = String.join("\n",
                " setp.lt.u32 %p1, %t, 4;",
                " @%p1 st.shared.u32 [hist], 0;",
                " bar.sync 0;",
                " and.b32 %r1, %t, 3;",
                " mov.u32 %r2, hist;",
                " shl.b32 %r3, %r1, 2;",
                " add.u32 %r4, %r2, %r3;",
                " atom.shared.add.u32 %r5, [%r4], 1;",
                " cvt.u64.u32 %rd1, %r4;",
                " cvta.shared.u64 %rd2, %rd1;",
                " atom.add.u32 %r5, [%rd2], 1;",
                " bar.sync 0;",
                " setp.eq.u32 %p2, %t, 0;",
                " @!%p2 bra J;",
                " ld.shared.v4.u32 {%r6, %r7, %r8, %r9}, [hist];",
                " add.u32 %r0, %r6, %r7;",
                " add.u32 %r0, %r0, %r8;",
                " add.u32 %r0, %r0, %r9;",
                " atom.global.exch.b32 %r10, [%aux], %r6;",
                "J:");
        SimTestSupport.Run r = SimTestSupport.runPerThread(decl, body, 1, 64, 4, null);
        assertNull(r.result.fault(), () -> r.result.fault().message());
        assertEquals(128, r.out()[0], "64 threads, two increments each");
        assertEquals(32, r.aux(1)[0], "each of 4 bins got 16 threads x 2");
    }

    @Test
    void floatAtomicAdd() {
        String body = " mov.f32 %f1, 0f3F000000;\n atom.global.add.f32 %f2, [%aux], %f1;";
        SimTestSupport.Run r = SimTestSupport.runPerThread("", body, 4, 64);
        assertNull(r.result.fault());
        assertEquals(128.0f, Float.intBitsToFloat(r.aux(1)[0]));
    }
}
