package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The video instructions on both engines, each lane's result against
 * the PTX ISA's definition computed here: operands a, b, c per thread (%r1, %r2, %r3) from the
 * aux buffer, extremes among them.
 */
class VideoInstructionsTest {
    private static final int THREADS = 64;
    private static final int[][] INPUTS = inputs();

    private static int[][] inputs() {
        int[] special = {0, -1, 0x8000_0000, 0x7FFF_FFFF, 0x0000_FFFF, 0xFFFF_0000, 0x8080_8080, 0x7F7F_7F7F, 1, 31, 32, 33};
        int[][] v = new int[THREADS][3];
        long s = 0x1234_5678_9ABCL;
        for (int t = 0; t < THREADS; t++) {
            for (int k = 0; k < 3; k++) {
                s = s * 6364136223846793005L + 1442695040888963407L;
                v[t][k] = t < special.length && k < 2 ? special[(t + 5 * k) % special.length] : (int) (s >>> 32);
            }
        }
        return v;
    }

    /** The instruction's result in each thread, with a, b, c in %r1, %r2, %r3. */
    private static int[] run(String instruction, ExecEngine engine) {
        int[] aux = new int[3 * THREADS];
        for (int t = 0; t < THREADS; t++) {
            System.arraycopy(INPUTS[t], 0, aux, 3 * t, 3);
        }
        String body = " mul.wide.u32 %rd1, %t, 12;\n add.u64 %rd1, %rd1, %aux;\n"
                + " ld.global.u32 %r1, [%rd1];\n ld.global.u32 %r2, [%rd1+4];\n ld.global.u32 %r3, [%rd1+8];\n"
                + " mov.u32 %r0, %r3;\n " + instruction + "\n";
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel("", body), 12 * THREADS, THREADS);
        r.device.write(r.aux, SimTestSupport.bytes(aux));
        r.launch(1, THREADS, ExecOptions.defaults().withEngine(engine));
        assertNull(r.result.fault(), () -> r.result.fault().message());
        return r.out();
    }

    // ------------------------------------------------------------------ the PTX ISA's definitions

    /** Part of v: "b0".."b3", "h0", "h1" or "" (the word), extended by its type. */
    private static long sel(int v, String part, boolean signed) {
        long x;
        int bits;
        if (part.isEmpty()) {
            x = v & 0xFFFF_FFFFL;
            bits = 32;
        } else {
            bits = part.charAt(0) == 'b' ? 8 : 16;
            x = (v & 0xFFFF_FFFFL) >>> (bits * (part.charAt(1) - '0')) & ((1L << bits) - 1);
        }
        return signed && x >= 1L << (bits - 1) ? x - (1L << bits) : x;
    }

    private static long sat(long v, int bits, boolean signed) {
        long lo = signed ? -(1L << (bits - 1)) : 0, hi = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
        return v < lo ? lo : Math.min(v, hi);
    }

    private interface Scalar {
        long apply(long x, long y);
    }

    /** A scalar form: d = op2(sat(op(a.asel, b.bsel)), c), or merged into c's part dsel. */
    private static IntUnaryOperator scalar(Scalar op, boolean aS, String as, boolean bS, String bs, boolean dS, boolean satur,
            String op2, String dsel) {
        return t -> {
            int[] in = INPUTS[t];
            long r = op.apply(sel(in[0], as, aS), sel(in[1], bs, bS));
            if (satur) {
                r = sat(r, dsel.isEmpty() ? 32 : dsel.charAt(0) == 'b' ? 8 : 16, dS);
            }
            int c = in[2];
            int d = (int) r;
            switch (op2) {
                case "add": return d + c;
                case "min": return dS ? Math.min(d, c) : Integer.compareUnsigned(d, c) < 0 ? d : c;
                case "max": return dS ? Math.max(d, c) : Integer.compareUnsigned(d, c) > 0 ? d : c;
                default: break;
            }
            if (dsel.isEmpty()) {
                return d;
            }
            int bits = dsel.charAt(0) == 'b' ? 8 : 16;
            int shift = bits * (dsel.charAt(1) - '0');
            long field = ((1L << bits) - 1) << shift;
            return (int) (c & ~field | ((long) d << shift) & field);
        };
    }

    private static Scalar shl(boolean clamp) {
        return (x, y) -> shiftedClamped(x, clamp ? Math.min(y, 32) : y % 32);
    }

    /** x shifted left by s, as a long that keeps its low 32 bits and clamps like the exact value. */
    private static long shiftedClamped(long x, long s) {
        BigInteger exact = BigInteger.valueOf(x).shiftLeft((int) s);
        BigInteger limit = BigInteger.ONE.shiftLeft(40);
        if (exact.abs().compareTo(limit) < 0) {
            return exact.longValue();
        }
        return (exact.signum() < 0 ? -(1L << 40) : 1L << 40) & ~0xFFFF_FFFFL | exact.longValue() & 0xFFFF_FFFFL;
    }

    private static IntUnaryOperator mad(boolean aS, String as, boolean negA, boolean bS, String bs, boolean negC, boolean po,
            int scale, boolean satur) {
        return t -> {
            int[] in = INPUTS[t];
            boolean signedFinal = aS || bS || negA || negC;
            BigInteger product = BigInteger.valueOf(sel(in[0], as, aS)).multiply(BigInteger.valueOf(sel(in[1], bs, bS)));
            BigInteger c = BigInteger.valueOf(signedFinal ? in[2] : in[2] & 0xFFFF_FFFFL);
            BigInteger v = (negA ? product.negate() : product).add(negC ? c.negate() : c).add(po ? BigInteger.ONE : BigInteger.ZERO);
            v = v.shiftRight(scale);
            if (satur) {
                BigInteger lo = BigInteger.valueOf(signedFinal ? Integer.MIN_VALUE : 0);
                BigInteger hi = BigInteger.valueOf(signedFinal ? Integer.MAX_VALUE : 0xFFFF_FFFFL);
                v = v.max(lo).min(hi);
            }
            return v.intValue();
        };
    }

    private interface Element {
        long apply(long x, long y);
    }

    /**
     * A SIMD form over n elements: element i of a and b is the field of b:a the selector's digit
     * for i names (digits written from element n-1 down), the masked results merge into c or add to it.
     */
    private static IntUnaryOperator simd(int n, Element op, boolean aS, String as, boolean bS, String bs, boolean dS,
            boolean satur, String mask, boolean add) {
        return t -> {
            int[] in = INPUTS[t];
            long pair = (long) in[1] << 32 | in[0] & 0xFFFF_FFFFL;
            int bits = 32 / n;
            int c = in[2];
            int d = add ? c : 0;
            for (int i = 0; i < n; i++) {
                long x = field(pair, as.charAt(n - 1 - i) - '0', bits, aS);
                long y = field(pair, bs.charAt(n - 1 - i) - '0', bits, bS);
                long r = op.apply(x, y);
                if (satur) {
                    r = sat(r, bits, dS);
                }
                boolean on = mask.indexOf((char) ('0' + i)) >= 0;
                long f = on ? r : (c >>> (bits * i));
                if (add) {
                    d += on ? (int) r : 0;
                } else {
                    d |= (int) ((f & ((1L << bits) - 1)) << (bits * i));
                }
            }
            return d;
        };
    }

    private static long field(long pair, int k, int bits, boolean signed) {
        long x = pair >>> (bits * k) & ((1L << bits) - 1);
        return signed && x >= 1L << (bits - 1) ? x - (1L << bits) : x;
    }

    private static long avrg(long x, long y) {
        long s = x + y;
        return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2);
    }

    static Stream<Arguments> forms() {
        List<Arguments> all = new ArrayList<>();
        Scalar add = (x, y) -> x + y, sub = (x, y) -> x - y, absdiff = (x, y) -> Math.abs(x - y);
        Scalar min = Math::min, max = Math::max;
        all.add(Arguments.of("vadd.s32.s32.s32.sat %r0, %r1, %r2;", scalar(add, true, "", true, "", true, true, "", "")));
        all.add(Arguments.of("vadd.u32.u32.u32 %r0, %r1.b1, %r2.h0;", scalar(add, false, "b1", false, "h0", false, false, "", "")));
        all.add(Arguments.of("vsub.s32.u32.s32.sat %r0.h1, %r1, %r2.b2, %r3;",
                scalar(sub, false, "", true, "b2", true, true, "", "h1")));
        all.add(Arguments.of("vsub.u32.s32.s32.sat %r0, %r1.h1, %r2;", scalar(sub, true, "h1", true, "", false, true, "", "")));
        all.add(Arguments.of("vabsdiff.u32.s32.s32.add %r0, %r1.h1, %r2.h0, %r3;",
                scalar(absdiff, true, "h1", true, "h0", false, false, "add", "")));
        all.add(Arguments.of("vmin.s32.s32.u32.max %r0, %r1.b0, %r2.b3, %r3;",
                scalar(min, true, "b0", false, "b3", true, false, "max", "")));
        all.add(Arguments.of("vmax.u32.u32.u32.sat.min %r0, %r1, %r2.b0, %r3;",
                scalar(max, false, "", false, "b0", false, true, "min", "")));
        all.add(Arguments.of("vmax.s32.u32.s32.sat %r0.b0, %r1, %r2, %r3;", scalar(max, false, "", true, "", true, true, "", "b0")));
        all.add(Arguments.of("vshl.u32.u32.u32.clamp %r0, %r1, %r2.b0;", scalar(shl(true), false, "", false, "b0", false, false, "", "")));
        all.add(Arguments.of("vshl.s32.s32.u32.wrap.sat %r0, %r1.h0, %r2;", scalar(shl(false), true, "h0", false, "", true, true, "", "")));
        all.add(Arguments.of("vshl.u32.u32.u32.clamp.sat %r0, %r1.b2, %r2.b0;",
                scalar(shl(true), false, "b2", false, "b0", false, true, "", "")));
        all.add(Arguments.of("vshr.s32.s32.u32.clamp %r0, %r1, %r2.b1;",
                scalar((x, y) -> x >> Math.min(y, 32), true, "", false, "b1", true, false, "", "")));
        all.add(Arguments.of("vshr.u32.u32.u32.wrap.add %r0, %r1, %r2, %r3;",
                scalar((x, y) -> x >> (y % 32), false, "", false, "", false, false, "add", "")));
        all.add(Arguments.of("vmad.s32.s32.s32.sat %r0, %r1.h0, %r2.h1, %r3;", mad(true, "h0", false, true, "h1", false, false, 0, true)));
        all.add(Arguments.of("vmad.u32.u32.u32.shr7 %r0, %r1, %r2.b0, %r3;", mad(false, "", false, false, "b0", false, false, 7, false)));
        all.add(Arguments.of("vmad.s32.u32.u32.sat.shr15 %r0, -%r1.h0, %r2.b1, %r3;",
                mad(false, "h0", true, false, "b1", false, false, 15, true)));
        all.add(Arguments.of("vmad.u32.u32.u32 %r0, %r1, %r2, -%r3;", mad(false, "", false, false, "", true, false, 0, false)));
        all.add(Arguments.of("vmad.u32.u32.u32.po %r0, %r1.b0, %r2.b1, %r3;", mad(false, "b0", false, false, "b1", false, true, 0, false)));
        all.add(Arguments.of("vset.s32.u32.lt %r0, %r1, %r2;", scalar((x, y) -> x < y ? 1 : 0, true, "", false, "", false, false, "", "")));
        all.add(Arguments.of("vset.u32.u32.ne.add %r0, %r1.b0, %r2.b0, %r3;",
                scalar((x, y) -> x != y ? 1 : 0, false, "b0", false, "b0", false, false, "add", "")));
        all.add(Arguments.of("vset.s32.s32.ge %r0.b2, %r1.h1, %r2.h0, %r3;",
                scalar((x, y) -> x >= y ? 1 : 0, true, "h1", true, "h0", false, false, "", "b2")));
        Element eAdd = (x, y) -> x + y, eSub = (x, y) -> x - y, eAbs = (x, y) -> Math.abs(x - y);
        all.add(Arguments.of("vadd2.s32.s32.s32.sat %r0, %r1, %r2, %r3;", simd(2, eAdd, true, "10", true, "32", true, true, "10", false)));
        all.add(Arguments.of("vsub2.u32.u32.u32 %r0.h1, %r1, %r2, %r3;", simd(2, eSub, false, "10", false, "32", false, false, "1", false)));
        all.add(Arguments.of("vavrg2.s32.s32.s32 %r0, %r1.h01, %r2.h32, %r3;",
                simd(2, VideoInstructionsTest::avrg, true, "01", true, "32", true, false, "10", false)));
        all.add(Arguments.of("vabsdiff2.u32.u32.u32.add %r0, %r1, %r2, %r3;", simd(2, eAbs, false, "10", false, "32", false, false, "10", true)));
        all.add(Arguments.of("vmin2.s32.u32.s32 %r0, %r1, %r2.h20, %r3;", simd(2, Math::min, false, "10", true, "20", true, false, "10", false)));
        all.add(Arguments.of("vmax2.u32.s32.u32.sat %r0.h0, %r1, %r2, %r3;", simd(2, Math::max, true, "10", false, "32", false, true, "0", false)));
        all.add(Arguments.of("vset2.s32.s32.gt %r0, %r1, %r2, %r3;", simd(2, (x, y) -> x > y ? 1 : 0, true, "10", true, "32", false, false, "10", false)));
        all.add(Arguments.of("vadd4.u32.u32.u32.sat %r0, %r1, %r2, %r3;", simd(4, eAdd, false, "3210", false, "7654", false, true, "0123", false)));
        all.add(Arguments.of("vsub4.s32.s32.s32.sat %r0.b31, %r1.b0123, %r2.b4567, %r3;",
                simd(4, eSub, true, "0123", true, "4567", true, true, "31", false)));
        all.add(Arguments.of("vavrg4.u32.u32.u32 %r0, %r1, %r2, %r3;",
                simd(4, VideoInstructionsTest::avrg, false, "3210", false, "7654", false, false, "3210", false)));
        all.add(Arguments.of("vmin4.s32.s32.s32 %r0, %r1.b7654, %r2.b3210, %r3;", simd(4, Math::min, true, "7654", true, "3210", true, false, "3210", false)));
        all.add(Arguments.of("vmax4.u32.u32.u32.add %r0.b20, %r1, %r2, %r3;", simd(4, Math::max, false, "3210", false, "7654", false, false, "20", true)));
        all.add(Arguments.of("vset4.u32.u32.eq.add %r0, %r1.b3300, %r2.b7744, %r3;",
                simd(4, (x, y) -> x == y ? 1 : 0, false, "3300", false, "7744", false, false, "3210", true)));
        List<Arguments> both = new ArrayList<>();
        for (Arguments a : all) {
            for (ExecEngine e : ExecEngine.values()) {
                both.add(Arguments.of(a.get()[0], a.get()[1], e));
            }
        }
        return both.stream();
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("forms")
    void eachLaneComputesTheIsaDefinition(String instruction, IntUnaryOperator expected, ExecEngine engine) {
        int[] out = run(instruction, engine);
        for (int t = 0; t < THREADS; t++) {
            int[] in = INPUTS[t];
            String which = instruction + " thread " + t + String.format(" a=%08x b=%08x c=%08x", in[0], in[1], in[2]);
            assertEquals(expected.applyAsInt(t), out[t], which);
        }
    }
}
