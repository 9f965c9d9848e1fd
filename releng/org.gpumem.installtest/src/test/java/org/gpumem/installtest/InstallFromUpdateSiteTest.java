package org.gpumem.installtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The user's path into gpumem: a plain Eclipse platform gets the gpumem feature from the update
 * site through p2, and every gpumem bundle must then resolve and activate. The states come from
 * a test-only application bundle (org.gpumem.installtest.report) added to the installation after
 * the install; the same report run with an unresolvable gpumem bundle added must fail.
 */
class InstallFromUpdateSiteTest {

    private static final String FEATURE_GROUP = "org.gpumem.feature.feature.group";
    private static final String REPORT_APPLICATION = "org.gpumem.installtest.report.bundleReport";
    private static final String BROKEN_BUNDLE = "org.gpumem.installtest.unresolvable";
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

        addBundle(installation, property("gpumem.reportBundle"));
        Report report = report(installation, launcher, work, "report");
        assertTrue(report.states() != null, "the installed product did not run the bundle report "
                + "(application missing or a bundle failed to resolve):\n" + report.output());
        List<String> expected = featureBundles(property("gpumem.feature"));
        assertFalse(expected.isEmpty(), "feature lists no gpumem bundles");
        List<String> problems = new ArrayList<>();
        for (String id : expected) {
            String state = report.states().get(id);
            if (state == null) {
                problems.add(id + " not installed");
            } else if (!state.equals("ACTIVE") && !state.equals("RESOLVED")) {
                problems.add(id + " " + state);
            }
        }
        if (!problems.isEmpty()) {
            fail("gpumem bundles not ACTIVE/RESOLVED after install: " + problems + "\n" + report.output());
        }
        assertEquals(0, report.exitCode(), "bundle report exited with " + report.exitCode() + ":\n" + report.output());

        // The same report must fail once a gpumem bundle cannot resolve, or the check above proves nothing.
        addBundle(installation, unresolvableBundle(work));
        Report broken = report(installation, launcher, work, "report-broken");
        assertTrue(broken.states() != null, "the bundle report did not run with a broken bundle:\n" + broken.output());
        String brokenState = broken.states().getOrDefault(BROKEN_BUNDLE, "not reported");
        assertTrue(brokenState.startsWith("INSTALLED"), "state of the unresolvable bundle: " + brokenState + "\n" + broken.output());
        assertNotEquals(0, broken.exitCode(), "the bundle report passed with an unresolvable gpumem bundle:\n" + broken.output());
    }

    /** Bundle states by id as the report application wrote them (null when it wrote nothing), its exit code and log. */
    private record Report(Map<String, String> states, int exitCode, String output) {
    }

    private static Report report(Path installation, Path launcher, Path work, String name) throws Exception {
        Path file = work.resolve(name + ".txt");
        Result run = run(installation, work.resolve(name + ".log"), "java", "-jar", launcher.toString(), "-nosplash",
                "-clean", "-consoleLog", "-application", REPORT_APPLICATION, "-report", file.toString());
        if (!Files.isRegularFile(file)) {
            return new Report(null, run.exitCode, run.output);
        }
        Map<String, String> states = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] parts = line.split(" ", 4);
            states.put(parts[0], parts[2] + (parts.length > 3 ? " " + parts[3] : ""));
        }
        return new Report(states, run.exitCode, run.output);
    }

    /**
     * Adds a bundle to the installation the way p2 lists the bundles it installed: the jar under
     * plugins/ and a line in the simple configurator's bundles.info, which the product reads when
     * it starts.
     */
    private static void addBundle(Path installation, Path jar) throws IOException {
        assertTrue(Files.isRegularFile(jar), "bundle not built: " + jar);
        Attributes manifest;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest().getMainAttributes();
        }
        String id = manifest.getValue("Bundle-SymbolicName").replaceFirst(";.*", "").trim();
        String version = manifest.getValue("Bundle-Version").trim();
        String fileName = id + "_" + version + ".jar";
        Files.copy(jar, installation.resolve("plugins").resolve(fileName), StandardCopyOption.REPLACE_EXISTING);
        Path bundlesInfo = installation.resolve("configuration/org.eclipse.equinox.simpleconfigurator/bundles.info");
        assertTrue(Files.isRegularFile(bundlesInfo), "no bundles.info in " + installation);
        Files.writeString(bundlesInfo, id + "," + version + ",plugins/" + fileName + ",4,false\n", StandardOpenOption.APPEND);
    }

    /** A gpumem-named bundle that imports a package nobody exports, so it can never resolve. */
    private static Path unresolvableBundle(Path work) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", BROKEN_BUNDLE);
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Import-Package", "org.gpumem.installtest.nowhere;version=\"[1.0.0,2.0.0)\"");
        Path jar = work.resolve(BROKEN_BUNDLE + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        return jar;
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
