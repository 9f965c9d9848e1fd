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
