package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gpumem.sim.ProjectBundles.Export;
import org.gpumem.sim.ProjectBundles.Module;
import org.junit.jupiter.api.Test;

/**
 * A bundle's API is its exported packages without {@code x-internal} or {@code x-friends}, each
 * with a version; it exports its other packages as internal, or to the friends it names. Code
 * outside a bundle (other bundles, their tests, the plain modules) names no other package of it,
 * in an import or spelled out in code, unless the bundle names that code's bundle as a friend of
 * that package. A test fragment's code counts as its host's.
 */
class ApiBoundaryTest {

    /** The packages the simulator's manifest exports as API (with a version, without x-internal). */
    private static Set<String> apiPackages(Module bundle) {
        Set<String> api = new LinkedHashSet<>();
        for (Export e : bundle.exports().values()) {
            if (e.api()) {
                assertTrue(e.version() != null, "API package without a version: " + e.pkg());
                api.add(e.pkg());
            }
        }
        return api;
    }

    private static Module bundle(String name) {
        return ProjectBundles.bundles().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void exportedApiIsVersionedAndTheRestInternal() {
        assertEquals(Set.of("org.gpumem.sim", "org.gpumem.sim.debug", "org.gpumem.sim.launch"), apiPackages(bundle("org.gpumem.sim")));
        Set<String> modules = new LinkedHashSet<>();
        ProjectBundles.modules().forEach(m -> modules.add(m.name()));
        List<String> problems = new ArrayList<>();
        int bundles = 0;
        for (Module b : ProjectBundles.bundles()) {
            bundles++;
            for (String pkg : b.packages().keySet()) {
                if (!b.exports().containsKey(pkg)) {
                    problems.add(b.name() + " does not export " + pkg + " (as API, or x-internal or x-friends)");
                }
            }
            for (Export e : b.exports().values()) {
                if (!b.packages().containsKey(e.pkg())) {
                    problems.add(b.name() + " exports " + e.pkg() + ", which it has no source of");
                } else if (e.api() && e.version() == null) {
                    problems.add(b.name() + " exports its API package " + e.pkg() + " without a version");
                } else if (!e.api() && e.version() != null) {
                    problems.add(b.name() + " gives its internal package " + e.pkg() + " a version");
                } else if (e.internal() && !e.friends().isEmpty()) {
                    problems.add(b.name() + " exports " + e.pkg() + " both x-internal and to friends");
                }
                for (String friend : e.friends()) {
                    if (!modules.contains(friend) || friend.equals(b.name())) {
                        problems.add(b.name() + " names " + friend + " as a friend of " + e.pkg() + ": no other module is called so");
                    }
                }
            }
        }
        assertTrue(bundles >= 7, "checked " + bundles + " bundles");
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void codeOutsideABundleNamesOnlyItsApiAndWhatItsFriendsMayUse() {
        Map<String, Module> owner = new HashMap<>();
        for (Module b : ProjectBundles.bundles()) {
            b.packages().keySet().forEach(p -> owner.put(p, b));
        }
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Module client : ProjectBundles.modules()) {
            for (List<Path> sources : client.packages().values()) {
                for (Path f : sources) {
                    files++;
                    for (String pkg : ProjectBundles.namedPackages(ProjectBundles.code(f))) {
                        Module b = owner.get(pkg);
                        if (b == null || b.name().equals(client.name())) {
                            continue;
                        }
                        Export e = b.exports().get(pkg);
                        if (e == null || !e.api() && !e.friends().contains(client.name())) {
                            violations.add(SourceTree.top().relativize(f) + " (" + client.name() + ") uses " + pkg + ", which "
                                    + b.name() + " does not export " + (e == null ? "" : "as API or to it"));
                        }
                    }
                }
            }
        }
        assertTrue(files > 500, "read " + files + " files");
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }
}
