package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every seed and every committed finding of every fuzz target, run in-process: each must be
 * accepted or refused with the declared {@code InputFormatException}; another exception or error
 * fails with the input's name. Findings live in {@code src/test/resources/org/gpumem/fuzz/findings/<target>/}:
 * releng/fuzz copies each input that made a target fail there, and the fix keeps it passing.
 */
class FuzzRegressionTest {

    @ParameterizedTest
    @EnumSource(FuzzTargets.class)
    void seedsAreAcceptedOrRefusedCleanly(FuzzTargets target) throws IOException {
        Map<String, byte[]> seeds = SeedCorpus.seeds(target);
        assertTrue(!seeds.isEmpty(), "no seeds for " + target.id());
        int accepted = 0;
        for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
            accepted += runs(target, seed.getKey(), seed.getValue()) ? 1 : 0;
        }
        // A harness that refuses every fixture would fuzz nothing but its own error path.
        assertTrue(accepted > 0, target.id() + ": none of the " + seeds.size() + " seeds was accepted");
    }

    @ParameterizedTest
    @EnumSource(FuzzTargets.class)
    void committedFindingsStayFixed(FuzzTargets target) throws IOException, URISyntaxException {
        for (Path p : findings(target)) {
            runs(target, p.getFileName().toString(), Files.readAllBytes(p));
        }
    }

    static List<Path> findings(FuzzTargets target) throws IOException, URISyntaxException {
        URL dir = FuzzRegressionTest.class.getResource("findings/" + target.id());
        if (dir == null) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(Path.of(dir.toURI()))) {
            return new ArrayList<>(s.sorted().toList());
        }
    }

    private static boolean runs(FuzzTargets target, String name, byte[] input) {
        try {
            return target.run(input);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            fail(target.id() + " input " + name + " (" + input.length + " bytes) failed with an undeclared " + e, e);
            return false;
        }
    }
}
