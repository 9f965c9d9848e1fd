package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The simulator's API is its exported packages without {@code x-internal}: the debug model, the
 * views and the command line (bundles and their tests) name no other package of the simulator,
 * in an import or spelled out in code.
 */
class ApiBoundaryTest {
    private static final Pattern SIM_PACKAGE = Pattern.compile("\\borg\\.gpumem\\.sim((?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z*]");
    private static final List<String> CLIENTS = List.of("bundles/org.gpumem.debug", "bundles/org.gpumem.ui",
            "bundles/org.gpumem.cli", "tests/org.gpumem.debug.tests", "tests/org.gpumem.ui.tests",
            "tests/org.gpumem.cli.tests");

    /** The packages the simulator's manifest exports as API (with a version, without x-internal). */
    private static Set<String> apiPackages() throws IOException {
        Manifest manifest;
        try (InputStream in = Files.newInputStream(SourceTree.top().resolve("bundles/org.gpumem.sim/META-INF/MANIFEST.MF"))) {
            manifest = new Manifest(in);
        }
        Set<String> api = new LinkedHashSet<>();
        for (String clause : manifest.getMainAttributes().getValue("Export-Package").split(",(?=\\s*[a-z])")) {
            String[] parts = clause.trim().split(";");
            boolean internal = clause.contains("x-internal:=true") || clause.contains("x-friends:=");
            if (!internal) {
                assertTrue(clause.contains("version=\""), "API package without a version: " + clause);
                api.add(parts[0].trim());
            }
        }
        return api;
    }

    @Test
    void exportedApiIsVersionedAndTheRestInternal() throws IOException {
        assertEquals(Set.of("org.gpumem.sim", "org.gpumem.sim.debug", "org.gpumem.sim.launch"), apiPackages());
    }

    @Test
    void debugUiAndCliUseOnlyTheSimulatorsApi() throws IOException {
        Set<String> api = apiPackages();
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (String client : CLIENTS) {
            for (Path f : SourceTree.javaFiles(client)) {
                files++;
                String text = SourceTree.read(f);
                Matcher m = SIM_PACKAGE.matcher(text);
                while (m.find()) {
                    String pkg = "org.gpumem.sim" + m.group(1);
                    if (!api.contains(pkg)) {
                        int line = text.substring(0, m.start()).split("\n", -1).length;
                        violations.add(SourceTree.top().relativize(f) + ":" + line + " uses " + pkg);
                    }
                }
            }
        }
        assertTrue(files > 50, "read " + files + " files");
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }
}
