package org.gpumem.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No message the CLI prints carries a JVM exception's text, over the declared-error paths the
 * fuzz corpus reaches: each target's seeds (every few, up to {@code gpumem.fuzz.messages} of
 * them, 6 by default), the committed findings, and deterministic mutations of each seed (a
 * flipped byte, a cut, a boundary integer), run as command lines in-process
 * ({@link CliMessages}). The IDE shows the same messages ({@code InputFiles.userMessage});
 * the targets check them on every fuzz input ({@link FuzzTargets#run}). releng/fuzz runs the same
 * check over the corpus a campaign grew.
 */
class UserMessagesTest {
    private static final int SEEDS = Integer.getInteger("gpumem.fuzz.messages", 6);
    private static final int MUTATIONS = 2;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = FuzzTargets.class, names = {"ELF", "PTX_DWARF", "PTX_LOADER", "LAUNCH_JSON", "FATBIN", "OFFLOAD_BUNDLE",
        "COMPRESSED", "SNAPSHOT", "SNAPSHOT_PAGES", "SNAPSHOT_MODEL"})
    void noMessageCarriesJvmExceptionText(FuzzTargets target) throws IOException, URISyntaxException {
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        List<Map.Entry<String, byte[]>> seeds = new ArrayList<>(SeedCorpus.seeds(target).entrySet());
        int stride = Math.max(1, seeds.size() / SEEDS);
        for (int i = 0; i < seeds.size(); i += stride) {
            Map.Entry<String, byte[]> seed = seeds.get(i);
            inputs.put(seed.getKey(), seed.getValue());
            List<byte[]> variants = CliMessages.mutations(seed.getKey(), seed.getValue(), MUTATIONS);
            for (int v = 0; v < variants.size(); v++) {
                inputs.put(seed.getKey() + "~" + v, variants.get(v));
            }
        }
        for (Path p : FuzzRegressionTest.findings(target)) {
            inputs.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
        List<String> problems = new ArrayList<>();
        int[] refusals = {0};
        for (Map.Entry<String, byte[]> input : inputs.entrySet()) {
            problems.addAll(CliMessages.problems(target, input.getKey(), input.getValue(), dir, refusals));
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
        // the inputs reached declared errors: the messages checked are the refusals'
        assertTrue(refusals[0] > 0, target.id() + ": none of the " + inputs.size() + " inputs was refused");
    }
}
