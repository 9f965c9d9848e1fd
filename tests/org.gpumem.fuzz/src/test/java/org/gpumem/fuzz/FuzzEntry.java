package org.gpumem.fuzz;

import java.io.IOException;
import java.util.Map;

/**
 * Jazzer's entry point ({@code --target_class=org.gpumem.fuzz.FuzzEntry}): the target is named by
 * the system property {@code gpumem.fuzz.target} (a {@link FuzzTargets#id()}), so that one class
 * serves every target and each target runs in a JVM of its own, as libFuzzer needs.
 */
public final class FuzzEntry {
    private static final FuzzTargets TARGET = FuzzTargets.byId(System.getProperty("gpumem.fuzz.target", ""));

    private FuzzEntry() {
    }

    /**
     * Runs the seeds once before fuzzing starts, so that class loading, instrumentation and the
     * first compilations do not count against libFuzzer's per-input time limit.
     */
    public static void fuzzerInitialize() throws IOException {
        for (Map.Entry<String, byte[]> seed : SeedCorpus.seeds(TARGET).entrySet()) {
            TARGET.run(seed.getValue());
        }
    }

    public static void fuzzerTestOneInput(byte[] input) {
        TARGET.run(input);
    }
}
