package org.gpumem.installtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The user's path into gpumem: a plain Eclipse platform gets the gpumem feature from the update
 * site through p2, and every gpumem bundle must then resolve and activate.
 */
class InstallFromUpdateSiteTest {

    private static final String FEATURE_GROUP = "org.gpumem.feature.feature.group";
    private static final long STEP_TIMEOUT_SECONDS = 300;

    @Test
    void featureFromUpdateSiteInstallsIntoPlainPlatformAndEveryBundleActivates() throws Exception {
        Path product = property("gpumem.platformProduct");
        Path site = property("gpumem.updateSite");
        Path work = property("gpumem.installWork");
        assertTrue(Files.isDirectory(product), "plain platform product not built: " + product);
        assertTrue(Files.isRegularFile(site.resolve("content.jar")) || Files.isRegularFile(site.resolve("content.xml")),
                "update site not built: " + site);

        Path installation = work.resolve("platform");
        deleteTree(work);
        copyTree(product, installation);
        assertTrue(bundleIds(installation).stream().noneMatch(id -> id.startsWith("org.gpumem.")),
                "the plain platform must not contain gpumem before the install");

        Path launcher = launcherJar(installation);
        Result install = run(installation, work.resolve("director.log"), "java", "-jar", launcher.toString(),
                "-nosplash", "-consoleLog", "-application", "org.eclipse.equinox.p2.director",
                "-repository", site.toUri().toString(), "-installIU", FEATURE_GROUP);
        assertEquals(0, install.exitCode, "p2 director failed:\n" + install.output);

        Path report = work.resolve("bundles.txt");
        Result start = run(installation, work.resolve("report.log"), "java", "-jar", launcher.toString(),
                "-nosplash", "-consoleLog", "-application", "org.gpumem.debug.bundleReport", "-report", report.toString());
        assertTrue(Files.isRegularFile(report), "the installed product did not run gpumem's bundle report "
                + "(application missing or a bundle failed to resolve):\n" + start.output);

        Map<String, String> states = new LinkedHashMap<>();
        for (String line : Files.readAllLines(report)) {
            String[] parts = line.split(" ", 4);
            states.put(parts[0], parts[2] + (parts.length > 3 ? " " + parts[3] : ""));
        }
        List<String> expected = featureBundles(property("gpumem.feature"));
        assertFalse(expected.isEmpty(), "feature lists no gpumem bundles");
        List<String> problems = new ArrayList<>();
        for (String id : expected) {
            String state = states.get(id);
            if (state == null) {
                problems.add(id + " not installed");
            } else if (!state.equals("ACTIVE") && !state.equals("RESOLVED")) {
                problems.add(id + " " + state);
            }
        }
        if (!problems.isEmpty()) {
            fail("gpumem bundles not ACTIVE/RESOLVED after install: " + problems + "\n" + start.output);
        }
        assertEquals(0, start.exitCode, "bundle report exited with " + start.exitCode + ":\n" + start.output);
    }

    private static Path property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null, "system property " + name + " not set (run through Maven)");
        return Path.of(value).toAbsolutePath().normalize();
    }

    /** The gpumem bundles the feature promises, read from its feature.xml rather than repeated here. */
    private static List<String> featureBundles(Path featureXml) throws IOException {
        List<String> ids = new ArrayList<>();
        Matcher m = Pattern.compile("<plugin\\s+id=\"(org\\.gpumem\\.[^\"]+)\"").matcher(Files.readString(featureXml));
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    private static List<String> bundleIds(Path installation) throws IOException {
        try (Stream<Path> plugins = Files.list(installation.resolve("plugins"))) {
            return plugins.map(p -> p.getFileName().toString().replaceFirst("_.*", "")).toList();
        }
    }

    private static Path launcherJar(Path installation) throws IOException {
        try (Stream<Path> plugins = Files.list(installation.resolve("plugins"))) {
            return plugins.filter(p -> p.getFileName().toString().matches("org\\.eclipse\\.equinox\\.launcher_.*\\.jar"))
                    .findFirst().orElseThrow(() -> new AssertionError("no equinox launcher in " + installation));
        }
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(Path dir, Path log, String... command) throws Exception {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + STEP_TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
        }
        return new Result(p.exitValue(), Files.readString(log));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path source : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
