package org.gpumem.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The checkout's modules as their manifests and sources say, for the tests of the project's
 * structure ({@link ApiBoundaryTest}, {@link PackageCycleTest}): each bundle's packages, what its
 * manifest exports and how, and which packages any Java code names.
 */
final class ProjectBundles {
    /** A package name followed by a type name (or {@code *}): how code names another package. */
    private static final Pattern PACKAGE_USE = Pattern.compile("\\b(org\\.gpumem(?:\\.[a-z][a-z0-9_]*)+)\\.[A-Z*]");
    private static final Pattern PACKAGE_DECLARATION = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    /** One clause of Export-Package. */
    record Export(String pkg, String version, boolean internal, List<String> friends) {
        /** Exported for every bundle: neither x-internal nor x-friends. */
        boolean api() {
            return !internal && friends.isEmpty();
        }
    }

    /**
     * A folder of Java code: a bundle (its manifest's exports, its sources by package), a test
     * fragment (named as its host: its code runs inside it), or a plain module (its folder's name).
     */
    record Module(String name, Path folder, boolean bundle, Map<String, Export> exports, Map<String, List<Path>> packages) {
    }

    private ProjectBundles() {
    }

    /** Every folder under bundles/, tests/ and releng/ that holds Java code, by path. */
    static List<Module> modules() {
        List<Module> modules = new ArrayList<>();
        for (String area : List.of("bundles", "tests", "releng")) {
            for (Path folder : folders(SourceTree.top().resolve(area))) {
                Map<String, List<Path>> packages = packages(folder);
                if (packages.isEmpty()) {
                    continue;
                }
                Manifest manifest = manifest(folder);
                String name = folder.getFileName().toString();
                Map<String, Export> exports = Map.of();
                boolean bundle = false;
                if (manifest != null) {
                    String host = manifest.getMainAttributes().getValue("Fragment-Host");
                    name = host != null ? host.split(";")[0].trim()
                            : manifest.getMainAttributes().getValue("Bundle-SymbolicName").split(";")[0].trim();
                    bundle = host == null && area.equals("bundles");
                    exports = exports(manifest.getMainAttributes().getValue("Export-Package"));
                }
                modules.add(new Module(name, folder, bundle, exports, packages));
            }
        }
        return modules;
    }

    /** The bundles among {@link #modules()}: what bundles/ holds with a manifest and sources. */
    static List<Module> bundles() {
        return modules().stream().filter(Module::bundle).toList();
    }

    /** The packages {@code code} names with a type ({@code org.gpumem.a.b.Type} or {@code .*}), each once. */
    static Set<String> namedPackages(String code) {
        Set<String> named = new LinkedHashSet<>();
        Matcher m = PACKAGE_USE.matcher(code);
        while (m.find()) {
            named.add(m.group(1));
        }
        return named;
    }

    /** The text of a Java file with its comments, string and character literals blanked out: its code. */
    static String code(Path file) {
        String text = SourceTree.read(file);
        StringBuilder code = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
                code.append(' ');
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                i = end < 0 ? text.length() : end + 3;
                code.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < text.length() && text.charAt(j) != c) {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                code.append("\"\"");
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }

    /** The package a Java file declares, or null. */
    static String declaredPackage(String code) {
        Matcher m = PACKAGE_DECLARATION.matcher(code);
        return m.find() ? m.group(1) : null;
    }

    private static Map<String, List<Path>> packages(Path folder) {
        Map<String, List<Path>> packages = new TreeMap<>();
        for (String sources : List.of("src", "src-gen")) {
            Path root = folder.resolve(sources);
            if (!Files.isDirectory(root)) {
                continue;
            }
            for (Path f : SourceTree.javaFiles(SourceTree.top().relativize(root).toString())) {
                String pkg = declaredPackage(code(f));
                if (pkg != null) {
                    packages.computeIfAbsent(pkg, p -> new ArrayList<>()).add(f);
                }
            }
        }
        return packages;
    }

    private static Map<String, Export> exports(String header) {
        Map<String, Export> exports = new LinkedHashMap<>();
        if (header == null) {
            return exports;
        }
        // Clauses are separated by commas outside quotes: x-friends lists bundles in quotes.
        for (String clause : header.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")) {
            String[] parts = clause.trim().split(";");
            String version = null;
            boolean internal = false;
            List<String> friends = List.of();
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                if (p.startsWith("version=")) {
                    version = p.substring("version=".length()).replace("\"", "");
                } else if (p.equals("x-internal:=true")) {
                    internal = true;
                } else if (p.startsWith("x-friends:=")) {
                    friends = List.of(p.substring("x-friends:=".length()).replace("\"", "").split("\\s*,\\s*"));
                }
            }
            exports.put(parts[0].trim(), new Export(parts[0].trim(), version, internal, friends));
        }
        return exports;
    }

    private static Manifest manifest(Path folder) {
        Path file = folder.resolve("META-INF/MANIFEST.MF");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return new Manifest(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> folders(Path area) {
        try (Stream<Path> children = Files.list(area)) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
