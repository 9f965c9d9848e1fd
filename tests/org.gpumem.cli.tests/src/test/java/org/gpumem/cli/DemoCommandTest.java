package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class DemoCommandTest {
    private static final Pattern STOP = Pattern.compile("for lane (\\d+) \\(thread \\((\\d+),0,0\\)\\)");
    private static final Pattern VALUES = Pattern.compile("= \\[([-0-9, ]+)\\]$");

    private static int[] values(String line) {
        Matcher m = VALUES.matcher(line);
        assertTrue(m.find(), line);
        return Arrays.stream(m.group(1).split(",\\s*")).mapToInt(Integer::parseInt).toArray();
    }

    @Test
    void stopsInTheSampleAndShowsTheSameBytesThroughEverySpace() {
        CliRun r = run("demo", "--lane", "3", "--iota", "1000");
        String text = r.out();
        assertEquals(0, r.status(), text + r.err());
        assertTrue(text.contains("local_array.cu:22"), text);
        Matcher stop = STOP.matcher(text);
        assertTrue(stop.find(), text);
        assertEquals(3, Integer.parseInt(stop.group(1)));
        int thread = Integer.parseInt(stop.group(2));
        List<String> lines = text.lines().toList();

        // window[k] = stage[(tid + k) % 64] = in[(tid + k) % 64] of CTA 0, with in[i] = 1000 + i
        int[] expectedWindow = new int[8];
        for (int k = 0; k < 8; k++) {
            expectedWindow[k] = 1000 + (thread + k) % 64;
        }
        // stage[thread .. thread+3]: written for the CTA's 64 threads, zero beyond
        int[] expectedStage = new int[4];
        for (int k = 0; k < 4; k++) {
            expectedStage[k] = thread + k < 64 ? 1000 + thread + k : 0;
        }
        int windowRows = 0;
        int stageRows = 0;
        for (String l : lines) {
            if (l.startsWith("  window ")) {
                assertTrue(l.contains(" local "), l);
                assertTrue(Arrays.equals(expectedWindow, values(l)), l);
            } else if (l.matches("  (local|pool) .*") || l.matches("  generic  0x7f01.*")) {
                assertTrue(Arrays.equals(expectedWindow, values(l)), l);
                windowRows++;
            } else if (l.matches("  shared .*") || l.matches("  generic  0x7f00.*")) {
                assertTrue(Arrays.equals(expectedStage, values(l)), l);
                stageRows++;
            }
        }
        assertEquals(3, windowRows, text);
        assertEquals(2, stageRows, text);
        assertTrue(text.contains("kernel exited"), text);
    }
}
