package org.gpumem.sim.ptx;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Truncated and corrupted nvcc PTX either loads or fails with a PtxException, never otherwise. */
class PtxLoaderRobustnessTest {

    private static void loadOrReject(String name, String text) {
        try {
            PtxLoader.load(name, text);
        } catch (PtxException expected) {
            // the clear error we want
        } catch (RuntimeException | StackOverflowError e) {
            fail(name + ": " + e, e);
        }
    }

    @Test
    void deepNestingAndHugeDeclarationsAreRefusedCheaply() {
        String header = ".version 8.0\n.target sm_90\n.address_size 64\n";
        loadOrReject("nested init", header + ".global .u32 x[4] = " + "{".repeat(5000) + "1" + "}".repeat(5000) + ";");
        loadOrReject("nested operand", header + ".visible .entry k()\n{\n .reg .b32 %r<2>;\n mov.b64 %r1, "
                + "{".repeat(5000) + "%r0" + "}".repeat(5000) + ";\n}\n");
        loadOrReject("negations", header + ".visible .entry k()\n{\n .reg .pred %p<2>;\n not.pred %p1, "
                + "!".repeat(5000) + "%p0;\n}\n");
        loadOrReject("scopes", header + ".visible .entry k()\n{\n" + "{".repeat(20000) + "}".repeat(20000) + "\n}\n");
        // 1 GiB declared, one value given: loads without allocating the declared size.
        loadOrReject("huge initialized", header + ".global .align 1 .b8 big[1073741824] = {1};");
    }

    @Test
    void truncatedAndMutatedFixturesNeverEscapeAsOtherExceptions() throws Exception {
        Path dir = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");
        Random random = new Random(5);
        String[] tokens = {"{", "}", ";", ",", "[", "]", "(", ")", "@", "!", "%r1", ".reg", ".loc", "-",
            "0x", "0f", "bra", "call", ".param", "<", ">", "\"", "/*", "9999999999999999999999", ":"};
        for (String f : new String[] {"local_array.G.ptx", "histogram.O3.ptx", "warp_reduce.G.ptx"}) {
            String text = Files.readString(dir.resolve(f));
            for (int cut = 0; cut < text.length(); cut += Math.max(1, text.length() / 300)) {
                loadOrReject(f + " cut at " + cut, text.substring(0, cut));
            }
            for (int i = 0; i < 300; i++) {
                int at = random.nextInt(text.length());
                String t = tokens[random.nextInt(tokens.length)];
                loadOrReject(f + " with '" + t + "' at " + at, text.substring(0, at) + t + text.substring(at));
                int del = Math.min(text.length(), at + 1 + random.nextInt(20));
                loadOrReject(f + " without " + at + ".." + del, text.substring(0, at) + text.substring(del));
            }
        }
    }
}
