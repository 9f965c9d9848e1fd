package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * control_flow.cu: a dense switch, a sparse one, recursion, calls through a per-thread function
 * pointer table and a virtual function of two derived classes (indirect calls with a
 * {@code .callprototype}, function addresses in code and in vtables), a non-inlined template,
 * and brx.idx through a {@code .branchtargets} table; every slot against README.md's formulas.
 */
class EverydayControlFlowTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void controlFlow(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("control_flow.control_flow", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        int[] out = Everyday.ints(Everyday.run(launch).outputs().get("out"));
        for (int i = 0; i < in.length; i++) {
            int[] expected = expected(in[i]);
            for (int k = 0; k < 5; k++) {
                assertEquals(expected[k], out[5 * i + k], "element " + i + " (v = " + in[i] + ") slot " + k);
            }
        }
    }

    private static int[] expected(int v) {
        int s = v & 0xff;
        int acc = 0;
        for (int k = 0; k < (v & 3) + 1; k++) {
            int x = k + s;
            acc += switch (Integer.remainderUnsigned(v, 3)) {
                case 0 -> 2 * x;
                case 1 -> x * x;
                default -> -x;
            };
        }
        int area = (v & 1) != 0 ? s * s : s * (s + 1);
        int clamp = Math.max(-1000, Math.min(1000, v));
        int sparse = switch (v & 0x7000) {
            case 0x1000 -> 1;
            case 0x4000 -> 4;
            case 0x7000 -> 7;
            default -> 0;
        };
        int jump = switch (v & 3) {
            case 0 -> 3 * v;
            case 1 -> v ^ 85;
            case 2 -> v + 1000;
            default -> -v;
        };
        return new int[] {denseSwitch(v), sparse, fib((v & 7) + 5), acc + area + clamp, jump};
    }

    private static int denseSwitch(int v) {
        return switch (v & 15) {
            case 0 -> v * 3;
            case 1 -> v ^ 0x55;
            case 2 -> v + 1000;
            case 3 -> -v;
            case 4 -> v >> 3;
            case 5 -> v << 2;
            case 6 -> v | 0xf0;
            case 7 -> v & 0x0f0f;
            case 8 -> v - 77;
            case 9 -> v * v;
            case 10 -> 12345;
            case 11 -> v % 13;
            default -> 7;
        };
    }

    private static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }
}
